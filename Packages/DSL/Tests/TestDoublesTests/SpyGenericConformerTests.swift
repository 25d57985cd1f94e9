import Foundation
import TestDoubles
import Testing

// Protocols whose only conformers in the process are generic types. Keep it
// so: no non-generic conformer of any of them may be linked, or these tests
// stop testing what they say. Every signature comes from a generic
// conformance: the double's own value (the Spy's target,
// `Stub(discoveringFrom:)`'s conformer) or a generic conformer's witness
// table pattern.

/// A cache with two primary associated types, a property, a settable
/// property and subscript, and an async throwing requirement.
protocol GCCache<Key, Value>: AnyObject, Sendable {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable
    var count: Int { get }
    var capacity: Int { get set }
    subscript(key: Key) -> Value? { get set }
    func value(forKey key: Key) -> Value?
    func store(_ value: Value, forKey key: Key)
    func evict(olderThan age: Duration) async throws -> [Key]
}

enum GCCacheError: Error, Equatable {
    case negativeAge
    case full
}

/// The app's only cache: generic over two parameters named apart from the protocol's associated types.
final class GCLRUCache<K: Hashable & Sendable, V: Sendable>: GCCache, @unchecked Sendable {
    private var entries: [K: V] = [:]
    private var order: [K] = []
    var capacity = 16
    var count: Int { entries.count }
    subscript(key: K) -> V? {
        get { entries[key] }
        set {
            entries[key] = newValue
            if newValue != nil { order.append(key) }
        }
    }
    func value(forKey key: K) -> V? { entries[key] }
    func store(_ value: V, forKey key: K) { self[key] = value }
    func evict(olderThan age: Duration) async throws -> [K] {
        guard age >= .zero else { throw GCCacheError.negativeAge }
        defer {
            entries.removeAll()
            order.removeAll()
        }
        return order
    }
}

/// A repository of values, whose only conformer is a generic struct.
protocol GCRepository<Entity>: Sendable {
    associatedtype Entity: Sendable & Equatable
    var isEmpty: Bool { get }
    func all() async throws -> [Entity]
    mutating func add(_ entity: Entity) throws
}

struct GCArrayRepository<Entity: Sendable & Equatable>: GCRepository {
    private(set) var rows: [Entity] = []
    var isEmpty: Bool { rows.isEmpty }
    func all() async throws -> [Entity] { rows }
    mutating func add(_ entity: Entity) throws {
        guard !rows.contains(entity) else { throw GCCacheError.full }
        rows.append(entity)
    }
}

/// A base protocol: its requirements are read from the target's table of it.
protocol GCNamed: Sendable {
    var name: String { get }
    func describe(verbose: Bool) -> String
}

/// A queue refining the base, with a primary associated type.
protocol GCQueue<Item>: GCNamed, AnyObject {
    associatedtype Item: Sendable
    func push(_ item: Item) async
    func drain() throws -> [Item]
}

final class GCMemoryQueue<Item: Sendable>: GCQueue, @unchecked Sendable {
    let name: String
    private var items: [Item] = []
    init(name: String) { self.name = name }
    func describe(verbose: Bool) -> String { verbose ? "\(name) (\(items.count) items)" : name }
    func push(_ item: Item) async { items.append(item) }
    func drain() throws -> [Item] {
        defer { items.removeAll() }
        return items
    }
}

/// A second generic conformer of the base, for a blueprint read through one anchor and used with another.
struct GCTagged<Tag: Sendable>: GCNamed {
    let tag: Tag
    var name: String { "tagged \(tag)" }
    func describe(verbose: Bool) -> String { verbose ? "\(name) [\(Tag.self)]" : name }
}

/// An async throwing getter: its `throws`, which no symbol records, is proven by the DWARF of the target's thunk.
protocol GCFeed<Item>: AnyObject, Sendable {
    associatedtype Item: Sendable
    var latest: Item { get async throws }
}

final class GCBufferedFeed<Item: Sendable>: GCFeed, @unchecked Sendable {
    var items: [Item] = []
    var latest: Item {
        get async throws {
            guard let last = items.last else { throw GCCacheError.full }
            return last
        }
    }
}

/// A bound cache no test anchors: a plain `Stub` reads its generic conformer's pattern.
protocol GCUnanchoredCache<Key, Value>: AnyObject {
    associatedtype Key: Hashable
    associatedtype Value
    func value(forKey key: Key) -> Value?
}

final class GCUnanchoredLRU<K: Hashable, V>: GCUnanchoredCache {
    func value(forKey key: K) -> V? { nil }
}

/// An unbound protocol no test anchors, whose only conformer is generic.
protocol GCUnanchoredLogger {
    func log(_ message: String)
}

struct GCUnanchoredBufferLogger<Sink>: GCUnanchoredLogger {
    func log(_ message: String) {}
}

/// A bound cache first stubbed with no anchor, then spied.
protocol GCLaterAnchoredCache<Key>: AnyObject, Sendable {
    associatedtype Key: Hashable & Sendable
    func contains(_ key: Key) -> Bool
}

