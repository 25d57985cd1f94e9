import TestDoubles
import Testing

protocol OptionalBoundStore<Element> {
    associatedtype Element
    func find(_ key: String) -> Element?
    func store(_ element: Element?) -> Bool
    func nested() -> Element??
    func storeNested(_ element: Element??)
    func all() -> [Element]
    func replace(_ elements: [Element], keeping optional: [Element]?) -> Int
    func chunks() -> [[Element]]?
}

/// The linked conformer discovery reads the signatures from (bound to
/// `Double`, which no test binds); `realOptionalStore` checks the protocol
/// witness convention against it.
struct DoubleOptionalBoundStore: OptionalBoundStore {
    var values: [Double] = [1.5, 2.5]
    func find(_ key: String) -> Double? { key == "first" ? values.first : nil }
    func store(_ element: Double?) -> Bool { element != nil }
    func nested() -> Double?? { .some(nil) }
    func storeNested(_ element: Double??) {}
    func all() -> [Double] { values }
    func replace(_ elements: [Double], keeping optional: [Double]?) -> Int { elements.count + (optional?.count ?? 0) }
    func chunks() -> [[Double]]? { [values] }
}

protocol SettableArrayBoundStore<Element> {
    associatedtype Element
    var items: [Element] { get set }
}
struct DoubleSettableArrayBoundStore: SettableArrayBoundStore {
    var items: [Double] = []
}

/// Everything a production caller of `OptionalBoundStore` does, through the existential.
struct OptionalRoundTrip<T> {
    var found: T?
    var missing: T?
    var stored: Bool
    var nested: T??
    var all: [T]
    var replaced: Int
    var chunks: [[T]]?

    init(_ store: any OptionalBoundStore<T>, _ value: T, _ values: [T]) {
        found = store.find("first")
        missing = store.find("none")
        stored = store.store(value)
        _ = store.store(nil)
        nested = store.nested()
        store.storeNested(.some(nil))
        store.storeNested(.some(.some(value)))
        all = store.all()
        replaced = store.replace(values, keeping: nil)
        chunks = store.chunks()
    }
}

/// Reads a conformer through generic code: the witness convention with `Element` abstract.
func genericAll<S: OptionalBoundStore>(_ store: S) -> (S.Element?, [S.Element], S.Element??) {
    (store.find("first"), store.all(), store.nested())
}

@Suite struct BoundWrapperTests {
    /// Configures `stub` to answer `value` / `values` and checks every call and recorded argument.
    func checkOptionalsAndArrays<T: Equatable>(_ stub: Stub<any OptionalBoundStore<T>>, _ value: T, _ values: [T]) {
        stub.when { $0.find(Match.equal("first")) }.thenReturn(value)
        stub.when { $0.find(Match.equal("none")) }.thenReturn(nil)
        let someStores = stub.when { $0.store(Match.equal(value)) }.thenReturn(true)
        let stores = stub.when { $0.store(Match.any()) }.thenReturn(true)
        stub.when { $0.nested() }.thenReturn(.some(.some(value)))
        let nestedStores = stub.when { $0.storeNested(Match.any()) }.thenDoNothing()
        stub.when { $0.all() }.thenReturn(values)
        let replaces = stub.when { $0.replace(Match.any(), keeping: Match.any()) }.thenReturn(values.count)
        stub.when { $0.chunks() }.thenReturn([values, []])

        let trip = OptionalRoundTrip(stub(), value, values)
        #expect(trip.found == value)
        #expect(trip.missing == nil)
        #expect(trip.stored)
        #expect(trip.nested == .some(.some(value)))
        #expect(trip.all == values)
        #expect(trip.replaced == values.count)
        #expect(trip.chunks == [values, []])

        #expect(someStores.arguments() == [value])
        let storedValues: [T?] = stores.arguments()
        #expect(storedValues == [value, nil])
        someStores.verify(.once)
        let nestedArguments: [T??] = nestedStores.arguments()
        #expect(nestedArguments == [.some(nil), .some(.some(value))])
        let replaceArguments: [([T], [T]?)] = replaces.arguments()
        #expect(replaceArguments.map(\.0) == [values])
        #expect(replaceArguments.map(\.1) == [nil])
        stub.verify { $0.store(nil) }
        stub.verify { $0.storeNested(.some(.some(value))) }
        stub.verify(.never) { $0.replace(Match.equal([]), keeping: Match.any()) }
        stub.verify { $0.replace(Match.equal(values), keeping: Match.equal(nil)) }

        let generic = genericAll(stub())
        #expect(generic.0 == value)
        #expect(generic.1 == values)
        #expect(generic.2 == .some(.some(value)))
    }

