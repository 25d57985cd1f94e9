import Foundation
import TestDoubles
import Testing

// An offline-first notes app's persistence layer: records that carry
// Foundation values (Date, UUID, URL, Data, Decimal, Locale, TimeZone,
// DateComponents), a repository with a primary associated type used as
// `any SYRepository<SYNote>`, a sync engine isolated to the app's own
// `@globalActor`, a token vault that is itself an actor, ownership-qualified
// parameters, and static schema requirements.

@globalActor actor SYSyncActor {
    static let shared = SYSyncActor()
}

struct SYNote: Identifiable, Hashable, Sendable {
    var id: UUID
    var title: String
    var body: Data
    var attachment: URL?
    var createdAt: Date
    var reminder: DateComponents?
    var zone: TimeZone
    var locale: Locale
    var budget: Decimal?
}

struct SYTag: Identifiable, Hashable, Sendable {
    var id: UUID
    var name: String
}

enum SYChange: Hashable, Sendable {
    case upsert(SYNote)
    case delete(UUID)
}

enum SYStoreError: Error, Equatable {
    case conflict(UUID, serverVersion: Int)
    case diskFull
}

protocol SYRepository<Entity>: Sendable {
    associatedtype Entity: Identifiable & Sendable
    func fetch(id: UUID) async throws -> Entity?
    func all() async throws -> [Entity]
    func save(_ entity: Entity) async throws
    func delete(ids: Set<UUID>) async throws -> Int
    static var schemaVersion: Int { get }
}

protocol SYNoteArchive: Sendable {
    func archive(_ note: consuming SYNote) -> URL
    func export(_ notes: borrowing [SYNote], metadata: [String: any Sendable]) throws -> Data
    func adopt(_ batch: sending [SYNote]) async -> Int
    static func migrate(from version: Int, to target: Int) throws -> [String]
}

@SYSyncActor protocol SYSyncEngine: AnyObject {
    var pending: [SYChange] { get }
    var lastSync: Date? { get set }
    func enqueue(_ change: SYChange)
    func push() async throws -> Int
}

protocol SYTokenVault: Actor {
    func token(for account: UUID) -> String?
    func store(_ token: String, for account: UUID, expiresIn lifetime: Duration)
    func revokeAll() async -> Int
}

// The app's production conformers.

actor SYMemoryRepository: SYRepository {
    private var notes: [UUID: SYNote] = [:]
    static var schemaVersion: Int { 3 }
    func fetch(id: UUID) async throws -> SYNote? { notes[id] }
    func all() async throws -> [SYNote] { notes.values.sorted { $0.createdAt < $1.createdAt } }
    func save(_ entity: SYNote) async throws { notes[entity.id] = entity }
    func delete(ids: Set<UUID>) async throws -> Int {
        ids.reduce(0) { count, id in notes.removeValue(forKey: id) == nil ? count : count + 1 }
    }
}

struct SYTagRepository: SYRepository {
    static var schemaVersion: Int { 1 }
    func fetch(id: UUID) async throws -> SYTag? { nil }
    func all() async throws -> [SYTag] { [] }
    func save(_ entity: SYTag) async throws {}
    func delete(ids: Set<UUID>) async throws -> Int { 0 }
}

struct SYFileArchive: SYNoteArchive {
    let root: URL
    func archive(_ note: consuming SYNote) -> URL { root.appendingPathComponent(note.id.uuidString) }
    func export(_ notes: borrowing [SYNote], metadata: [String: any Sendable]) throws -> Data {
        Data(notes.map(\.title).joined(separator: "\n").utf8)
    }
    func adopt(_ batch: sending [SYNote]) async -> Int { batch.count }
    static func migrate(from version: Int, to target: Int) throws -> [String] {
        (version..<target).map { "migration_\($0)_to_\($0 + 1)" }
    }
}

@SYSyncActor final class SYQueueEngine: SYSyncEngine {
    private(set) var pending: [SYChange] = []
    var lastSync: Date?
    func enqueue(_ change: SYChange) { pending.append(change) }
    func push() async throws -> Int {
        defer { pending.removeAll() }
        lastSync = Date(timeIntervalSince1970: 0)
        return pending.count
    }
}

actor SYKeychainVault: SYTokenVault {
    private var tokens: [UUID: String] = [:]
    func token(for account: UUID) -> String? { tokens[account] }
    func store(_ token: String, for account: UUID, expiresIn lifetime: Duration) { tokens[account] = token }
    func revokeAll() async -> Int {
        defer { tokens.removeAll() }
        return tokens.count
    }
}

/// The code under test: edits go to the repository and the sync queue; a sync pushes them with a token.
@SYSyncActor final class SYNotesStore {
    let repository: any SYRepository<SYNote>
    let engine: any SYSyncEngine
    let vault: any SYTokenVault
    let account: UUID

