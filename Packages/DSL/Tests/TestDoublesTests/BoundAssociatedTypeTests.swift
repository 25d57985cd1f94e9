import TestDoubles
import Testing

protocol BoundStore<Element> {
    associatedtype Element
    func put(_ element: Element)
    func get() -> Element
    var first: Element { get }
    func count(of element: Element, limit: Int) -> Int
    var name: String { get }
}

/// The linked conformer discovery reads signatures from; it binds `Element`
/// to neither of the tests' bindings, so a signature read as its concrete
/// type instead of `Self.Element` would show.
struct DoubleBoundStore: BoundStore {
    func put(_ element: Double) {}
    func get() -> Double { 0 }
    var first: Double { 0 }
    func count(of element: Double, limit: Int) -> Int { 0 }
    var name: String { "doubles" }
}

protocol EquatableBoundStore<Element> {
    associatedtype Element: Equatable
    func get() -> Element
}
struct IntEquatableBoundStore: EquatableBoundStore {
    func get() -> Int { 0 }
}

protocol SendableBoundStore<Element> {
    associatedtype Element: Sendable
    func get() -> Element
}
struct IntSendableBoundStore: SendableBoundStore {
    func get() -> Int { 0 }
}

protocol ObjectBoundStore<Element> {
    associatedtype Element: AnyObject
    func get() -> Element
}
final class ObjectBoundValue {}
struct ObjectBoundStoreOfValues: ObjectBoundStore {
    func get() -> ObjectBoundValue { ObjectBoundValue() }
}

protocol PairStore<Key, Value> {
    associatedtype Key
    associatedtype Value
    func value(for key: Key) -> Value
}
struct IntPairStore: PairStore {
    func value(for key: Int) -> Int { key }
}

protocol BoundSource<Output>: AnyObject {
    associatedtype Output
    func next() async -> Output
    static func make(_ seed: Output) -> Output
}
final class IntBoundSource: BoundSource {
    func next() async -> Int { 0 }
    static func make(_ seed: Int) -> Int { seed }
}

/// Reads `store` through the existential, as production code would.
func roundTrip<T>(_ store: any BoundStore<T>, _ value: T) -> (T, T, Int) {
    store.put(value)
    return (store.get(), store.first, store.count(of: value, limit: 3))
}

@Suite struct BoundAssociatedTypeTests {
    @Test func intAndStringBindingsOfOneProtocol() throws {
        let integers = try Stub<any BoundStore<Int>>()
        let strings = try Stub<any BoundStore<String>>()
        let intGets = integers.when { $0.get() }.thenReturn(42)
        integers.when { $0.first }.thenReturn(7)
        let intPuts = integers.when { $0.put(Match.any()) }.thenDoNothing()
        integers.when { $0.count(of: Match.any(), limit: Match.any()) }.thenReturn(3)
        strings.when { $0.get() }.thenReturn("a string longer than the inline fifteen bytes")
        strings.when { $0.first }.thenReturn("first")
        let stringPuts = strings.when { $0.put(Match.any()) }.thenDoNothing()
        let counts = strings.when { $0.count(of: Match.equal("needle"), limit: Match.any()) }.thenReturn(9)

        let intResult = roundTrip(integers(), 5)
        #expect(intResult.0 == 42)
        #expect(intResult.1 == 7)
        #expect(intResult.2 == 3)
        let stringResult = roundTrip(strings(), "needle")
        #expect(stringResult.0 == "a string longer than the inline fifteen bytes")
        #expect(stringResult.1 == "first")
        #expect(stringResult.2 == 9)

        #expect(intPuts.arguments() == [5])
        #expect(stringPuts.arguments() == ["needle"])
        // Messages name the double as source spells the existential (on every runtime).
        #expect(integers.describeInteractions().hasPrefix("Stub<any TestDoublesTests.BoundStore<Swift.Int>>: "))
        let countArguments: [(String, Int)] = counts.arguments()
        #expect(countArguments.map(\.0) == ["needle"])
        #expect(countArguments.map(\.1) == [3])
        intGets.verify()
        stringPuts.verify()
        integers.verify { $0.put(5) }
        strings.verify(.never) { $0.put("other") }
    }

