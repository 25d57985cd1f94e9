import TestDoubles
import Testing

protocol ExistentialSleeper {
    func sleep(for d: Duration, clock: any Swift.Clock<Duration>) async throws
}

struct LinkedExistentialSleeper: ExistentialSleeper {
    func sleep(for d: Duration, clock: any Swift.Clock<Duration>) async throws {}
}

protocol ExistentialFeed {
    func items() -> any Sequence<Int>
    var source: any AsyncSequence<Int, any Error> { get }
}

struct LinkedExistentialFeed: ExistentialFeed {
    func items() -> any Sequence<Int> { [] }
    var source: any AsyncSequence<Int, any Error> { AsyncThrowingStream<Int, any Error> { $0.finish() } }
}

protocol ExistentialStore {
    func save(_ values: any Collection<String>) -> Int
    func pick(_ p: (any Sequence<Int>)?) -> Int
}

struct LinkedExistentialStore: ExistentialStore {
    func save(_ values: any Collection<String>) -> Int { values.count }
    func pick(_ p: (any Sequence<Int>)?) -> Int { p.map { Array($0).reduce(0, +) } ?? -1 }
}

protocol ExistentialPairStore<Key, Value> {
    associatedtype Key
    associatedtype Value
}

struct IntStringPairStore: ExistentialPairStore {
    typealias Key = Int
    typealias Value = String
    let tag: Int
}

protocol ExistentialPairs {
    func keep(_ store: any ExistentialPairStore<Int, String>) throws -> Int
    var current: any ExistentialPairStore<Int, String> { get set }
    func each(_ body: @escaping (any Sequence<Int>) -> Int) -> Int
    func all(_ values: [any Sequence<Int>]) async -> Int
}

struct LinkedExistentialPairs: ExistentialPairs {
    func keep(_ store: any ExistentialPairStore<Int, String>) throws -> Int { 0 }
    var current: any ExistentialPairStore<Int, String> {
        get { IntStringPairStore(tag: 0) }
        set {}
    }
    func each(_ body: @escaping (any Sequence<Int>) -> Int) -> Int { 0 }
    func all(_ values: [any Sequence<Int>]) async -> Int { 0 }
}

/// A clock whose `now` is fixed, to tell the stub's answer from a real clock.
struct FixedClock: Swift.Clock {
    var now: ContinuousClock.Instant
    var minimumResolution: Duration { .milliseconds(7) }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
}

final class Recorded: @unchecked Sendable {
    var values: [String] = []
}

/// Constrained existentials (`any Swift.Clock<Duration>`, `any Sequence<Int>`) as
/// values in requirement signatures, written from the signatures of issue 19.
@Suite struct ConstrainedExistentialValueTests {
    @Test func sleeperHandlerUsesTheClock() async throws {
        let stub = try Stub<any ExistentialSleeper>()
        let recorded = Recorded()
        let sleeps = await stub.when { try await $0.sleep(for: Match.any(), clock: Match.any()) }
        sleeps.then { (d: Duration, clock: any Swift.Clock<Duration>) in
            recorded.values.append("\(d) \(clock.minimumResolution)")
        }
        try await stub().sleep(for: .seconds(2), clock: FixedClock(now: .now))
        #expect(recorded.values == ["2.0 seconds 0.007 seconds"])
        let arguments: [(Duration, any Swift.Clock<Duration>)] = sleeps.arguments()
        #expect(arguments.count == 1)
        #expect(arguments.first?.1.minimumResolution == .milliseconds(7))
    }

    @Test func feedReturnsSequencesAndAsyncSequences() async throws {
        let stub = try Stub<any ExistentialFeed>()
        stub.when { $0.items() }.thenReturn([4, 5, 6] as any Sequence<Int>)
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(8)
            continuation.yield(9)
            continuation.finish()
        }
        stub.when { $0.source }.thenReturn(stream as any AsyncSequence<Int, any Error>)
        let feed = stub()
        #expect(Array(feed.items()) == [4, 5, 6])
        var received: [Int] = []
        for try await value in feed.source { received.append(value) }
        #expect(received == [8, 9])
    }

    @Test func storeReceivesCollectionsAndOptionalSequences() throws {
        let stub = try Stub<any ExistentialStore>()
        stub.when { $0.save(Match.any()) }.then { (values: any Collection<String>) in values.count * 10 }
        stub.when { $0.pick(Match.any()) }.then { (p: (any Sequence<Int>)?) in
            p.map { Array($0).reduce(0, +) } ?? -1
        }
        let store = stub()
        #expect(store.save(["a", "b", "c"]) == 30)
        #expect(store.save(Set(["x"])) == 10)
        #expect(store.pick([1, 2, 3]) == 6)
        #expect(store.pick(nil) == -1)
        stub.verify(.exactly(2)) { $0.save(Match.any()) }
    }

    @Test func userProtocolWithTwoPrimaryTypes() async throws {
        let stub = try Stub<any ExistentialPairs>()
        stub.when { try $0.keep(Match.any()) }.then { (store: any ExistentialPairStore<Int, String>) in
            (store as? IntStringPairStore)?.tag ?? -1
        }
        stub.when { $0.current }.thenReturn(IntStringPairStore(tag: 12) as any ExistentialPairStore<Int, String>)
        let sets = stub.whenSet { $0.current = Match.any() }
        sets.thenDoNothing()
        stub.when { $0.each(Match.any()) }.then { (body: @escaping (any Sequence<Int>) -> Int) in body([1, 2]) }
        await stub.when { await $0.all(Match.any()) }.then { (values: [any Sequence<Int>]) in values.count }
        var pairs = stub()
        #expect(try pairs.keep(IntStringPairStore(tag: 5)) == 5)
        #expect((pairs.current as? IntStringPairStore)?.tag == 12)
        pairs.current = IntStringPairStore(tag: 33)
        let written: [any ExistentialPairStore<Int, String>] = sets.arguments()
        #expect((written.first as? IntStringPairStore)?.tag == 33)
        #expect(pairs.each { Array($0).count } == 2)
        #expect(await pairs.all([[1], [2, 3], []]) == 3)
    }

    @Test func spyForwardsConstrainedExistentials() throws {
        let spy = try Spy<any ExistentialStore>(forwardingTo: LinkedExistentialStore())
        let saves = spy.when { $0.save(Match.any()) }
        let store = spy()
        #expect(store.save(["a", "b"]) == 2)
        #expect(store.pick([1, 4]) == 5)
        #expect(store.pick(nil) == -1)
        let saved: [any Collection<String>] = saves.forwarded.arguments()
        #expect(saved.map(\.count) == [2])
    }
}

