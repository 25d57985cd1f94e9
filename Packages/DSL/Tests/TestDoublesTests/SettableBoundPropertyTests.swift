import TestDoubles
import Testing

protocol SettableBoundStore<Element> {
    associatedtype Element
    var current: Element { get set }
}

/// The linked conformer discovery reads the signatures from; it binds
/// `Element` to a type no test binds, so a signature read as its concrete
/// type instead of `Self.Element` would show.
struct DoubleSettableBoundStore: SettableBoundStore {
    var current = 0.5
}

protocol SettableOptionalBoundStore<Element> {
    associatedtype Element
    var current: Element? { get set }
}
struct DoubleSettableOptionalBoundStore: SettableOptionalBoundStore {
    var current: Double?
}

/// Two primary associated types, the second one settable (the lab's c3460 shape).
protocol SettableKeyedStore<Key, Value> {
    associatedtype Key
    associatedtype Value
    func key(at index: Int) -> Key
    var value: Value { get set }
}
struct DoubleSettableKeyedStore: SettableKeyedStore {
    func key(at index: Int) -> Double { Double(index) }
    var value = 0.5
}

@Suite struct SettableBoundPropertyTests {
    @Test func boundPropertyGetsSetsAndModifies() throws {
        let stub = try Stub<any SettableBoundStore<Int>>()
        stub.when { $0.current }.thenReturn(40)
        let sets = stub.whenSet { $0.current = Match.any() }
        sets.thenDoNothing()
        var store: any SettableBoundStore<Int> = stub()
        #expect(store.current == 40)
        store.current = 7
        // Through _modify: the getter's answer, incremented in place, reaches the setter.
        store.current += 2
        #expect(sets.arguments() == [7, 42])
        stub.verify(.exactly(2)) { $0.current }
        stub.verifySet(.once) { $0.current = Match.equal(42) }
    }

    @Test func secondPrimaryTypeModifiesAStringInPlace() throws {
        let stub = try Stub<any SettableKeyedStore<Int, String>>()
        stub.when { $0.key(at: Match.any()) }.thenReturn(9)
        stub.when { $0.value }.thenReturn("a string longer than the inline fifteen bytes")
        let sets = stub.whenSet { $0.value = Match.any() }
        sets.thenDoNothing()
        var store: any SettableKeyedStore<Int, String> = stub()
        #expect(store.key(at: 1) == 9)
        store.value += ", appended in place"
        store.value = "short"
        #expect(sets.arguments() == ["a string longer than the inline fifteen bytes, appended in place", "short"])
        stub.verifySet(.exactly(2)) { $0.value = Match.any() }
        stub.verify(.once) { $0.value }
    }

    @Test func optionalOfTheBoundTypeModifiesInPlace() throws {
        let stub = try Stub<any SettableOptionalBoundStore<Int>>()
        stub.when { $0.current }.thenReturn(nil, 5)
        let sets = stub.whenSet { $0.current = Match.any() }
        sets.thenDoNothing()
        func bump(_ value: inout Int?) { value = (value ?? 0) + 1 }
        var store: any SettableOptionalBoundStore<Int> = stub()
        // An inout argument goes through _modify: nil becomes 1, then 5 becomes 6.
        bump(&store.current)
        bump(&store.current)
        #expect(sets.arguments() == [1, 6])
    }

    @Test func aSetterAskedToStopInsideAModifyIsReportedAndTheAccessEnds() throws {
        let stub = try Stub<any SettableBoundStore<Int>>()
        stub.when { $0.current }.thenReturn(1)
        let line = #line + 1
        stub.whenSet { $0.current = Match.any() }.thenFatalError("the counter is read-only here")
        var store: any SettableBoundStore<Int> = stub()
        let issues = TestDoubleIssueReporting.capture { store.current += 1 }
        #expect(issues.map(\.location?.line) == [line])
        #expect(try #require(issues.first).message.contains("the counter is read-only here"))
        // The access ended normally: the next one is served and recorded.
        #expect(store.current == 1)
        stub.verifySet(.once) { $0.current = Match.equal(2) }
    }

    @Test func settableWrappersOutsideTheServedOnesFailClosedByName() {
        // A function, a metatype or a tuple of the bound type: the forms whose generic and concrete bytes
        // differ. The binding rules refuse the metatype and the tuple first; a closure of the bound type is
        // served by its getter and setter, and its `_modify` refuses it; each names the requirement.
        let attempts: [(requirement: String, reason: String, make: () throws -> Void)] = [
            ("transform", "cannot convert in place", { _ = try Stub<any SettableBoundTransform<Int>>() }),
            (
                "kind", "holds Element in a tuple, an existential or a metatype",
                { _ = try Stub<any SettableBoundKind<Int>>() }
            ),
            (
                "pair", "holds Element in a tuple, an existential or a metatype",
                { _ = try Stub<any SettableBoundPair<Int>>() }
            ),
        ]
        for attempt in attempts {
            #expect {
                try attempt.make()
            } throws: { error in
                guard let error = error as? StubError else { return false }
                return error.kind == .unsupportedProtocolShape && error.requirement == attempt.requirement
                    && error.reason.contains(attempt.reason) && error.fix.contains("ManualStub")
            }
        }
    }

    @Test func aSettableGenericSubscriptOfAWrappedParameterFailsClosed() {
        #expect {
            _ = try Stub<any SettableGenericLookup>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.requirement == "subscript(_:)"
                && error.reason.contains("_modify yields a wrapper of the requirement's own generic parameter")
        }
    }

    @Test func boundTypesThatAreNotStructsEnumsOrClassesFailClosed() {
        #expect {
            _ = try Stub<any SettableBoundStore<Int.Type>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.reason.contains("serves struct, enum and class")
        }
        #expect {
            _ = try Stub<any SettableBoundStore<@Sendable () -> Int>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.reason.contains("serves struct, enum and class")
        }
    }
}

protocol SettableBoundTransform<Element> {
    associatedtype Element
    var transform: (Element) -> Element { get set }
}
struct DoubleSettableBoundTransform: SettableBoundTransform { var transform: (Double) -> Double = { $0 } }
protocol SettableBoundKind<Element> {
    associatedtype Element
    var kind: Element.Type { get set }
}
struct DoubleSettableBoundKind: SettableBoundKind { var kind = Double.self }
protocol SettableBoundPair<Element> {
    associatedtype Element
    var pair: (Element, Int) { get set }
}
struct DoubleSettableBoundPair: SettableBoundPair { var pair = (0.5, 1) }

/// A method-level generic inside `Optional`, settable: its `_modify` would yield storage of the caller's `T?`.
protocol SettableGenericLookup {
    subscript<T>(_ key: String) -> T? { get set }
}
struct LiveSettableGenericLookup: SettableGenericLookup {
    subscript<T>(_ key: String) -> T? {
        get { nil }
        set {}
    }
}
