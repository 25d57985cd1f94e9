import TestDoubles
import Testing

/// A member type of a bound associated type (`Entity.ID` of a
/// `Repository<Entity>` whose `Entity: Identifiable`), as app repositories
/// write them: resolved through the bound type's own conformance.
@Suite struct BoundMemberTypeTests {
    @Test func anIntIdentifierCrossesAsArgumentAndInResults() async throws {
        let stub = try Stub<any EntityRepository<Article>>()
        await stub.when { try await $0.find(Match.equal(7)) }.thenReturn(Article(id: 7, title: "seven"))
        await stub.when { try await $0.find(Match.any()) }.thenReturn(nil)
        stub.when { $0.identifiers() }.thenReturn([3, 1, 2])
        stub.when { $0.remove(Match.any()) }.then { (id: Int) in id * 10 }
        let repository = stub()
        #expect(try await repository.find(7) == Article(id: 7, title: "seven"))
        #expect(try await repository.find(8) == nil)
        #expect(repository.identifiers() == [3, 1, 2])
        #expect(repository.remove(4) == 40)
        await stub.verify(2...2) { try await $0.find(Match.any()) }
    }

    @Test func aStringIdentifierCrossesExactly() async throws {
        let stub = try Stub<any EntityRepository<Tag>>()
        stub.when { $0.remove(Match.hasPrefix("swift")) }.then { (id: String) in id.count }
        stub.when { $0.identifiers() }.thenReturn(["a long identifier that is not a small string", "b"])
        #expect(stub().remove("swift-testing-and-more-than-fifteen-bytes") == 41)
        #expect(stub().identifiers() == ["a long identifier that is not a small string", "b"])
        let removed: [String] = stub.when { $0.remove(Match.any()) }.arguments()
        #expect(removed == ["swift-testing-and-more-than-fifteen-bytes"])
    }
}

struct Article: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
}

struct Tag: Identifiable, Equatable, Sendable {
    var id: String
}

protocol EntityRepository<Entity> {
    associatedtype Entity: Identifiable & Sendable
    func find(_ id: Entity.ID) async throws -> Entity?
    func identifiers() -> [Entity.ID]
    func remove(_ id: Entity.ID) -> Int
}

struct ArticleRepository: EntityRepository {
    func find(_ id: Int) async throws -> Article? { nil }
    func identifiers() -> [Int] { [] }
    func remove(_ id: Int) -> Int { 0 }
}
