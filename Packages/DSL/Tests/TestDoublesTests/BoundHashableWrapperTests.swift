import TestDoubles
import Testing

protocol KeyedBoundStore<Element> {
    associatedtype Element: Hashable
    func members() -> Set<Element>
    func insert(_ members: Set<Element>) -> Int
    func byName() -> [String: Element]
    func counts(_ counts: [Element: Int]) -> [Element: Int]
    func lookup(_ element: Element) -> Element?
}

/// The linked conformer discovery reads the signatures from (bound to `Double`, which no test binds).
struct DoubleKeyedBoundStore: KeyedBoundStore {
    func members() -> Set<Double> { [1.5] }
    func insert(_ members: Set<Double>) -> Int { members.count }
    func byName() -> [String: Double] { ["one": 1] }
    func counts(_ counts: [Double: Int]) -> [Double: Int] { counts }
    func lookup(_ element: Double) -> Double? { element }
}

/// A five-word Hashable struct: wider than the registers a direct value uses.
struct HashableFiveWords: Hashable, Sendable {
    var a, b, c, d, e: Int
}

/// A class binding hashed by identity.
final class HashableToken: Hashable, Sendable {
    static func == (lhs: HashableToken, rhs: HashableToken) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Everything a production caller does through the existential.
struct KeyedRoundTrip<T: Hashable> {
    var members: Set<T>
    var inserted: Int
    var byName: [String: T]
    var counts: [T: Int]
    var lookup: T?

    init(_ store: any KeyedBoundStore<T>, _ value: T) {
        members = store.members()
        inserted = store.insert([value])
        byName = store.byName()
        counts = store.counts([value: 1])
        lookup = store.lookup(value)
    }
}

/// Generic code that hashes `S.Element` through the conformance the stub's
/// witness table holds (its associated conformance slot), not the caller's.
func genericDistinctCount<S: KeyedBoundStore>(_ store: S, adding values: [S.Element]) -> Int {
    var seen = store.members()
    for value in values { seen.insert(value) }
    var table: [S.Element: Int] = [:]
    for value in values { table[value, default: 0] += 1 }
    return seen.count * 100 + table.count
}

/// Opens the existential for `genericDistinctCount` (Swift 6.0 opens it only where no other argument mentions `S`).
func distinctCount<T: Hashable>(_ store: some KeyedBoundStore<T>, adding values: [T]) -> Int {
    genericDistinctCount(store, adding: values)
}

@Suite struct BoundHashableWrapperTests {
    /// Configures `stub` with `values` (three distinct values) and checks every call and recorded argument.
    func check<T: Hashable>(_ stub: Stub<any KeyedBoundStore<T>>, _ values: [T]) {
        let (first, second, third) = (values[0], values[1], values[2])
        stub.when { $0.members() }.thenReturn([first, second])
        let inserts = stub.when { $0.insert(Match.any()) }.thenReturn(7)
        stub.when { $0.byName() }.thenReturn(["first": first, "second": second])
        let counts = stub.when { $0.counts(Match.equal([third: 1])) }.thenReturn([first: 2, third: 3])
        stub.when { $0.counts(Match.any()) }.thenReturn([:])
        let lookups = stub.when { $0.lookup(Match.equal(third)) }.thenReturn(nil)
        stub.when { $0.lookup(Match.any(using: first)) }.thenReturn(second)

        let trip = KeyedRoundTrip(stub(), third)
        #expect(trip.members == [first, second])
        #expect(trip.inserted == 7)
        #expect(trip.byName == ["first": first, "second": second])
        #expect(trip.counts == [first: 2, third: 3])
        #expect(trip.lookup == nil)
        #expect(KeyedRoundTrip(stub(), first).lookup == second)

        let insertArguments: [Set<T>] = inserts.arguments()
        #expect(insertArguments == [[third], [first]])
        #expect(counts.arguments() == [[third: 1]])
        #expect(lookups.arguments() == [third])
        stub.verify { $0.insert(Match.equal([first])) }
        stub.verify(.exactly(2)) { $0.members() }
        stub.verify(.never) { $0.counts(Match.equal([second: 1])) }

        // Two members plus the third value; two distinct values in the table.
        let distinct = distinctCount(stub(), adding: [third, third, first])
        #expect(distinct == 302)
    }

    @Test func setsAndDictionariesOfIntStringAndWideStruct() throws {
        check(try Stub<any KeyedBoundStore<Int>>(), [1, 2, 3])
        check(
            try Stub<any KeyedBoundStore<String>>(),
            ["one", "a string longer than the inline fifteen bytes", "three"])
        check(
            try Stub<any KeyedBoundStore<HashableFiveWords>>(),
            [
                HashableFiveWords(a: 1, b: 2, c: 3, d: 4, e: 5), HashableFiveWords(a: 6, b: 7, c: 8, d: 9, e: 10),
                HashableFiveWords(a: 11, b: 12, c: 13, d: 14, e: 15),
            ])
    }

    @Test func setsAndDictionariesOfAClass() throws {
        check(try Stub<any KeyedBoundStore<HashableToken>>(), [HashableToken(), HashableToken(), HashableToken()])
    }

    @Test func realConformerAnswersTheSameConvention() {
        let trip = KeyedRoundTrip(DoubleKeyedBoundStore() as any KeyedBoundStore<Double>, 2.5)
        #expect(trip.members == [1.5] && trip.inserted == 1 && trip.byName == ["one": 1])
        #expect(trip.counts == [2.5: 1] && trip.lookup == 2.5)
        #expect(genericDistinctCount(DoubleKeyedBoundStore(), adding: [2.5]) == 201)
    }
}