    init(repository: any SYRepository<SYNote>, engine: any SYSyncEngine, vault: any SYTokenVault, account: UUID) {
        self.repository = repository
        self.engine = engine
        self.vault = vault
        self.account = account
    }

    func write(_ note: SYNote) async throws {
        try await repository.save(note)
        engine.enqueue(.upsert(note))
    }

    func remove(_ ids: [UUID]) async throws -> Int {
        let removed = try await repository.delete(ids: Set(ids))
        for id in ids { engine.enqueue(.delete(id)) }
        return removed
    }

    enum SyncOutcome: Equatable {
        case nothingToDo
        case signedOut
        case pushed(Int, at: Date?)
        case conflict(UUID)
    }

    func sync(now: Date) async -> SyncOutcome {
        guard !engine.pending.isEmpty else { return .nothingToDo }
        guard await vault.token(for: account) != nil else { return .signedOut }
        do {
            let count = try await engine.push()
            engine.lastSync = now
            return .pushed(count, at: engine.lastSync)
        } catch SYStoreError.conflict(let id, _) {
            return .conflict(id)
        } catch {
            return .nothingToDo
        }
    }
}

@Suite struct RealCodeOfflineSyncTests {
    static let account = UUID(uuidString: "00000000-0000-4000-8000-00000000A11C")!
    static let created = Date(timeIntervalSince1970: 1_790_000_000.125)

    static func note(_ n: Int, budget: Decimal? = nil) -> SYNote {
        var reminder = DateComponents()
        reminder.calendar = Calendar(identifier: .gregorian)
        reminder.timeZone = TimeZone(identifier: "America/Sao_Paulo")
        reminder.weekday = 2
        reminder.hour = 8
        return SYNote(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", n))!,
            title: "Note \(n)", body: Data("body \(n) ✓".utf8),
            attachment: n.isMultiple(of: 2) ? URL(fileURLWithPath: "/tmp/attachments/\(n).pdf") : nil,
            createdAt: created.addingTimeInterval(Double(n)), reminder: reminder,
            zone: TimeZone(identifier: "Pacific/Chatham")!, locale: Locale(identifier: "pt_BR"), budget: budget)
    }

    @SYSyncActor @Test func writesSaveAndQueueEveryFoundationValueIntact() async throws {
        let repository = try Stub<any SYRepository<SYNote>>()
        let engine = try Stub<any SYSyncEngine>()
        await repository.when { try await $0.save(Match.any()) }.thenDoNothing()
        engine.when { $0.enqueue(Match.any()) }.thenDoNothing()

        let store = SYNotesStore(
            repository: repository(), engine: engine(), vault: SYKeychainVault(), account: Self.account)
        let first = Self.note(1, budget: Decimal(string: "19.990")!)
        let second = Self.note(2)
        try await store.write(first)
        try await store.write(second)

        let saved: [SYNote] = await repository.when { try await $0.save(Match.any()) }.arguments()
        #expect(saved == [first, second])
        #expect(saved.first?.budget == Decimal(string: "19.99"))
        #expect(saved.first?.reminder?.timeZone?.identifier == "America/Sao_Paulo")
        #expect(saved.first?.zone.identifier == "Pacific/Chatham")
        #expect(saved.first?.locale.identifier == "pt_BR")
        #expect(saved.last?.attachment?.path == "/tmp/attachments/2.pdf")
        #expect(String(decoding: saved.last?.body ?? Data(), as: UTF8.self) == "body 2 ✓")
        engine.verifyInOrder {
            $0.enqueue(.upsert(first))
            $0.enqueue(.upsert(second))
        }
        engine.verify(.never) {
            $0.enqueue(
                Match.enumCase(
                    "delete", extracting: { if case .delete(let id) = $0 { id } else { nil } },
                    matching: Match.any() as UUID))
        }
    }

    @SYSyncActor @Test func aFailedSaveQueuesNothing() async throws {
        let repository = try Stub<any SYRepository<SYNote>>()
        let engine = try Stub<any SYSyncEngine>()
        await repository.when { try await $0.save(Match.any()) }.thenThrow(SYStoreError.diskFull)
        let store = SYNotesStore(
            repository: repository(), engine: engine(), vault: SYKeychainVault(), account: Self.account)
        await #expect(throws: SYStoreError.diskFull) { try await store.write(Self.note(3)) }
        engine.verify(.never) { $0.enqueue(Match.any()) }
    }

