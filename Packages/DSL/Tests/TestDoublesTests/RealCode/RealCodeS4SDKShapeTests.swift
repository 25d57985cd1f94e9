import Foundation
import TestDoubles
import Testing

// Protocols shaped the way SDKs declare them, which the earlier sweeps did not
// reach: a constrained existential (`any S4Repository<S4Account>`) as a
// parameter and a result of another protocol, `some` parameters, generic
// methods with `where` clauses, `Encodable` values with an encoder, an
// `AsyncThrowingStream` of a domain value, an inheritance chain whose
// requirements have defaults in extensions, static requirements,
// initializers and `Self` results.

struct S4Account: Codable, Sendable, Equatable, Identifiable {
    var id: Int
    var handle: String
}

enum S4StoreError: Error, Equatable {
    case missing(Int)
    case readOnly
}

protocol S4Repository<Entity>: Sendable {
    associatedtype Entity: Identifiable & Sendable
    func find(_ id: Entity.ID) async throws -> Entity?
    func all() -> [Entity]
}

struct S4MemoryRepository: S4Repository {
    var accounts: [S4Account]
    func find(_ id: Int) async throws -> S4Account? { accounts.first { $0.id == id } }
    func all() -> [S4Account] { accounts }
}

protocol S4DataStack: Sendable {
    func repository(named name: String) -> any S4Repository<S4Account>
    func migrate(_ repository: any S4Repository<S4Account>, toVersion version: Int) async throws -> Int
    func count(_ accounts: some Collection<S4Account> & Sendable) -> Int
    func decode<T>(_ type: T.Type, from data: Data) throws -> T where T: Decodable
    func handles<C: Collection & Sendable>(in accounts: C) -> [String] where C.Element == S4Account
    func encode(_ value: some Encodable & Sendable, using encoder: JSONEncoder) throws -> Data
    func changes(since version: Int) -> AsyncThrowingStream<S4Account, any Error>
}

struct S4LiveDataStack: S4DataStack {
    func repository(named name: String) -> any S4Repository<S4Account> { S4MemoryRepository(accounts: []) }
    func migrate(_ repository: any S4Repository<S4Account>, toVersion version: Int) async throws -> Int {
        repository.all().count
    }
    func count(_ accounts: some Collection<S4Account> & Sendable) -> Int { accounts.count }
    func decode<T>(_ type: T.Type, from data: Data) throws -> T where T: Decodable {
        try JSONDecoder().decode(type, from: data)
    }
    func handles<C: Collection & Sendable>(in accounts: C) -> [String] where C.Element == S4Account {
        accounts.map(\.handle)
    }
    func encode(_ value: some Encodable & Sendable, using encoder: JSONEncoder) throws -> Data {
        try encoder.encode(value)
    }
    func changes(since version: Int) -> AsyncThrowingStream<S4Account, any Error> {
        AsyncThrowingStream { $0.finish() }
    }
}

/// Code under test: counts the accounts a stack's repository holds and
/// migrates that repository.
struct S4Migrator {
    let stack: any S4DataStack

    func run() async throws -> (before: Int, migrated: Int) {
        let repository = stack.repository(named: "accounts")
        let before = repository.all().count
        let migrated = try await stack.migrate(repository, toVersion: 3)
        return (before, migrated)
    }
}

@Suite struct RealCodeS4SDKShapeTests {
    let alice = S4Account(id: 1, handle: "alice")
    let bob = S4Account(id: 2, handle: "bob")

    @Test func aConstrainedExistentialTravelsAsAResultAndAnArgument() async throws {
        let stack = try Stub<any S4DataStack>()
        let repository = S4MemoryRepository(accounts: [alice, bob])
        stack.when { $0.repository(named: Match.equal("accounts")) }.thenReturn(repository)
        let migrations = await stack.when {
            try await $0.migrate(Match.any(using: repository), toVersion: Match.equal(3))
        }.then { (given: any S4Repository<S4Account>, version: Int) in
            given.all().count * 10 + version
        }

        let result = try await S4Migrator(stack: stack()).run()

        #expect(result.before == 2)
        #expect(result.migrated == 23)
        migrations.verify()
        let passed: [(any S4Repository<S4Account>, Int)] = migrations.arguments()
        #expect(passed.map { $0.0.all() } == [[alice, bob]])
        #expect(passed.map(\.1) == [3])
    }

