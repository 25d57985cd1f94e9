import TestDoubles
import Testing

/// A primary associated type with associated conformances on a member of a standard library
/// protocol: `Tags.Element` is `Sequence`'s `Element`, mangled by its standard substitution.
protocol TagIndex<Tags> {
    associatedtype Tags: Collection where Tags.Element: Hashable
    func tags(for id: Int) -> Tags
    func store(_ tags: Tags) async throws -> Int
}

/// The linked conformer discovery reads the signatures from (bound to `[Double]`, which no test binds).
struct DoubleTagIndex: TagIndex {
    func tags(for id: Int) -> [Double] { [] }
    func store(_ tags: [Double]) async throws -> Int { tags.count }
}

/// Generic code that needs the associated conformances (`Tags.Element: Hashable`) from the witness table.
func distinctTags<Index: TagIndex>(_ index: Index, id: Int) -> (count: Int, distinct: Int) {
    let tags = index.tags(for: id)
    return (tags.count, Set(tags).count)
}

@Suite struct AssociatedCollectionConformanceTests {
    @Test func anArrayOfIntCrossesAndItsConformancesServeGenericCode() async throws {
        let stub = try Stub<any TagIndex<[Int]>>()
        stub.when { $0.tags(for: Match.any()) }.then { (id: Int) in [id, id, 7, 7, 9] }
        let stores = await stub.when { try await $0.store(Match.any()) }.then { (tags: [Int]) in tags.reduce(0, +) }
        let index: any TagIndex<[Int]> = stub()
        #expect(index.tags(for: 3) == [3, 3, 7, 7, 9])
        let counted = distinctTags(index, id: 4)
        #expect(counted.count == 5)
        #expect(counted.distinct == 3)
        #expect(try await index.store([1, 2, 3]) == 6)
        #expect(stores.arguments() == [[1, 2, 3]])
    }

    @Test func aSetOfStringsCrossesAndItsConformancesServeGenericCode() async throws {
        let stub = try Stub<any TagIndex<Set<String>>>()
        let tags: Set<String> = ["swift", "a tag longer than the inline fifteen bytes", "lab"]
        stub.when { $0.tags(for: Match.any()) }.thenReturn(tags)
        await stub.when { try await $0.store(Match.any()) }.then { (tags: Set<String>) in tags.count * 10 }
        let index: any TagIndex<Set<String>> = stub()
        #expect(index.tags(for: 1) == tags)
        let counted = distinctTags(index, id: 1)
        #expect(counted.count == 3)
        #expect(counted.distinct == 3)
        #expect(try await index.store(["x", "y"]) == 20)
    }
}

/// A member of the bound type through a base of its required protocol: `Tags.Element` is
/// `Sequence`'s `Element`, reached from `Tags: Collection`.
protocol TagLookup<Tags> {
    associatedtype Tags: Collection where Tags.Element: Hashable
    func first(of tags: Tags) -> Tags.Element?
    func keep(_ element: Tags.Element) -> Int
}
struct DoubleTagLookup: TagLookup {
    func first(of tags: [Double]) -> Double? { tags.first }
    func keep(_ element: Double) -> Int { 0 }
}

/// Generic code that receives and passes `Tags.Element` in its abstract form. The tags come as `Any`
/// so that only the first argument opens the existential (Swift 6.0.3 opens none when another
/// parameter's type depends on the opened one).
func keepFirst<Lookup: TagLookup>(_ lookup: Lookup, of tags: Any) -> Int? {
    guard let tags = tags as? Lookup.Tags else { return nil }
    return lookup.first(of: tags).map { lookup.keep($0) }
}

@Suite struct InheritedMemberOfBoundTypeTests {
    @Test func theElementOfAnArrayOfStringsCrossesBothWays() throws {
        let stub = try Stub<any TagLookup<[String]>>()
        let long = "a string longer than the inline fifteen bytes"
        stub.when { $0.first(of: Match.any()) }.then { (tags: [String]) in tags.last }
        let keeps = stub.when { $0.keep(Match.any()) }.then { (element: String) in element.count }
        let lookup: any TagLookup<[String]> = stub()
        #expect(lookup.first(of: ["x", long]) == long)
        #expect(lookup.first(of: []) == nil)
        #expect(lookup.keep("four") == 4)
        #expect(keepFirst(lookup, of: ["y", long] as [String]) == long.count)
        #expect(keeps.arguments() == ["four", long])
    }

    @Test func theElementOfASetOfIntsCrossesBothWays() throws {
        let stub = try Stub<any TagLookup<Set<Int>>>()
        stub.when { $0.first(of: Match.any()) }.thenReturn(42)
        let keeps = stub.when { $0.keep(Match.any()) }.then { (element: Int) in element * 2 }
        let lookup: any TagLookup<Set<Int>> = stub()
        #expect(lookup.first(of: [1, 2]) == 42)
        #expect(keepFirst(lookup, of: [5] as Set<Int>) == 84)
        #expect(keeps.arguments() == [42])
    }
}