    @SYSyncActor @Test func removingPassesASetAndQueuesEachDeletion() async throws {
        let repository = try Stub<any SYRepository<SYNote>>()
        let engine = try Stub<any SYSyncEngine>()
        await repository.when { try await $0.delete(ids: Match.hasCount(3)) }.then { (ids: Set<UUID>) in ids.count - 1 }
        engine.when { $0.enqueue(Match.any()) }.thenDoNothing()
        let store = SYNotesStore(
            repository: repository(), engine: engine(), vault: SYKeychainVault(), account: Self.account)
        let ids = [1, 2, 3].map { Self.note($0).id }
        #expect(try await store.remove(ids) == 2)
        await repository.verify(.once) { try await $0.delete(ids: Set(ids)) }
        engine.verify(.exactly(3)) {
            $0.enqueue(
                Match.enumCase(
                    "delete", extracting: { if case .delete(let id) = $0 { id } else { nil } },
                    matching: Match.any() as UUID))
        }
        let queued: [SYChange] = engine.when { $0.enqueue(Match.any()) }.arguments()
        #expect(queued == ids.map(SYChange.delete))
    }

    @SYSyncActor @Test func syncChecksTheVaultActorThenPushesAndStampsTheEngine() async throws {
        let engine = try Stub<any SYSyncEngine>()
        let vault = try Stub<any SYTokenVault>()
        let now = Self.created.addingTimeInterval(3_600)
        engine.when { $0.pending }.thenReturn([]).thenReturn([.delete(Self.account)])
        await vault.when { await $0.token(for: Self.account) }.thenReturn(nil).thenReturn("tkn")
        await engine.when { try await $0.push() }.thenReturn(1)
        engine.when { $0.lastSync = Match.any() }.thenDoNothing()
        engine.when { $0.lastSync }.thenReturn(now)

        let store = SYNotesStore(
            repository: SYMemoryRepository(), engine: engine(), vault: vault(), account: Self.account)
        #expect(await store.sync(now: now) == .nothingToDo)
        #expect(await store.sync(now: now) == .signedOut)
        #expect(await store.sync(now: now) == .pushed(1, at: now))
        await engine.verify(.once) { try await $0.push() }
        engine.verify(.once) { $0.lastSync = now }
        await vault.verify(.exactly(2)) { await $0.token(for: Match.any()) }
    }

    @SYSyncActor @Test func aConflictFromTheEngineIsReportedWithTheNoteID() async throws {
        let engine = try Stub<any SYSyncEngine>()
        let vault = try Stub<any SYTokenVault>()
        let id = Self.note(9).id
        engine.when { $0.pending }.thenReturn([.upsert(Self.note(9))])
        await vault.when { await $0.token(for: Match.any()) }.thenReturn("tkn")
        await engine.when { try await $0.push() }.thenThrow(SYStoreError.conflict(id, serverVersion: 12))
        let store = SYNotesStore(
            repository: SYMemoryRepository(), engine: engine(), vault: vault(), account: Self.account)
        #expect(await store.sync(now: Self.created) == .conflict(id))
        engine.verify(.never) { $0.lastSync = Match.any() }
    }

    @Test func theVaultActorIsCalledFromOtherIsolationAndKeepsTokensPerAccount() async throws {
        let vault = try Stub<any SYTokenVault>()
        let other = UUID()
        await vault.when { await $0.store(Match.any(), for: Match.any(), expiresIn: Match.any()) }.thenDoNothing()
        await vault.when { await $0.revokeAll() }.thenReturn(2)
        let value = vault()
        await value.store("a", for: Self.account, expiresIn: .seconds(3_600))
        await value.store("b", for: other, expiresIn: .milliseconds(1_500))
        #expect(await value.revokeAll() == 2)
        let stored: [(String, UUID, Duration)] =
            await vault.when { await $0.store(Match.any(), for: Match.any(), expiresIn: Match.any()) }.arguments()
        #expect(stored.map(\.0) == ["a", "b"])
        #expect(stored.map(\.1) == [Self.account, other])
        #expect(stored.map(\.2) == [.seconds(3_600), .milliseconds(1_500)])
        await vault.verify(.once) {
            await $0.store(Match.any(), for: Match.any(), expiresIn: Match.lessThan(.seconds(2)))
        }
    }

    @Test func aStaticSchemaVersionOnABoundRepositoryDecidesMigration() throws {
        let repository = try Stub<any SYRepository<SYNote>>()
        repository.when { type(of: $0).schemaVersion }.thenReturn(2).thenReturn(4)
        let first = repository.withValue { SYNotesStore.needsMigrationProbe($0) }
        #expect(first == true)
        #expect(repository.withValue { SYNotesStore.needsMigrationProbe($0) } == false)
        repository.verify(.exactly(2)) { type(of: $0).schemaVersion }
    }

    @Test func aSecondBindingOfTheSameRepositoryProtocolIsItsOwnStub() async throws {
        let tags = try Stub<any SYRepository<SYTag>>()
        let tag = SYTag(id: Self.account, name: "work")
        await tags.when { try await $0.all() }.thenReturn([tag])
        await tags.when { try await $0.fetch(id: Self.account) }.thenReturn(tag)
        await tags.when { try await $0.fetch(id: Match.any()) }.thenReturn(nil)
        #expect(try await tags().all() == [tag])
        #expect(try await tags().fetch(id: Self.account) == tag)
        #expect(try await tags().fetch(id: UUID()) == nil)
        await tags.verify(.exactly(2)) { try await $0.fetch(id: Match.any()) }
    }