    @Test func aStubOfTheConstrainedExistentialCanBeTheRepositoryAStackReturns() async throws {
        let repository = try Stub<any S4Repository<S4Account>>()
        await repository.when { try await $0.find(Match.equal(2)) }.thenReturn(bob)
        await repository.when { try await $0.find(Match.any()) }.thenThrow(S4StoreError.missing(0))
        repository.when { $0.all() }.thenReturn([alice])
        let stack = try Stub<any S4DataStack>()
        stack.when { $0.repository(named: Match.any()) }.thenReturn(repository())

        let found = try await stack().repository(named: "accounts").find(2)
        #expect(found == bob)
        await #expect(throws: S4StoreError.missing(0)) {
            try await stack().repository(named: "accounts").find(9)
        }
        #expect(stack().repository(named: "x").all() == [alice])
        await repository.verify(2...2) { try await $0.find(Match.any()) }
    }

    @Test func someCollectionParametersAreMatchedPerConcreteType() throws {
        let stack = try Stub<any S4DataStack>()
        let arrays = stack.when { $0.count(Match.any() as [S4Account]) }
        arrays.then { (accounts: [S4Account]) in accounts.count }
        stack.when { $0.count(Match.any() as ArraySlice<S4Account>) }.thenReturn(-1)
        let sut = stack()
        #expect(sut.count([alice, bob, alice]) == 3)
        #expect(sut.count(ArraySlice([bob, alice]).dropFirst()) == -1)
        let passed: [[S4Account]] = arrays.arguments()
        #expect(passed == [[alice, bob, alice]])
    }

    @Test func genericMethodsWithWhereClausesAnswerPerTypeArgument() throws {
        let stack = try Stub<any S4DataStack>()
        stack.when { try $0.decode(Match.equal(S4Account.self), from: Match.any()) }
            .then { (_: S4Account.Type, data: Data) in S4Account(id: data.count, handle: "decoded") }
        stack.when { try $0.decode(Match.equal([Int].self), from: Match.any()) }.thenThrow(S4StoreError.readOnly)
        stack.when { $0.handles(in: Match.any() as [S4Account]) }
            .then { (accounts: [S4Account]) in accounts.map { $0.handle.uppercased() } }

        let sut = stack()
        #expect(try sut.decode(S4Account.self, from: Data([1, 2, 3])) == S4Account(id: 3, handle: "decoded"))
        #expect(throws: S4StoreError.readOnly) { try sut.decode([Int].self, from: Data()) }
        #expect(sut.handles(in: [alice, bob]) == ["ALICE", "BOB"])
        stack.verify { try $0.decode(Match.equal(S4Account.self), from: Match.equal(Data([1, 2, 3]))) }
    }

    @Test func anEncodableValueAndItsEncoderReachTheHandler() throws {
        let stack = try Stub<any S4DataStack>()
        stack.when { try $0.encode(Match.any() as S4Account, using: Match.any()) }
            .then { (account: S4Account, encoder: JSONEncoder) in try encoder.encode(account) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]

        let data = try stack().encode(alice, using: encoder)

        #expect(String(decoding: data, as: UTF8.self) == #"{"handle":"alice","id":1}"#)
        let encoders: [(S4Account, JSONEncoder)] =
            stack.when { try $0.encode(Match.any() as S4Account, using: Match.any()) }.arguments()
        #expect(encoders.count == 1)
        #expect(encoders.first?.1 === encoder)
    }

    @Test func anAsyncThrowingStreamResultYieldsAndFails() async throws {
        let stack = try Stub<any S4DataStack>()
        let (first, firstContinuation) = AsyncThrowingStream<S4Account, any Error>.makeStream()
        firstContinuation.yield(alice)
        firstContinuation.yield(bob)
        firstContinuation.finish(throwing: S4StoreError.readOnly)
        stack.when { $0.changes(since: Match.equal(7)) }.thenReturn(first)
        stack.when { $0.changes(since: Match.any()) }.then { (version: Int) in
            AsyncThrowingStream { continuation in
                continuation.yield(S4Account(id: version, handle: "v\(version)"))
                continuation.finish()
            }
        }

        var seen: [S4Account] = []
        do {
            for try await account in stack().changes(since: 7) { seen.append(account) }
            Issue.record("the stream should have thrown")
        } catch {
            #expect(error as? S4StoreError == .readOnly)
        }
        #expect(seen == [alice, bob])

        var later: [S4Account] = []
        for try await account in stack().changes(since: 9) { later.append(account) }
        #expect(later == [S4Account(id: 9, handle: "v9")])
    }
}

// MARK: - An inheritance chain with defaults in extensions

protocol S4Logging {
    func log(_ message: String)
}

extension S4Logging {
    /// Not a requirement: always runs this code, over whatever conformer.
    func log(level: Int, _ message: String) { log("[\(level)] \(message)") }
}

protocol S4Service: S4Logging {
    var serviceName: String { get }
    func start() throws -> Bool
}

extension S4Service {
    /// A default for a requirement: a conformer that does not implement it uses this one.
    func start() throws -> Bool {
        log(level: 1, "start \(serviceName)")
        return true
    }
}

