import Foundation
import TestDoubles
import Testing

// A generic repository with a primary associated type, as an app's data layer
// declares it, used as `any RCEntityStore<RCMember>` by a feature: stubbed,
// spied around an in-memory store, and handed over as a dummy.

struct RCMember: Sendable, Equatable, Hashable {
    var id: UUID
    var email: String
    var joinedAt: Date
}

protocol RCEntityStore<Entity>: Sendable {
    associatedtype Entity: Sendable & Hashable
    var count: Int { get }
    func all() async throws -> [Entity]
    func first(matching query: String) async throws -> Entity?
    func insert(_ entity: Entity) async throws
    func remove(_ entities: Set<Entity>) -> Int
    func grouped(by field: String) -> [String: [Entity]]
}

final class RCInMemoryEntityStore<Entity: Sendable & Hashable>: RCEntityStore, @unchecked Sendable {
    private var rows: [Entity] = []
    private let key: @Sendable (Entity) -> String
    init(key: @escaping @Sendable (Entity) -> String) { self.key = key }
    var count: Int { rows.count }
    func all() async throws -> [Entity] { rows }
    func first(matching query: String) async throws -> Entity? { rows.first { key($0).contains(query) } }
    func insert(_ entity: Entity) async throws { rows.append(entity) }
    func remove(_ entities: Set<Entity>) -> Int {
        let before = rows.count
        rows.removeAll { entities.contains($0) }
        return before - rows.count
    }
    func grouped(by field: String) -> [String: [Entity]] { Dictionary(grouping: rows) { String(key($0).prefix(1)) } }
}

/// The production store of members: a non-generic conformer, linked, so a Stub can read the signatures.
struct RCRemoteMemberStore: RCEntityStore {
    var count: Int { 0 }
    func all() async throws -> [RCMember] { [] }
    func first(matching query: String) async throws -> RCMember? { nil }
    func insert(_ entity: RCMember) async throws {}
    func remove(_ entities: Set<RCMember>) -> Int { 0 }
    func grouped(by field: String) -> [String: [RCMember]] { [:] }
}

/// A cache protocol whose only conformer in the process is generic.
protocol RCKeyValueCache<Key, Value>: AnyObject, Sendable {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable
    func value(forKey key: Key) -> Value?
    func store(_ value: Value, forKey key: Key)
}

final class RCLRUCache<Key: Hashable & Sendable, Value: Sendable>: RCKeyValueCache, @unchecked Sendable {
    private var entries: [Key: Value] = [:]
    func value(forKey key: Key) -> Value? { entries[key] }
    func store(_ value: Value, forKey key: Key) { entries[key] = value }
}

/// An image loader that takes a cache at construction and a test that never reaches it.
struct RCThumbnailLoader {
    let cache: any RCKeyValueCache<URL, Data>
    let placeholder: Data
}

/// The feature under test: an invite flow that reads and writes members.
struct RCInviteFlow {
    let members: any RCEntityStore<RCMember>

    func invite(_ email: String, at date: Date) async throws -> Bool {
        if try await members.first(matching: email) != nil { return false }
        try await members.insert(RCMember(id: UUID(), email: email, joinedAt: date))
        return true
    }
}

@Suite struct RealCodeGenericRepositoryTests {
    static let ada = RCMember(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000ADA0")!, email: "ada@example.com",
        joinedAt: Date(timeIntervalSince1970: 1_600_000_000))
    static let alan = RCMember(
        id: UUID(uuidString: "00000000-0000-0000-0000-0000000A1A40")!, email: "alan@example.com",
        joinedAt: Date(timeIntervalSince1970: 1_650_000_000))

    static func liveStore() -> RCInMemoryEntityStore<RCMember> { RCInMemoryEntityStore { $0.email } }

    @Test func aBoundStoreStubbedForTheInviteFlow() async throws {
        let store = try Stub<any RCEntityStore<RCMember>>()
        await store.when { try await $0.first(matching: Match.equal("ada@example.com")) }.thenReturn(Self.ada)
        await store.when { try await $0.first(matching: Match.any()) }.thenReturn(nil)
        let inserts = await store.when { try await $0.insert(Match.any()) }
        inserts.thenDoNothing()
        let flow = RCInviteFlow(members: store())
        #expect(try await flow.invite("ada@example.com", at: .now) == false)
        #expect(try await flow.invite("grace@example.com", at: Self.alan.joinedAt))
        let inserted: [RCMember] = inserts.arguments()
        #expect(inserted.map(\.email) == ["grace@example.com"])
        #expect(inserted.first?.joinedAt == Self.alan.joinedAt)
    }