final class GCLaterAnchoredSet<K: Hashable & Sendable>: GCLaterAnchoredCache, @unchecked Sendable {
    private let keys: Set<K>
    init(_ keys: Set<K>) { self.keys = keys }
    func contains(_ key: K) -> Bool { keys.contains(key) }
}

/// Not generic: a class-bound protocol refining one that is not, whose base
/// witness takes self by address even for a class (forwarding passed the
/// reference and the real getter read through it).
protocol GCLabelled {
    var label: String { get }
}

protocol GCSession: GCLabelled, AnyObject {
    func close() -> Bool
}

final class GCLiveSession: GCSession {
    let label: String
    private(set) var isOpen = true
    init(label: String) { self.label = label }
    func close() -> Bool {
        defer { isOpen = false }
        return isOpen
    }
}

@Suite struct SpyGenericConformerTests {
    static let logo = URL(string: "https://cdn.example.com/logo.png")!
    static let banner = URL(string: "https://cdn.example.com/banner.png")!

    @Test func aSpyAroundATwoParameterGenericClassForwardsAndRecords() throws {
        let live = GCLRUCache<URL, Data>()
        let spy = try Spy<any GCCache<URL, Data>>(forwardingTo: live)
        let cache = spy()
        cache.store(Data([1, 2]), forKey: Self.logo)
        cache[Self.banner] = Data([3])
        #expect(live.count == 2)
        #expect(cache.value(forKey: Self.logo) == Data([1, 2]))
        #expect(cache[Self.banner] == Data([3]))
        #expect(cache.count == 2)
        cache.capacity = 64
        #expect(live.capacity == 64)
        #expect(cache.capacity == 64)
        spy.verify { $0.store(Match.any(), forKey: Match.equal(Self.logo)) }
        spy.verify(.never) { $0.value(forKey: Match.equal(Self.banner)) }
        let stored: [Data] = spy.when { $0.store(Match.any(), forKey: Match.any()) }.arguments()
        #expect(stored == [Data([1, 2])])
        spy.history.interactions.forwarded.verify(7...7)
        spy.history.interactions.stubbed.verify(0...0)
    }

    @Test func aSpyOverridesOneLookupAndForwardsTheRest() throws {
        let live = GCLRUCache<URL, Data>()
        live.store(Data([9]), forKey: Self.logo)
        let spy = try Spy<any GCCache<URL, Data>>(forwardingTo: live)
        spy.when { $0.value(forKey: Match.equal(Self.banner)) }.thenReturn(Data([7, 7]))
        spy.when { $0[Match.equal(Self.logo)] }.thenReturn(nil)
        #expect(spy().value(forKey: Self.banner) == Data([7, 7]))
        #expect(spy().value(forKey: Self.logo) == Data([9]))
        #expect(spy()[Self.logo] == nil)
        #expect(live[Self.logo] == Data([9]))
        spy.verify(1...1) { $0.value(forKey: Match.equal(Self.banner)) }
        spy.verify(2...2) { $0.value(forKey: Match.any()) }
        spy.when { $0.value(forKey: Match.any()) }.forwarded.verify(1...1)
    }

    @Test func asyncThrowingRequirementsForwardTheRealErrorAndAnswerOverrides() async throws {
        let live = GCLRUCache<String, [Int]>()
        live.store([1], forKey: "a")
        live.store([2], forKey: "b")
        let spy = try Spy<any GCCache<String, [Int]>>(forwardingTo: live)
        await spy.when { try await $0.evict(olderThan: Match.equal(.seconds(-5))) }.thenForward()
        await spy.when { try await $0.evict(olderThan: Match.equal(.zero)) }.thenThrow(GCCacheError.full)
        await #expect(throws: GCCacheError.negativeAge) { _ = try await spy().evict(olderThan: .seconds(-5)) }
        await #expect(throws: GCCacheError.full) { _ = try await spy().evict(olderThan: .zero) }
        #expect(live.count == 2)
        let evicted = try await spy().evict(olderThan: .seconds(60))
        #expect(evicted == ["a", "b"])
        #expect(live.count == 0)
        await spy.verify(3...3) { try await $0.evict(olderThan: Match.any()) }
        let ages: [Duration] = await spy.when { try await $0.evict(olderThan: Match.any()) }.arguments()
        #expect(ages == [.seconds(-5), .zero, .seconds(60)])
    }

    @Test func aSpyAroundAGenericStructKeepsItsOwnCopy() async throws {
        var seeded = GCArrayRepository<String>()
        try seeded.add("ada")
        let spy = try Spy<any GCRepository<String>>(forwardingTo: seeded)
        var repository = spy()
        try repository.add("grace")
        #expect(throws: GCCacheError.full) { try repository.add("ada") }
        #expect(try await spy().all() == ["ada", "grace"])
        #expect(seeded.rows == ["ada"])
        #expect(spy().isEmpty == false)
        spy.verify(2...2) { try $0.add(Match.any()) }
        let added: [String] = spy.when { try $0.add(Match.any()) }.arguments()
        #expect(added == ["grace", "ada"])
    }

