import TestDoubles
import Testing

protocol DedupingStore {
    func uniqueCount<C: Collection>(_ items: C, limit: Int) -> Int where C.Element: Hashable
    func tag<C: Sequence>(_ items: C, prefix: String) throws -> String where C.Element: CustomStringConvertible
    func merge<K: Collection, V: Collection>(_ keys: K, _ values: V, seed: Int) async -> Int
    where K.Element: Hashable, V.Element: Comparable & Sendable
}

private struct RealDedupingStore: DedupingStore {
    func uniqueCount<C: Collection>(_ items: C, limit: Int) -> Int where C.Element: Hashable {
        min(Set(items).count, limit)
    }
    func tag<C: Sequence>(_ items: C, prefix: String) throws -> String where C.Element: CustomStringConvertible {
        prefix + items.map(\.description).joined()
    }
    func merge<K: Collection, V: Collection>(_ keys: K, _ values: V, seed: Int) async -> Int
    where K.Element: Hashable, V.Element: Comparable & Sendable {
        seed + Set(keys).count * 10 + (values.max() == values.first ? 1 : 2)
    }
}

/// A requirement whose generic parameters' associated types conform to
/// protocols (`where C.Element: Hashable`): the caller passes one more
/// witness table per such conformance after the parameters' own, and every
/// word after them (the `Self` words, stack arguments) moves by as many.
@Suite struct AssociatedConformanceGenericTests {
    @Test func aStubReadsTheArgumentsAfterTheExtraWitnessTables() async throws {
        let stub = try Stub<any DedupingStore>()
        stub.when { $0.uniqueCount(Match.any() as [Int], limit: Match.any()) }
            .then { (items: [Int], limit: Int) in items.count * 100 + limit }
        stub.when { try $0.tag(Match.any() as [Int], prefix: Match.any()) }
            .then { (items: [Int], prefix: String) in prefix + items.map(String.init).joined(separator: ",") }
        await stub.when { await $0.merge(Match.any() as Set<String>, Match.any() as [Double], seed: Match.any()) }
            .then { (keys: Set<String>, values: [Double], seed: Int) in seed + keys.count + values.count }
        let store = stub()
        #expect(store.uniqueCount([1, 2, 2], limit: 21) == 321)
        #expect(try store.tag([4, 5], prefix: "a prefix longer than fifteen-") == "a prefix longer than fifteen-4,5")
        #expect(await store.merge(Set(["a", "b"]), [1.5, 2.5, 3.5], seed: 1000) == 1005)
    }

    @Test func aSpyForwardsTheExtraWitnessTablesToTheRealWitness() async throws {
        let spy = try Spy<any DedupingStore>(forwardingTo: RealDedupingStore())
        let store = spy()
        #expect(store.uniqueCount([1, 2, 2, 3], limit: 9) == 3)
        #expect(try store.tag([1, 2], prefix: "p-") == "p-12")
        #expect(await store.merge(["x", "y", "x"], [3, 1, 2], seed: 7) == 7 + 20 + 1)
        spy.verify(.exactly(1)) { $0.uniqueCount(Match.any() as [Int], limit: Match.equal(9)) }
    }
}
