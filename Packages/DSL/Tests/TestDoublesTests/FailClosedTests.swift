import TestDoubles
import Testing

protocol Repository {
    associatedtype Item
    func item(at index: Int) -> Item
}
struct IntRepository: Repository {
    func item(at index: Int) -> Int { index }
}

protocol Orphan {
    func value() -> Int
}

/// A generic struct of the test module: the runtime stub serves a method's
/// generic parameter inside the standard wrappers only.
/// A generic type whose parameter is constrained to a protocol the runtime stub's planning
/// stand-in does not conform to (a method's generic inside other generic types is served:
/// GenericWrapperShapeTests).
struct GenericBox<Content: Identifiable> {
    var content: Content
}

protocol Converter {
    func convert<T: Identifiable>(_ values: GenericBox<T>) -> Int
}
struct LiveConverter: Converter {
    func convert<T: Identifiable>(_ values: GenericBox<T>) -> Int { 1 }
}

/// A tuple holding a closure: the witness receives the closure in the convention of a closure
/// argument, which differs from the closure's form inside a tuple in memory. (A tuple holding an
/// element passed by address, `(any Sendable, Int)`, is served: TupleByAddressElementTests.)
protocol Pairing {
    func sum(_ pair: (() -> Int, Int)) -> Int
}
struct LivePairing: Pairing {
    func sum(_ pair: (() -> Int, Int)) -> Int { pair.0() + pair.1 }
}

protocol Spawning {
    func spawn(_ operation: @escaping @isolated(any) () async -> Void)
}
struct LiveSpawning: Spawning {
    func spawn(_ operation: @escaping @isolated(any) () async -> Void) {}
}

protocol OptionalSelfVariable {
    func adopt(_ value: inout Self?)
}
struct LiveOptionalSelfVariable: OptionalSelfVariable {
    func adopt(_ value: inout Self?) {}
}

protocol SettableSelfProperty {
    var next: Self? { get set }
}
struct LiveSettableSelfProperty: SettableSelfProperty {
    var next: Self? {
        get { nil }
        set {}
    }
}

/// A generic type of the library's own whose parameter is constrained to a protocol neither the
/// bound type nor the planning stand-in conforms to: the runtime cannot build it to check how it travels.
protocol SequencedTag {}
struct SequencedBox<Value: SequencedTag> {
    var value: Value
}
struct IntTag: SequencedTag {}
protocol Sequenced<Element> {
    associatedtype Element: SequencedTag
    func first() -> SequencedBox<Element>
}
struct IntSequenced: Sequenced {
    func first() -> SequencedBox<IntTag> { SequencedBox(value: IntTag()) }
}

@Suite struct FailClosedTests {
    @Test func notAProtocol() throws {
        let error = try #require(constructionError(of: Int.self))
        #expect(error.kind == .typeIsNotProtocol)
        #expect(error.fix.contains("Stub<any P>"))
    }

    @Test func unboundAssociatedType() throws {
        let error = try #require(constructionError(of: (any Repository).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.reason.contains("Item"))
        #expect(error.description.contains("Repository"))
    }

    @Test func constrainedExistential() throws {
        let error = try #require(constructionError(of: (any Sequenced<IntTag>).self))
        #expect(error.kind == .unsupportedProtocolShape)
        // The binding and generic types around it are served (BoundAssociatedTypeTests, BoundWrapperTests,
        // BoundStreamWrapperTests); one whose parameter the planning stand-in cannot meet is not.
        #expect(error.requirement == "first()")
        #expect(error.reason.contains("SequencedBox<Self.Element>"))
        #expect(error.reason.contains("the runtime cannot build"))
        // Named as source spells it on every runtime (the runtime's own name is
        // `any Sequenced<Self.Sequenced.Element == Swift.Int>`, 6.0.3's `<<< invalid type >>>`).
        #expect(
            error.description.contains("any TestDoublesTests.Sequenced<TestDoublesTests.IntTag>, requirement first()"))
        #expect(error.fix.contains("ManualStub"))
        // A Spy of a constrained existential fails the same way, before anything is forwarded.
        #expect(throws: StubError.self) { try Spy<any Sequenced<IntTag>>(forwardingTo: IntSequenced()) }
    }

    @Test func noSignatureSource() throws {
        let error = try #require(constructionError(of: (any Orphan).self))
        #expect(error.kind == .signatureDiscoveryFailed)
        #expect(error.reason.contains("linked conformers: none"))
        #expect(error.fix.contains("signatureOf"))
    }

    @Test func requirementLevelGenerics() throws {
        let error = try #require(constructionError(of: (any Converter).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "convert(_:)")
        #expect(error.reason.contains("generic parameter of the method"))
        #expect(error.reason.contains("GenericBox<T1>"))
        #expect(error.reason.contains("cannot be instantiated by the runtime"))
        // Never a compiler-internal name, never a fix that only the protocol's owner could apply.
        #expect(error.description.contains("τ") == false)
        #expect(error.fix.contains("associated type") == false)
    }

    @Test func tupleParameter() throws {
        let error = try #require(constructionError(of: (any Pairing).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "sum(_:)")
        #expect(error.reason.contains("tuple"))
    }

    @Test func isolatedAnyAsyncClosureType() throws {
        // Plain, @Sendable and global-actor async closures are served (AsyncClosureShapeTests).
        // An @isolated(any) one fails closed by name: its signature is read, and the bridge refuses the type
        // (before 2026-12-02 the signature was not read and the fix asked for debug information).
        let error = try #require(constructionError(of: (any Spawning).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "spawn(_:)")
        // Swift 6.3.1's runtime prints the type with its attribute, Swift 6.0.3's without it; the reason
        // names the attribute either way.
        #expect(error.reason.contains("() async -> ()"))
        #expect(error.reason.contains("an @isolated(any) closure keeps its actor in its context"))
        #expect(error.fix.contains("ManualStub"))
        // (Given explicitly, the bridge refuses it: FunctionBridgeValidationTests. Swift 6.3.1 crashes
        // compiling `signatureOf: { $0.spawn }` of this requirement, so no explicit list is tried here.)
    }

    @Test func inoutOptionalSelf() throws {
        let error = try #require(constructionError(of: (any OptionalSelfVariable).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "adopt(_:)")
        #expect(error.reason.contains("inout Self?"))
        #expect(error.description.contains("τ") == false)
    }

    @Test func modifyOfASelfProperty() throws {
        let error = try #require(constructionError(of: (any SettableSelfProperty).self))
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.requirement == "next")
        #expect(error.reason.contains("_modify"))
    }

    @Test func errorExistential() {
        let error = constructionError(of: (any Error).self)
        #expect(error?.kind == .unsupportedProtocolShape)
    }
}

@Suite struct DummyWithoutSignaturesTests {
    @Test func aProtocolWithoutConformerStillMakesADummy() {
        // No signature source describes `Orphan`: a Stub fails closed, a
        // dummy (which answers no call) is made without an issue.
        #expect(throws: StubError.self) { try Stub<any Orphan>() }
        #expect(throws: Never.self) { try Dummy<any Orphan>() }
        let issues = TestDoubleIssueReporting.capture { let _: any Orphan = Dummy.make() }
        #expect(issues.isEmpty)
    }

    #if compiler(>=6.2)
    @Test func callingItStops() async {
        await #expect(processExitsWith: .failure) {
            let orphan: any Orphan = Dummy.make()
            _ = orphan.value()
        }
    }

    @Test func callingADummyClosureStops() async {
        await #expect(processExitsWith: .failure) {
            let completion: (Receipt) -> Void = Dummy.make()
            completion(Receipt(total: 1))
        }
    }
    #endif
}
