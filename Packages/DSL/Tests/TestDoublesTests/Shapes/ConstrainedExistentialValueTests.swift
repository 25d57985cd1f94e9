import TestDoubles
import Testing

protocol ExistentialSleeper {
    func sleep(for d: Duration, clock: any _Concurrency.Clock<Duration>) async throws
}

struct LinkedExistentialSleeper: ExistentialSleeper {
    func sleep(for d: Duration, clock: any _Concurrency.Clock<Duration>) async throws {}
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
struct FixedClock: _Concurrency.Clock {
    var now: ContinuousClock.Instant
    var minimumResolution: Duration { .milliseconds(7) }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
}

final class Recorded: @unchecked Sendable {
    var values: [String] = []
}

/// Constrained existentials (`any _Concurrency.Clock<Duration>`, `any Sequence<Int>`) as
/// values in requirement signatures, written from the signatures of issue 19.
@Suite struct ConstrainedExistentialValueTests {
    @Test func sleeperHandlerUsesTheClock() async throws {
        let stub = try Stub<any ExistentialSleeper>()
        let recorded = Recorded()
        let sleeps = await stub.when { try await $0.sleep(for: Match.any(), clock: Match.any()) }
        sleeps.then { (d: Duration, clock: any _Concurrency.Clock<Duration>) in
            recorded.values.append("\(d) \(clock.minimumResolution)")
        }
        try await stub().sleep(for: .seconds(2), clock: FixedClock(now: .now))
        #expect(recorded.values == ["2.0 seconds 0.007 seconds"])
        let arguments: [(Duration, any _Concurrency.Clock<Duration>)] = sleeps.arguments()
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

protocol ExistentialObjectSource<Output>: AnyObject {
    associatedtype Output
    func next() -> Output
}

final class CountingObjectSource: ExistentialObjectSource {
    let start: Int
    init(start: Int) { self.start = start }
    func next() -> Int { start }
}

protocol ExistentialSources {
    func take(_ source: any ExistentialObjectSource<Int>) async throws -> Int
    func make() -> any ExistentialObjectSource<Int>
}

struct LinkedExistentialSources: ExistentialSources {
    func take(_ source: any ExistentialObjectSource<Int>) async throws -> Int { source.next() }
    func make() -> any ExistentialObjectSource<Int> { CountingObjectSource(start: 0) }
}

#if compiler(>=6.1)
final class ObjectSequence: Sequence {
    func makeIterator() -> IndexingIterator<[Int]> { [3, 1, 4].makeIterator() }
}

protocol ExistentialObjectSequences {
    func sum(_ values: any Sequence<Int> & AnyObject) -> Int
    var shared: any Sequence<Int> & AnyObject { get }
}

struct LinkedExistentialObjectSequences: ExistentialObjectSequences {
    func sum(_ values: any Sequence<Int> & AnyObject) -> Int { values.reduce(0, +) }
    var shared: any Sequence<Int> & AnyObject { ObjectSequence() }
}

protocol ExistentialComposition {
    func describe(_ values: any Sequence<Int> & CustomStringConvertible) -> String
}

struct LinkedExistentialComposition: ExistentialComposition {
    func describe(_ values: any Sequence<Int> & CustomStringConvertible) -> String { values.description }
}
#endif

/// Class-bound constrained existentials travel as words (a reference, then a witness table).
@Suite struct ClassBoundConstrainedExistentialTests {
    @Test func classBoundProtocolWithAPrimaryType() async throws {
        let stub = try Stub<any ExistentialSources>()
        let source = CountingObjectSource(start: 41)
        await stub.when { try await $0.take(Match.any()) }.then { (source: any ExistentialObjectSource<Int>) in
            source.next() + 1
        }
        stub.when { $0.make() }.thenReturn(source as any ExistentialObjectSource<Int>)
        let sources = stub()
        #expect(try await sources.take(CountingObjectSource(start: 9)) == 10)
        #expect(sources.make() === source)
    }

    #if compiler(>=6.1)
    @Test func sequenceAndAnyObject() throws {
        let stub = try Stub<any ExistentialObjectSequences>()
        let shared = ObjectSequence()
        // No standard type is a class sequence, so the recording pass needs a value handed over.
        let sums = stub.when { $0.sum(Match.any(using: shared)) }
        sums.then { (values: any Sequence<Int> & AnyObject) in values.reduce(0, +) * 2 }
        stub.when { $0.shared }.thenReturn(shared as any Sequence<Int> & AnyObject)
        let sequences = stub()
        #expect(sequences.sum(ObjectSequence()) == 16)
        #expect(sequences.shared === shared)
        let received: [any Sequence<Int> & AnyObject] = sums.arguments()
        #expect(received.map { Array($0) } == [[3, 1, 4]])
    }

    /// A constrained existential composed with another protocol has no metadata this builds: construction
    /// fails closed naming the requirement and the type, with a fix that needs no change to the protocol.
    @Test func compositionWithAnotherProtocolFailsClosed() {
        do {
            _ = try Stub<any ExistentialComposition>()
            Issue.record("expected construction to fail closed")
        } catch {
            #expect(error.requirement == "ExistentialComposition.describe(_:)")
            #expect(error.reason.contains("Swift.CustomStringConvertible & Swift.Sequence"))
            #expect(error.reason.contains("Element == Swift.Int"))
            #expect(error.reason.contains("composed with other protocols"))
            #expect(error.fix.contains("signatureOf"))
            #expect(!error.fix.contains("debug info"))
        }
    }
    #endif
}

/// No conformer of this protocol is linked: only explicit requirements describe it.
protocol UnlinkedExistentialStore {
    func save(_ values: any Collection<String>) -> Int
    func latest() async throws -> any Sequence<Int>
}

@Suite struct ExplicitConstrainedExistentialTests {
    @Test func explicitRequirementsCarryConstrainedExistentials() async throws {
        let stub = try Stub<any UnlinkedExistentialStore>(
            .method("save(_:)", signatureOf: { $0.save }),
            .method("latest()", signatureOf: { $0.latest })
        )
        stub.when { $0.save(Match.any()) }.then { (values: any Collection<String>) in values.count + 100 }
        await stub.when { try await $0.latest() }.thenReturn(stride(from: 1, to: 10, by: 4) as any Sequence<Int>)
        let store = stub()
        #expect(store.save(["q", "r"]) == 102)
        #expect(try await store.latest().map { $0 } == [1, 5, 9])
    }
}

protocol ExistentialMetatypes {
    func kind(_ type: (any Sequence<Int>).Type, _ value: Int) -> Int
}

struct LinkedExistentialMetatypes: ExistentialMetatypes {
    func kind(_ type: (any Sequence<Int>).Type, _ value: Int) -> Int { value }
}

/// The metatype of a constrained existential has one value: it is passed thin (nothing), and the
/// next argument keeps its register.
@Suite struct ConstrainedExistentialMetatypeTests {
    @Test func thinMetatypeBeforeAnInteger() throws {
        let stub = try Stub<any ExistentialMetatypes>()
        stub.when { $0.kind(Match.any(), Match.any()) }.then { (type: (any Sequence<Int>).Type, value: Int) in
            value * 3
        }
        #expect(stub().kind((any Sequence<Int>).self, 14) == 42)
    }
}
