import Foundation
import TestDoubles
import Testing

// A persistence layer over Codable models: the value shapes an app's model
// layer is made of (UUID, Date, Decimal, optionals, arrays, nested enums
// with payloads), as arguments, results, `Result` values and typed errors.

enum RCRole: Codable, Sendable, Hashable {
    case guest
    case member(since: Date)
    case admin(permissions: [String], level: Int)
}

struct RCAddress: Codable, Sendable, Hashable {
    var street: String
    var city: String
    var postcode: String?
}

struct RCUser: Codable, Sendable, Hashable, Identifiable {
    var id: UUID
    var name: String
    var age: Int
    var createdAt: Date
    var balance: Decimal
    var nickname: String?
    var tags: [String]
    var role: RCRole
    var address: RCAddress?
}

enum RCRepositoryError: Error, Equatable, Codable {
    case notFound(UUID)
    case conflict(expectedVersion: Int, actual: Int)
    case offline
}

struct RCPage<Item: Sendable & Equatable>: Sendable, Equatable {
    var items: [Item]
    var nextCursor: String?
    var total: Int
}

protocol RCUserRepository: Sendable {
    func user(id: UUID) async throws -> RCUser?
    func save(_ user: RCUser) throws
    func all() -> [RCUser]
    func search(_ query: String, limit: Int) -> Result<[RCUser], RCRepositoryError>
    func delete(id: UUID) throws(RCRepositoryError)
    func page(after cursor: String?, size: Int) async -> RCPage<RCUser>
    func roles(of ids: Set<UUID>) -> [UUID: RCRole]
}

struct RCLiveUserRepository: RCUserRepository {
    static let ada = RCUser(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000000AD")!, name: "Ada", age: 36,
        createdAt: Date(timeIntervalSince1970: 1_000), balance: Decimal(string: "12.34")!, nickname: nil,
        tags: ["live"], role: .guest, address: nil)
    func user(id: UUID) async throws -> RCUser? { id == Self.ada.id ? Self.ada : nil }
    func save(_ user: RCUser) throws {}
    func all() -> [RCUser] { [Self.ada] }
    func search(_ query: String, limit: Int) -> Result<[RCUser], RCRepositoryError> {
        query.isEmpty ? .failure(.offline) : .success(Array([Self.ada].prefix(limit)))
    }
    func delete(id: UUID) throws(RCRepositoryError) { if id != Self.ada.id { throw .notFound(id) } }
    func page(after cursor: String?, size: Int) async -> RCPage<RCUser> {
        RCPage(items: [Self.ada], nextCursor: cursor.map { $0 + "+" }, total: size)
    }
    func roles(of ids: Set<UUID>) -> [UUID: RCRole] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, RCRole.guest) })
    }
}

@Suite struct RealCodeCodableRepositoryTests {
    static let grace = RCUser(
        id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, name: "Grace Hopper", age: 85,
        createdAt: Date(timeIntervalSinceReferenceDate: 123_456_789.25), balance: Decimal(string: "1024.50")!,
        nickname: "Amazing Grace", tags: ["navy", "cobol", "compilers"],
        role: .admin(permissions: ["deploy", "audit"], level: 3),
        address: RCAddress(street: "1 Yale Ave", city: "New Haven", postcode: nil))
    static let linus = RCUser(
        id: UUID(uuidString: "A1B2C3D4-0000-1111-2222-333344445555")!, name: "Linus", age: 54,
        createdAt: Date(timeIntervalSince1970: 0), balance: Decimal(-7), nickname: nil, tags: [],
        role: .member(since: Date(timeIntervalSince1970: 86_400)), address: nil)

    @MainActor @Test func anAsyncLookupAnswersTheModelAndNilForOthers() async throws {
        let repository = try Stub<any RCUserRepository>()
        await repository.when { try await $0.user(id: Match.equal(Self.grace.id)) }.thenReturn(Self.grace)
        await repository.when { try await $0.user(id: Match.any()) }.thenReturn(nil)
        let users = repository()
        let found = try await users.user(id: Self.grace.id)
        #expect(found == Self.grace)
        #expect(found?.role == .admin(permissions: ["deploy", "audit"], level: 3))
        #expect(found?.balance == Decimal(string: "1024.50")!)
        #expect(try await users.user(id: Self.linus.id) == nil)
        let ids = Match.Capture<UUID>()
        await repository.verify(2...2) { try await $0.user(id: ids.capture()) }
        #expect(ids.values == [Self.grace.id, Self.linus.id])
    }

    @Test func saveRecordsTheWholeModelAndThrowsWhenConfigured() throws {
        let repository = try Stub<any RCUserRepository>()
        repository.when { try $0.save(Match.property(\.name, equalTo: "Linus")) }
            .thenThrow(RCRepositoryError.conflict(expectedVersion: 2, actual: 3))
        repository.when { try $0.save(Match.any()) }.thenDoNothing()
        let users = repository()
        try users.save(Self.grace)
        #expect(throws: RCRepositoryError.conflict(expectedVersion: 2, actual: 3)) { try users.save(Self.linus) }
        let saved: [RCUser] = repository.when { try $0.save(Match.any()) }.arguments()
        #expect(saved == [Self.grace, Self.linus])  // every call its matchers accept
        repository.verify { try $0.save(Self.linus) }
        repository.verify { try $0.save(Match.property(\.tags, equalTo: ["navy", "cobol", "compilers"])) }
        repository.verifyInOrder {
            try $0.save(Match.property(\.age, equalTo: 85))
            try $0.save(Match.property(\.age, equalTo: 54))
        }
    }