    @Test func optionalsAndArraysOfIntStringAndWideStruct() throws {
        checkOptionalsAndArrays(try Stub<any OptionalBoundStore<Int>>(), 42, [1, 2, 3])
        checkOptionalsAndArrays(
            try Stub<any OptionalBoundStore<String>>(), "a string longer than the inline fifteen bytes",
            ["x", "another string longer than fifteen bytes"])
        checkOptionalsAndArrays(
            try Stub<any OptionalBoundStore<FiveWords>>(), FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5),
            [FiveWords(a: 6, b: 7, c: 8, d: 9, e: 10), FiveWords(a: 11, b: 12, c: 13, d: 14, e: 15)])
    }

    @Test func optionalsAndArraysOfAClass() throws {
        final class Token: Sendable {}
        let token = Token()
        let other = Token()
        let stub = try Stub<any OptionalBoundStore<Token>>()
        stub.when { $0.find(Match.any()) }.thenReturn(token)
        let stores = stub.when { $0.store(Match.any()) }.thenReturn(false)
        stub.when { $0.nested() }.thenReturn(.some(nil))
        let nestedStores = stub.when { $0.storeNested(Match.any()) }.thenDoNothing()
        stub.when { $0.all() }.thenReturn([token, other])
        stub.when { $0.replace(Match.any(), keeping: Match.any()) }.thenReturn(2)
        stub.when { $0.chunks() }.thenReturn(nil)
        for _ in 0..<3 {
            let trip = OptionalRoundTrip(stub(), other, [other, token])
            #expect(trip.found === token && trip.missing === token)
            #expect(!trip.stored)
            #expect(trip.nested.map { $0 == nil } == true)
            #expect(trip.all.count == 2 && trip.all[0] === token && trip.all[1] === other)
            #expect(trip.replaced == 2)
            #expect(trip.chunks == nil)
        }
        let stored: [Token?] = stores.arguments()
        #expect(stored.count == 6)
        #expect(stored.enumerated().allSatisfy { $0.offset % 2 == 0 ? $0.element === other : $0.element == nil })
        let nested: [Token??] = nestedStores.arguments()
        #expect(nested.count == 6)
        #expect(nested.enumerated().allSatisfy { $0.offset % 2 == 0 ? $0.element! == nil : $0.element!! === other })
    }

    @Test func realConformerAnswersTheSameConvention() {
        let real = DoubleOptionalBoundStore()
        let existential: any OptionalBoundStore<Double> = real
        let trip = OptionalRoundTrip(existential, 3.5, [4.5])
        #expect(trip.found == 1.5 && trip.missing == nil && trip.stored)
        #expect(trip.nested == .some(nil))
        #expect(trip.all == [1.5, 2.5] && trip.replaced == 1 && trip.chunks == [[1.5, 2.5]])
    }

    @Test func settableArrayPropertyGetsSetsAndModifies() throws {
        let stub = try Stub<any SettableArrayBoundStore<String>>()
        stub.when { $0.items }.thenReturn(["first", "a string longer than the inline fifteen bytes"])
        let sets = stub.whenSet { $0.items = Match.any() }
        sets.thenDoNothing()
        var store: any SettableArrayBoundStore<String> = stub()
        #expect(store.items == ["first", "a string longer than the inline fifteen bytes"])
        store.items = ["set"]
        // Through _modify: the getter's answer, appended to, reaches the setter.
        store.items.append("appended")
        #expect(sets.arguments() == [["set"], ["first", "a string longer than the inline fifteen bytes", "appended"]])
        stub.verify(.exactly(2)) { $0.items }
        stub.verifySet(.once) { $0.items = Match.equal(["set"]) }
    }

    @Test func unservedWrappersFailClosedNamingTheType() {
        #expect {
            _ = try Stub<any UnservedWrapperStore<Int>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            #if compiler(>=6.3)
            // Swift 6.0.3's runtime names a constrained existential `<<< invalid type >>>`.
            guard error.description.contains("UnservedWrapperStore") else { return false }
            #endif
            return error.kind == .unsupportedProtocolShape && error.requirement == "pairs()"
                && error.reason.contains("(Self.Element, Swift.Int)")
        }
        #expect {
            _ = try Stub<any InoutWrapperStore<Int>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.reason.contains("inout")
        }
    }
}

protocol UnservedWrapperStore<Element> {
    associatedtype Element
    func pairs() -> [(Element, Int)]
}
struct DoubleUnservedWrapperStore: UnservedWrapperStore {
    func pairs() -> [(Double, Int)] { [] }
}

protocol InoutWrapperStore<Element> {
    associatedtype Element
    func fill(_ elements: inout [Element])
}
struct DoubleInoutWrapperStore: InoutWrapperStore {
    func fill(_ elements: inout [Double]) {}
}