    @Test func classAndWideStructBindings() throws {
        final class Token: Sendable {}
        let token = Token()
        let tokens = try Stub<any BoundStore<Token>>()
        // A class result needs a placeholder while recording, as for any class-typed requirement.
        tokens.when(returning: token) { $0.get() }.thenReturn(token)
        tokens.when(returning: token) { $0.first }.thenReturn(token)
        tokens.when { $0.count(of: Match.any(using: token), limit: Match.any()) }.thenReturn(1)
        let puts = tokens.when { $0.put(Match.any(using: token)) }.thenDoNothing()
        for _ in 0..<3 {
            let result = roundTrip(tokens(), token)
            #expect(result.0 === token && result.1 === token && result.2 == 1)
        }
        let putTokens: [Token] = puts.arguments()
        #expect(putTokens.count == 3)
        #expect(putTokens.allSatisfy { $0 === token })

        let wide = FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)
        let fives = try Stub<any BoundStore<FiveWords>>()
        fives.when { $0.get() }.thenReturn(wide)
        fives.when { $0.first }.thenReturn(FiveWords(a: 6, b: 7, c: 8, d: 9, e: 10))
        fives.when { $0.count(of: Match.any(), limit: Match.any()) }.thenReturn(2)
        let widePuts = fives.when { $0.put(Match.any()) }.thenDoNothing()
        let result = roundTrip(fives(), FiveWords(a: 11, b: 12, c: 13, d: 14, e: 15))
        #expect(result.0 == wide)
        #expect(result.1 == FiveWords(a: 6, b: 7, c: 8, d: 9, e: 10))
        #expect(result.2 == 2)
        #expect(widePuts.arguments() == [FiveWords(a: 11, b: 12, c: 13, d: 14, e: 15)])
    }

    @Test func ordinaryRequirementsBesideTheBoundOnes() throws {
        let stub = try Stub<any BoundStore<String>>()
        stub.when { $0.name }.thenReturn("stubbed")
        let store: any BoundStore<String> = stub()
        #expect(store.name == "stubbed")
        stub.when { $0.get() }.thenReturn("x")
        #expect(store.get() == "x")
        #expect(stub.recorder.invocations.count == 2)
    }

    @Test func associatedTypeWitnessIsTheBinding() throws {
        func element<S: BoundStore>(of store: S) -> Any.Type { S.Element.self }
        func open(_ store: any BoundStore<Int>) -> Any.Type { element(of: store) }
        func open(_ store: any BoundStore<String>) -> Any.Type { element(of: store) }
        // Compared outside #expect: Swift 6.0's macro cannot type `try` inside an `Any.Type` comparison.
        let intElement = ObjectIdentifier(open(try Stub<any BoundStore<Int>>()()))
        let stringElement = ObjectIdentifier(open(try Stub<any BoundStore<String>>()()))
        #expect(intElement == ObjectIdentifier(Int.self))
        #expect(stringElement == ObjectIdentifier(String.self))
    }

    @Test func classBoundAsyncAndStaticRequirements() async throws {
        let stub = try Stub<any BoundSource<String>>()
        await stub.when { await $0.next() }.thenReturn("next value, longer than sixteen bytes")
        let makes = stub.when { type(of: $0).make(Match.any()) }.thenReturn("made")
        let source: any BoundSource<String> = stub()
        #expect(await source.next() == "next value, longer than sixteen bytes")
        #expect(type(of: source).make("seed") == "made")
        #expect(makes.arguments() == ["seed"])
    }

    @Test func spyOfABoundExistentialForwardsEveryRequirement() throws {
        final class Real: BoundStore, @unchecked Sendable {
            var stored: [String] = []
            func put(_ element: String) { stored.append(element) }
            func get() -> String { stored.last ?? "empty" }
            var first: String { stored.first ?? "none" }
            func count(of element: String, limit: Int) -> Int { min(stored.filter { $0 == element }.count, limit) }
            var name: String { "real store of \(stored.count)" }
        }
        let real = Real()
        let spy = try Spy<any BoundStore<String>>(forwardingTo: real)
        let store: any BoundStore<String> = spy()
        // Strings longer than the inline 15 bytes cross by address and keep their storage.
        store.put("a value longer than fifteen bytes")
        store.put("second")
        store.put("a value longer than fifteen bytes")
        #expect(real.stored == ["a value longer than fifteen bytes", "second", "a value longer than fifteen bytes"])
        #expect(store.get() == "a value longer than fifteen bytes")
        #expect(store.first == "a value longer than fifteen bytes")
        #expect(store.count(of: "a value longer than fifteen bytes", limit: 9) == 2)
        #expect(store.count(of: "a value longer than fifteen bytes", limit: 1) == 1)
        #expect(store.name == "real store of 3")
        // Recorded as it crossed, and a configured answer wins over forwarding.
        spy.verify(.exactly(3)) { $0.put(Match.any()) }
        let puts = spy.when { $0.put(Match.any()) }
        #expect(
            puts.arguments() == ["a value longer than fifteen bytes", "second", "a value longer than fifteen bytes"])
        spy.when { $0.get() }.thenReturn("configured")
        #expect(store.get() == "configured")
        #expect(store.first == "a value longer than fifteen bytes")
    }

    @Test func associatedConformanceIsTheBoundTypes() throws {
        /// Compares through the `Element: Equatable` conformance the stub's witness table holds.
        func contains<S: EquatableBoundStore>(_ store: S, among values: [S.Element]) -> Bool {
            values.contains(store.get())
        }
        func containsString(_ store: some EquatableBoundStore<String>, among values: [String]) -> Bool {
            contains(store, among: values)
        }
        let stub = try Stub<any EquatableBoundStore<String>>()
        stub.when { $0.get() }.thenReturn("a string longer than the inline fifteen bytes")
        // Opened outside #expect, whose expansion does not open existentials.
        let found = containsString(stub(), among: ["x", "a string longer than the inline fifteen bytes"])
        let missing = containsString(stub(), among: ["x", "a string longer than the inline fifteen"])
        #expect(found)
        #expect(!missing)
        stub.verify(.exactly(2)) { $0.get() }
    }

    @Test func markerConformanceNeedsNoSlot() throws {
        let stub = try Stub<any SendableBoundStore<Int>>()
        stub.when { $0.get() }.thenReturn(11)
        let store: any SendableBoundStore<Int> = stub()
        #expect(store.get() == 11)
    }

    @Test func layoutConstraintFailsClosed() {
        // `Element: AnyObject` makes the witness pass Element as one reference, not indirectly.
        #expect {
            _ = try Stub<any ObjectBoundStore<ObjectBoundValue>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.reason.contains("ObjectBoundStore constrains")
                && error.reason.contains("protocol conformances of Element only")
        }
    }

    @Test func twoPrimaryAssociatedTypesBoundToOneType() throws {
        let stub = try Stub<any PairStore<Int, Int>>()
        let values = stub.when { $0.value(for: Match.any()) }.thenReturn(3)
        let store: any PairStore<Int, Int> = stub()
        #expect(store.value(for: 8) == 3)
        #expect(values.arguments() == [8])
    }

    @Test func explicitRequirementsFailClosed() {
        #expect {
            _ = try Stub<any BoundStore<Int>>(.method("get()", signatureOf: { $0.get }))
        } throws: { error in
            (error as? StubError)?.reason.contains("bound associated type") == true
        }
    }
}