    @Test func resultsCarryTheModelsOrTheDomainError() throws {
        let repository = try Stub<any RCUserRepository>()
        repository.when { $0.search(Match.isEmpty(), limit: Match.any()) }.thenReturn(.failure(.offline))
        repository.when { $0.search(Match.any(), limit: Match.atLeast(2)) }.thenReturn(
            .success([Self.grace, Self.linus]))
        repository.when { $0.search(Match.any(), limit: Match.any()) }.then { (query: String, limit: Int) in
            .failure(.notFound(Self.grace.id))
        }
        repository.when { $0.all() }.thenReturn([Self.linus, Self.grace])
        let users = repository()
        #expect(users.search("", limit: 10) == .failure(.offline))
        #expect(users.search("gr", limit: 2) == .success([Self.grace, Self.linus]))
        #expect(users.search("gr", limit: 1) == .failure(.notFound(Self.grace.id)))
        #expect(users.all() == [Self.linus, Self.grace])
        let searches: [(String, Int)] = repository.when { $0.search(Match.any(), limit: Match.any()) }.arguments()
        #expect(searches.map(\.0) == ["", "gr", "gr"])
        #expect(searches.map(\.1) == [10, 2, 1])
    }

    @Test func typedThrowingDeleteThrowsThePayloadItWasGiven() throws {
        let repository = try Stub<any RCUserRepository>()
        repository.when { try $0.delete(id: Match.equal(Self.grace.id)) }.thenDoNothing()
        repository.when { try $0.delete(id: Match.any()) }.then { (id: UUID) throws in
            // Written `throws(RCRepositoryError)`, this closure crashes Swift 6.3.1's IRGen (SmallVector
            // overflow in the reabstraction thunk to the handler's `throws` form); see the report.
            throw RCRepositoryError.notFound(id)
        }
        let users = repository()
        try users.delete(id: Self.grace.id)
        do {
            try users.delete(id: Self.linus.id)
            Issue.record("no error")
        } catch {
            #expect(error == .notFound(Self.linus.id))
        }
    }

    @MainActor @Test func genericPageAndSetAndDictionaryShapes() async throws {
        let repository = try Stub<any RCUserRepository>()
        let page = RCPage(items: [Self.grace, Self.linus], nextCursor: "c2", total: 41)
        await repository.when { await $0.page(after: Match.isNil(), size: Match.any()) }.thenReturn(page)
        await repository.when { await $0.page(after: Match.notNil(), size: Match.any()) }
            .thenReturn(RCPage(items: [], nextCursor: nil, total: 41))
        let ids: Set<UUID> = [Self.grace.id, Self.linus.id]
        let roles: [UUID: RCRole] = [Self.grace.id: Self.grace.role, Self.linus.id: Self.linus.role]
        repository.when { $0.roles(of: Match.equal(ids)) }.thenReturn(roles)
        let users = repository()
        #expect(await users.page(after: nil, size: 20) == page)
        #expect(await users.page(after: "c2", size: 20) == RCPage(items: [], nextCursor: nil, total: 41))
        #expect(users.roles(of: ids) == roles)
        let cursors: [(String?, Int)] = await repository.when {
            await $0.page(after: Match.any(), size: Match.any())
        }.arguments()
        #expect(cursors.map(\.0) == [nil, "c2"])
        #expect(cursors.map(\.1) == [20, 20])
    }

    @MainActor @Test func aSpyForwardsEveryShapeToTheRealRepository() async throws {
        let spy = try Spy<any RCUserRepository>(forwardingTo: RCLiveUserRepository())
        let users = spy()
        let ada = RCLiveUserRepository.ada
        #expect(try await users.user(id: ada.id) == ada)
        #expect(try await users.user(id: Self.grace.id) == nil)
        #expect(users.all() == [ada])
        #expect(users.search("a", limit: 3) == .success([ada]))
        #expect(users.search("", limit: 3) == .failure(.offline))
        #expect(throws: RCRepositoryError.notFound(Self.linus.id)) { try users.delete(id: Self.linus.id) }
        #expect(await users.page(after: "x", size: 5) == RCPage(items: [ada], nextCursor: "x+", total: 5))
        #expect(users.roles(of: [Self.grace.id]) == [Self.grace.id: .guest])
        spy.when { $0.all() }.thenReturn([Self.grace])
        #expect(users.all() == [Self.grace])
        spy.verify(2...2) { $0.all() }
        spy.verify { try $0.delete(id: Self.linus.id) }
    }

    @Test func unstubbedCallsAnswerAnEmptyValueAndReportTheCall() throws {
        let repository = try Stub<any RCUserRepository>()
        let users = repository()
        var all: [RCUser] = [Self.grace]
        let issues = TestDoubleIssueReporting.capture { all = users.all() }
        #expect(all.isEmpty)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
        #expect(issues.first?.message.contains("all()") == true)
    }
}