    @Test func ownershipQualifiedParametersAreRecordedAndAnswered() async throws {
        let archive = try Stub<any SYNoteArchive>()
        let folder = URL(fileURLWithPath: "/var/mobile/Archive", isDirectory: true)
        archive.when { $0.archive(Match.any()) }.then { (note: SYNote) in
            folder.appendingPathComponent("\(note.title).note")
        }
        archive.when { try $0.export(Match.hasCount(0), metadata: Match.any()) }.thenThrow(SYStoreError.diskFull)
        archive.when { try $0.export(Match.any(), metadata: Match.any()) }.then {
            (notes: [SYNote], metadata: [String: any Sendable]) in
            Data("\(notes.count)|\(metadata["format"] as? String ?? "?")".utf8)
        }
        await archive.when { await $0.adopt(Match.any()) }.then { (batch: [SYNote]) in batch.count * 10 }

        let value = archive()
        #expect(value.archive(Self.note(4)).path == "/var/mobile/Archive/Note 4.note")
        let exported = try value.export([Self.note(1), Self.note(2)], metadata: ["format": "md", "version": 2])
        #expect(String(decoding: exported, as: UTF8.self) == "2|md")
        #expect(throws: SYStoreError.diskFull) { try value.export([], metadata: [:]) }
        #expect(await value.adopt([Self.note(5), Self.note(6), Self.note(7)]) == 30)

        archive.verify(.once) { $0.archive(Self.note(4)) }
        let exports: [([SYNote], [String: any Sendable])] =
            archive.when { try $0.export(Match.any(), metadata: Match.any()) }.arguments()
        #expect(exports.count == 2)
        #expect(exports.first?.1["version"] as? Int == 2)
        await archive.verify(.once) { await $0.adopt(Match.hasCount(3)) }
    }

    @Test func aStaticThrowingMigrationIsAnsweredPerVersion() throws {
        let archive = try Stub<any SYNoteArchive>()
        archive.when { try type(of: $0).migrate(from: 1, to: 3) }.thenReturn(["a", "b"])
        archive.when { try type(of: $0).migrate(from: Match.any(), to: Match.any()) }.thenThrow(SYStoreError.diskFull)
        try archive.withValue { value throws in
            #expect(try type(of: value).migrate(from: 1, to: 3) == ["a", "b"])
            #expect(throws: SYStoreError.diskFull) { try type(of: value).migrate(from: 2, to: 3) }
        }
        archive.verify(.exactly(2)) { try type(of: $0).migrate(from: Match.any(), to: Match.equal(3)) }
    }

    @SYSyncActor @Test func spiesOfTheRealRepositoryEngineAndVaultKeepTheirState() async throws {
        let realRepository = SYMemoryRepository()
        let realEngine = SYQueueEngine()
        let realVault = SYKeychainVault()
        let repository = try Spy<any SYRepository<SYNote>>(forwardingTo: realRepository)
        let engine = try Spy<any SYSyncEngine>(forwardingTo: realEngine)
        let vault = try Spy<any SYTokenVault>(forwardingTo: realVault)
        await realVault.store("t", for: Self.account, expiresIn: .seconds(60))

        let store = SYNotesStore(repository: repository(), engine: engine(), vault: vault(), account: Self.account)
        try await store.write(Self.note(1))
        try await store.write(Self.note(2))
        #expect(try await realRepository.all().map(\.title) == ["Note 1", "Note 2"])
        #expect(realEngine.pending.count == 2)
        let now = Self.created
        #expect(await store.sync(now: now) == .pushed(2, at: now))
        #expect(realEngine.pending.isEmpty)
        #expect(realEngine.lastSync == now)
        #expect(try await store.remove([Self.note(1).id, UUID()]) == 1)
        await repository.verify(.exactly(2)) { try await $0.save(Match.any()) }
        await vault.verify(.once) { await $0.token(for: Self.account) }
        engine.verify(.exactly(4)) { $0.enqueue(Match.any()) }
    }

    @SYSyncActor @Test func aDummyVaultAndEngineLetTheStoreBeBuilt() async throws {
        let store = SYNotesStore(
            repository: Dummy.make(), engine: Dummy.make(), vault: Dummy.make(), account: Self.account)
        #expect(store.account == Self.account)
    }
}

extension SYNotesStore {
    nonisolated static func needsMigrationProbe(_ repository: any SYRepository<SYNote>) -> Bool {
        type(of: repository).schemaVersion < 4
    }
}