protocol S4SyncService: S4Service {
    func sync(_ batch: [Int]) async -> Int
}

extension S4SyncService {
    func syncAll(_ batches: [[Int]]) async -> Int {
        var total = 0
        for batch in batches { total += await sync(batch) }
        return total
    }
}

/// Uses the extension's `start()`.
struct S4LiveSyncService: S4SyncService {
    var serviceName: String { "live" }
    func log(_ message: String) {}
    func sync(_ batch: [Int]) async -> Int { batch.count }
}

@Suite struct RealCodeS4InheritanceChainTests {
    @Test func aRequirementWithADefaultIsServedByTheStubNotByTheDefault() throws {
        let service = try Stub<any S4SyncService>()
        service.when { try $0.start() }.thenReturn(false)
        service.when { $0.log(Match.any()) }.thenDoNothing()
        service.when { $0.serviceName }.thenReturn("stubbed")

        #expect(try service().start() == false)
        service.verify(.never) { $0.log(Match.any()) }
        service.verify(.never) { $0.serviceName }
    }

    @Test func extensionHelpersRunTheirOwnCodeOverTheStubsRequirements() async throws {
        let service = try Stub<any S4SyncService>()
        let logs = service.when { $0.log(Match.any()) }
        logs.thenDoNothing()
        await service.when { await $0.sync(Match.any()) }.then { (batch: [Int]) in batch.reduce(0, +) }

        let sut: any S4SyncService = service()
        sut.log(level: 2, "ready")
        #expect(await sut.syncAll([[1, 2], [3], []]) == 6)

        #expect(logs.arguments() == ["[2] ready"])
        await service.verify(3...3) { await $0.sync(Match.any()) }
        let batches: [[Int]] = await service.when { await $0.sync(Match.any()) }.arguments()
        #expect(batches == [[1, 2], [3], []])
    }

    @Test func aSpyForwardsToTheDefaultImplementationTheConformerUses() throws {
        let spy = try Spy<any S4SyncService>(forwardingTo: S4LiveSyncService())
        #expect(try spy().start() == true)
        spy.verify { try $0.start() }
        #expect(spy().serviceName == "live")
    }
}

// MARK: - Static requirements, initializers and Self results

protocol S4Theme {
    static var identifier: String { get }
    static func named(_ name: String) throws -> Int
    init(accent: Int)
    var accent: Int { get }
    func tinted(by amount: Int) -> Self
}

struct S4SystemTheme: S4Theme {
    static var identifier: String { "system" }
    static func named(_ name: String) throws -> Int { name.count }
    var accent: Int
    init(accent: Int) { self.accent = accent }
    func tinted(by amount: Int) -> S4SystemTheme { S4SystemTheme(accent: accent + amount) }
}

/// Code under test that reads a theme type's static members.
func s4Describe(_ theme: any S4Theme) throws -> String {
    let type = type(of: theme)
    return "\(type.identifier):\(try type.named("dark")):\(theme.accent)"
}

@Suite struct RealCodeS4StaticAndSelfTests {
    @Test func staticRequirementsAreConfiguredThroughTheMetatype() throws {
        let theme = try Stub<any S4Theme>()
        theme.when { type(of: $0).identifier }.thenReturn("brand")
        theme.when { try type(of: $0).named(Match.equal("dark")) }.thenReturn(40)
        theme.when { $0.accent }.thenReturn(7)

        let description = try theme.withValue { value throws in try s4Describe(value) }

        #expect(description == "brand:40:7")
        theme.verify { try type(of: $0).named(Match.equal("dark")) }
        theme.verify { type(of: $0).identifier }
    }

    @Test func anInitializerRequirementMakesAValueOfTheSameDouble() throws {
        let theme = try Stub<any S4Theme>()
        theme.when(initializer: { type(of: $0).init(accent: Match.any()) }).thenInitialize()
        theme.when { $0.accent }.thenReturn(5)

        let made = theme.withValue { value in type(of: value).init(accent: 12) }

        #expect(made.accent == 5)
        theme.verify { type(of: $0).init(accent: Match.equal(12)) }
    }

    @Test func aSelfResultIsAFreshValueBackedByTheSameRecorder() throws {
        let theme = try Stub<any S4Theme>()
        let tints = theme.when(returningSelf: { $0.tinted(by: Match.any()) }).thenReturnValue()
        theme.when { $0.accent }.thenReturn(3)

        let tinted = theme().tinted(by: 4).tinted(by: 1)

        #expect(tinted.accent == 3)
        theme.verify(2...2) { $0.tinted(by: Match.any()) }
        let amounts: [Int] = tints.arguments()
        #expect(amounts == [4, 1])
    }
}
