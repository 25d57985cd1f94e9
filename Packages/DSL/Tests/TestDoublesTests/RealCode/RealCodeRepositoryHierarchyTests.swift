import Foundation
import TestDoubles
import Testing

// A generic repository used through its primary associated type
// (`any RCRepository<RCNote>`), and a store hierarchy (reading, writing,
// a refined cache) the way layered data modules declare them.

struct RCNote: Sendable, Hashable, Identifiable {
    var id: Int
    var title: String
    var body: String
    var pinned: Bool
    var editedAt: Date
}

protocol RCRepository<Model>: Sendable {
    associatedtype Model: Sendable & Identifiable
    func fetch(id: Model.ID) async throws -> Model?
    func fetchAll() async throws -> [Model]
    func save(_ model: Model) async throws
    func count() -> Int
}

struct RCInMemoryNotes: RCRepository {
    func fetch(id: Int) async throws -> RCNote? { nil }
    func fetchAll() async throws -> [RCNote] { [] }
    func save(_ model: RCNote) async throws {}
    func count() -> Int { 0 }
}

protocol RCReadableStore: Sendable {
    func read(_ key: String) -> Data?
    var keys: [String] { get }
}

protocol RCWritableStore: RCReadableStore {
    func write(_ data: Data, for key: String) throws
    func remove(_ key: String)
}

protocol RCExpiringCache: RCWritableStore {
    func write(_ data: Data, for key: String, expiresAt: Date) throws
    func purge(before date: Date) -> Int
}

struct RCDiskCache: RCExpiringCache {
    var entries: [String: Data] = ["a": Data([1]), "b": Data([2, 3])]
    func read(_ key: String) -> Data? { entries[key] }
    var keys: [String] { entries.keys.sorted() }
    func write(_ data: Data, for key: String) throws {}
    func remove(_ key: String) {}
    func write(_ data: Data, for key: String, expiresAt: Date) throws {}
    func purge(before date: Date) -> Int { entries.count }
}

@Suite struct RealCodeRepositoryHierarchyTests {
    static let note = RCNote(
        id: 7, title: "Groceries", body: "milk, eggs, ☕️", pinned: true, editedAt: Date(timeIntervalSince1970: 1_234))

    @MainActor @Test func aRepositoryOfABoundModelAnswersAndRecords() async throws {
        let stub = try Stub<any RCRepository<RCNote>>()
        await stub.when { try await $0.fetch(id: Match.equal(7)) }.thenReturn(Self.note)
        await stub.when { try await $0.fetch(id: Match.any()) }.thenReturn(nil)
        await stub.when { try await $0.fetchAll() }.thenReturn([Self.note, Self.note])
        await stub.when { try await $0.save(Match.any()) }.thenDoNothing()
        stub.when { $0.count() }.thenReturn(2)
        let notes: any RCRepository<RCNote> = stub()
        #expect(try await notes.fetch(id: 7) == Self.note)
        #expect(try await notes.fetch(id: 8) == nil)
        #expect(try await notes.fetchAll() == [Self.note, Self.note])
        var edited = Self.note
        edited.title = "Groceries (done)"
        try await notes.save(edited)
        #expect(notes.count() == 2)
        let saved: [RCNote] = await stub.when { try await $0.save(Match.any()) }.arguments()
        #expect(saved == [edited])
        await stub.verify { try await $0.save(Match.property(\.title, equalTo: "Groceries (done)")) }
        let ids: [Int] = await stub.when { try await $0.fetch(id: Match.any()) }.arguments()
        #expect(ids == [7, 8])
    }

    @Test func aSpyOfTheBoundRepositoryForwards() async throws {
        let spy = try Spy<any RCRepository<RCNote>>(forwardingTo: RCInMemoryNotes())
        #expect(try await spy().fetch(id: 1) == nil)
        #expect(spy().count() == 0)
        await spy.verify { try await $0.fetch(id: 1) }
    }

    @Test func everyLevelOfTheHierarchyIsServedThroughTheRefinedExistential() throws {
        let cache = try Stub<any RCExpiringCache>()
        let expiry = Date(timeIntervalSince1970: 2_000_000_000)
        cache.when { $0.read(Match.equal("avatar")) }.thenReturn(Data([0xFF, 0xD8]))
        cache.when { $0.read(Match.any()) }.thenReturn(nil)
        cache.when { $0.keys }.thenReturn(["avatar"])
        cache.when { try $0.write(Match.any(), for: Match.any()) }.thenDoNothing()
        cache.when { try $0.write(Match.any(), for: Match.any(), expiresAt: Match.any()) }
            .thenThrow(CocoaError(.fileWriteOutOfSpace))
        cache.when { $0.remove(Match.any()) }.thenDoNothing()
        cache.when { $0.purge(before: Match.any()) }.thenReturn(4)
        let sut = cache()
        #expect(sut.read("avatar") == Data([0xFF, 0xD8]))
        #expect(sut.read("other") == nil)
        #expect(sut.keys == ["avatar"])
        try sut.write(Data("x".utf8), for: "k")
        #expect(throws: CocoaError.self) { try sut.write(Data("y".utf8), for: "k", expiresAt: expiry) }
        sut.remove("k")
        #expect(sut.purge(before: expiry) == 4)

        // Through the base existentials the same double answers the same way.
        let readable: any RCReadableStore = sut
        #expect(readable.read("avatar") == Data([0xFF, 0xD8]))
        let writable: any RCWritableStore = sut
        try writable.write(Data("z".utf8), for: "k2")
        cache.verify(2...2) { try $0.write(Match.any(), for: Match.any()) }
        cache.verify { try $0.write(Match.any(), for: Match.equal("k"), expiresAt: Match.equal(expiry)) }
        cache.verifyInOrder {
            try $0.write(Match.equal(Data("x".utf8)), for: Match.any())
            $0.remove(Match.equal("k"))
            _ = $0.purge(before: Match.any())
        }
    }

    @Test func aSpyOfTheRefinedCacheReachesTheBaseWitnesses() throws {
        let spy = try Spy<any RCExpiringCache>(forwardingTo: RCDiskCache())
        #expect(spy().keys == ["a", "b"])
        #expect(spy().read("b") == Data([2, 3]))
        #expect(spy().purge(before: .now) == 2)
        let base: any RCReadableStore = spy()
        #expect(base.read("a") == Data([1]))
        spy.verify(2...2) { $0.read(Match.any()) }
    }

    @Test func aManualStubServesTheHierarchyToo() throws {
        let manual = RCExpiringCacheStub()
        manual.when { $0.read(Match.any()) }.thenReturn(Data([9]))
        manual.when { $0.purge(before: Match.any()) }.then { (_: Date) in 11 }
        let sut: any RCExpiringCache = manual()
        #expect(sut.read("q") == Data([9]))
        #expect(sut.purge(before: .distantPast) == 11)
        manual.verify { $0.read("q") }
    }
}

struct RCExpiringCacheStubConformer: RCExpiringCache, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    func read(_ key: String) -> Data? { stub.call(key) }
    var keys: [String] { stub.call() }
    func write(_ data: Data, for key: String) throws { try stub.throwingCall(data, key) }
    func remove(_ key: String) { stub.call(key) }
    func write(_ data: Data, for key: String, expiresAt: Date) throws { try stub.throwingCall(data, key, expiresAt) }
    func purge(before date: Date) -> Int { stub.call(date) }
}

typealias RCExpiringCacheStub = ManualStub<RCExpiringCacheStubConformer>