    @Test func inheritedRequirementsAreReadFromTheTargetsBaseTable() async throws {
        let live = GCMemoryQueue<Int>(name: "inbox")
        let spy = try Spy<any GCQueue<Int>>(forwardingTo: live)
        let queue = spy()
        await queue.push(4)
        await queue.push(2)
        #expect(queue.name == "inbox")
        #expect(queue.describe(verbose: true) == "inbox (2 items)")
        spy.when { $0.describe(verbose: Match.equal(false)) }.thenReturn("stubbed")
        #expect(queue.describe(verbose: false) == "stubbed")
        #expect(try queue.drain() == [4, 2])
        #expect(try live.drain() == [])
        await spy.verify(2...2) { await $0.push(Match.any()) }
        spy.verify { $0.name }
    }

    @Test func aClassBoundSpyForwardsItsNonClassBoundBasesRequirementsBySelfAddress() throws {
        let live = GCLiveSession(label: "checkout")
        let spy = try Spy<any GCSession>(forwardingTo: live)
        #expect(spy().label == "checkout")
        #expect(spy().close())
        #expect(spy().close() == false)
        #expect(live.isOpen == false)
        spy.verify { $0.label }
        spy.verify(2...2) { $0.close() }
    }

    @Test func anAsyncThrowingGetterIsProvenFromTheTargetsThunk() async throws {
        let live = GCBufferedFeed<String>()
        let spy = try Spy<any GCFeed<String>>(forwardingTo: live)
        await #expect(throws: GCCacheError.full) { _ = try await spy().latest }
        live.items = ["a", "b"]
        #expect(try await spy().latest == "b")
        await spy.when { try await $0.latest }.thenReturn("override")
        #expect(try await spy().latest == "override")
        await spy.verify(3...3) { try await $0.latest }
    }

    @Test func aStubDiscoveringFromAGenericConformerNeverCallsIt() async throws {
        let conformer = GCMemoryQueue<String>(name: "unused")
        await conformer.push("kept")
        let stub = try Stub<any GCQueue<String>>(discoveringFrom: conformer)
        stub.when { $0.name }.thenReturn("stubbed")
        stub.when { try $0.drain() }.thenReturn(["x", "y"])
        let pushes = await stub.when { await $0.push(Match.any()) }
        pushes.thenDoNothing()
        #expect(stub().name == "stubbed")
        #expect(try stub().drain() == ["x", "y"])
        await stub().push("z")
        let pushed: [String] = pushes.arguments()
        #expect(pushed == ["z"])
        #expect(try conformer.drain() == ["kept"])
    }

    @Test func aBlueprintReadThroughOneAnchorServesAnotherConformer() throws {
        let first = try Spy<any GCNamed>(forwardingTo: GCTagged(tag: 7))
        #expect(first().describe(verbose: true) == "tagged 7 [Int]")
        let second = try Spy<any GCNamed>(forwardingTo: GCMemoryQueue<Double>(name: "outbox"))
        #expect(second().name == "outbox")
        #expect(second().describe(verbose: false) == "outbox")
        let third = try Spy<any GCNamed>(forwardingTo: GCTagged(tag: "x"))
        #expect(third().describe(verbose: true) == "tagged x [String]")
        second.verify(1...1) { $0.describe(verbose: Match.equal(false)) }
    }

    @Test func aPlainStubBeforeAnySpyServesTheSpyToo() throws {
        let stub = try Stub<any GCLaterAnchoredCache<String>>()
        stub.when { $0.contains(Match.equal("b")) }.thenReturn(true)
        stub.when { $0.contains(Match.any()) }.thenReturn(false)
        #expect(stub().contains("b"))
        #expect(stub().contains("a") == false)
        let spy = try Spy<any GCLaterAnchoredCache<String>>(forwardingTo: GCLaterAnchoredSet(["a"]))
        #expect(spy().contains("a"))
        #expect(spy().contains("b") == false)
        spy.verify(2...2) { $0.contains(Match.any()) }
    }

    @Test func aPlainStubOfABoundProtocolReadsItsGenericConformersPattern() throws {
        let url = Self.logo
        let stub = try Stub<any GCUnanchoredCache<URL, Data>>()
        stub.when { $0.value(forKey: Match.equal(url)) }.thenReturn(Data([5, 6]))
        stub.when { $0.value(forKey: Match.any()) }.thenReturn(nil)
        #expect(stub().value(forKey: url) == Data([5, 6]))
        #expect(stub().value(forKey: Self.banner) == nil)
        let keys: [URL] = stub.when { $0.value(forKey: Match.any()) }.arguments()
        #expect(keys == [url, Self.banner])
    }

    @Test func aPlainStubOfAnUnboundProtocolReadsItsGenericConformersPattern() throws {
        let stub = try Stub<any GCUnanchoredLogger>()
        let logs = stub.when { $0.log(Match.any()) }
        logs.thenDoNothing()
        stub().log("launched")
        stub().log("signed in")
        let messages: [String] = logs.arguments()
        #expect(messages == ["launched", "signed in"])
    }
}