    @Test func setsDictionariesAndAGetterOfTheBoundEntity() throws {
        let store = try Stub<any RCEntityStore<RCMember>>()
        store.when { $0.count }.thenReturn(2)
        store.when { $0.remove(Match.any()) }.then { (members: Set<RCMember>) in members.count }
        store.when { $0.grouped(by: Match.any()) }.thenReturn(["a": [Self.ada, Self.alan]])
        let members = store()
        #expect(members.count == 2)
        #expect(members.remove([Self.ada, Self.alan]) == 2)
        #expect(members.grouped(by: "initial") == ["a": [Self.ada, Self.alan]])
        store.verify { $0.remove(Match.equal([Self.ada, Self.alan])) }
    }

    @Test func aSpyAroundTheInMemoryStoreOfTheSameBinding() async throws {
        let live = Self.liveStore()
        let spy = try Spy<any RCEntityStore<RCMember>>(forwardingTo: live)
        let flow = RCInviteFlow(members: spy())
        #expect(try await flow.invite("ada@example.com", at: Self.ada.joinedAt))
        #expect(try await flow.invite("ada@example.com", at: Self.ada.joinedAt) == false)
        #expect(live.count == 1)
        #expect(spy().count == 1)
        let all = try await spy().all()
        #expect(all.map(\.email) == ["ada@example.com"])
        #expect(spy().remove(Set(all)) == 1)
        #expect(live.count == 0)
        await spy.verify(2...2) { try await $0.first(matching: Match.equal("ada@example.com")) }
        await spy.verify { try await $0.insert(Match.any()) }
    }

    @Test func aSpyOverridesOneBoundLookupAndForwardsInserts() async throws {
        let live = Self.liveStore()
        let spy = try Spy<any RCEntityStore<RCMember>>(forwardingTo: live)
        await spy.when { try await $0.first(matching: Match.any()) }.thenReturn(Self.alan)
        let flow = RCInviteFlow(members: spy())
        #expect(try await flow.invite("new@example.com", at: .now) == false)
        #expect(live.count == 0)
        spy.when { $0.count }.thenReturn(99)
        #expect(spy().count == 99)
    }

    @Test func aDummyStoreForAFlowThatIsNeverUsed() throws {
        let flow = RCInviteFlow(members: Dummy.make())
        _ = flow
        let dummy = try Dummy<any RCEntityStore<RCMember>>()
        _ = dummy()
    }

    /// Before: `Dummy` of a constrained existential whose protocol no
    /// linked non-generic conformer describes stopped the process ("expected
    /// existential metadata, found extendedExistential"); `try Dummy()` threw.
    @Test func aDummyOfABoundCacheWhoseOnlyConformerIsGeneric() throws {
        let loader = RCThumbnailLoader(cache: Dummy.make(), placeholder: Data([0x89, 0x50]))
        #expect(loader.placeholder.count == 2)
        let cache = try Dummy<any RCKeyValueCache<String, [Int]>>()
        _ = cache()
    }

    /// Before: signatures were read from linked non-generic conformers only,
    /// so a Spy around the generic cache threw "no source described its
    /// signature … linked conformers: none" although its target's witness
    /// table was at hand; the Spy now reads its target's tables too.
    @Test func aSpyAroundTheGenericCacheOnly() throws {
        let live = RCLRUCache<URL, Data>()
        let spy = try Spy<any RCKeyValueCache<URL, Data>>(forwardingTo: live)
        let url = URL(string: "https://cdn.example.com/a.png")!
        let other = URL(string: "https://cdn.example.com/b.png")!
        spy().store(Data([1]), forKey: url)
        #expect(live.value(forKey: url) == Data([1]))
        #expect(spy().value(forKey: url) == Data([1]))
        spy.when { $0.value(forKey: Match.equal(other)) }.thenReturn(Data([2, 2]))
        #expect(spy().value(forKey: other) == Data([2, 2]))
        #expect(live.value(forKey: other) == nil)
        spy.verify { $0.store(Match.equal(Data([1])), forKey: Match.equal(url)) }
        spy.verify(2...2) { $0.value(forKey: Match.any()) }
    }

    @Test func anUnboundStoreIsRejectedWithTheAssociatedTypeNamed() {
        #expect {
            _ = try Stub<any RCEntityStore>()
        } throws: { error in
            let text = "\(error)"
            return text.contains("Entity") && text.contains("RCEntityStore")
        }
    }
}
