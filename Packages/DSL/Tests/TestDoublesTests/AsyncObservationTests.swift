import Synchronization
import TestDoubles
import Testing

/// An async analytics protocol the observation tests call from other tasks.
protocol AsyncAnalytics: Sendable {
    func track(event: String, value: Int) async
    func flush() async throws -> Int
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveAsyncAnalytics: AsyncAnalytics {
    func track(event: String, value: Int) async {}
    func flush() async throws -> Int { 0 }
}

/// The README's remote source in the `thenForEachCall` example.
struct RemoteFeedSource: Sendable {
    func load(attempt: Int) async throws -> [String] {
        await Task.yield()
        if attempt == 1 { throw NetworkError(code: 503) }
        return ["attempt \(attempt)"]
    }
}

/// `thenForEachCall`, eventual `verify(_:within:)` and `stream()` through
/// fabricated async stubs.
@Suite(.timeLimit(.minutes(5))) struct AsyncObservationTests {
    @Test func readmeThenForEachCallWithAsyncHandlerAndFallback() async throws {
        let loader = try Stub<any FeedLoader>()
        let remote = RemoteFeedSource()

        let loads = await loader.when { try await $0.loadFeed() }
            .thenForEachCall(times: 2) { attempt in try await remote.load(attempt: attempt) }
            .thenReturn(["offline"])

        let feed: any FeedLoader = loader()
        await #expect(throws: NetworkError(code: 503)) { try await feed.loadFeed() }
        #expect(try await feed.loadFeed() == ["attempt 2"])
        #expect(try await feed.loadFeed() == ["offline"])
        #expect(try await feed.loadFeed() == ["offline"])
        loads.verify(4...4)
    }

    @Test func thenForEachCallCountsEachCallWithItsArguments() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        let flushes = await analytics.when { try await $0.flush() }
        flushes.thenForEachCall { (count: Int) in count * 100 }
        let tracks = await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }
        let seen = RecordedEvents()
        tracks.thenForEachCall { (count: Int, event: String, value: Int) in
            seen.append("\(count):\(event)=\(value)")
        }

        let sut: any AsyncAnalytics = analytics()
        await sut.track(event: "open", value: 1)
        await sut.track(event: "close", value: 2)
        #expect(try await sut.flush() == 100)
        #expect(try await sut.flush() == 200)
        #expect(seen.all == ["1:open=1", "2:close=2"])
    }

    @Test func asyncThenForEachCallRunsOnTheCallersTask() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        await analytics.when { try await $0.flush() }
            .thenForEachCall { (count: Int) async throws -> Int in
                await Task.yield()
                return count + AsyncObservationTests.flushOffset
            }
        let sut: any AsyncAnalytics = analytics()
        let value = try await AsyncObservationTests.$flushOffset.withValue(1_000) { try await sut.flush() }
        #expect(value == 1_001)
        #expect(try await sut.flush() == 2)
    }

    @TaskLocal static var flushOffset = 0

    @Test func eventualVerifyWaitsForACallOnAnotherTask() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        let syncCompleted = await analytics.when {
            await $0.track(event: Match.equal("sync_completed"), value: Match.any())
        }
        syncCompleted.thenDoNothing()
        await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let sut: any AsyncAnalytics = analytics()

        let background = Task.detached {
            await sut.track(event: "sync_started", value: 0)
            await sut.track(event: "sync_completed", value: 3)
        }
        #expect(await syncCompleted.verify(1..., within: .seconds(60)))
        await background.value
        syncCompleted.verify(1...1)
        let values: [(String, Int)] = syncCompleted.arguments()
        #expect(values.map(\.1) == [3])
    }

    @Test func eventualVerifyReportsATimeoutWhenNoCallComes() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        let never = await analytics.when { await $0.track(event: Match.equal("never"), value: Match.any()) }
        never.thenDoNothing()
        var passed = true
        await withKnownIssue {
            passed = await never.verify(1..., within: .milliseconds(50))
        }
        #expect(passed == false)
    }

    @Test func streamYieldsCallsMadeOnOtherTasks() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        let allEvents = await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()
        let sut: any AsyncAnalytics = analytics()
        await sut.track(event: "before", value: 0)  // made before the stream exists: not yielded

        let events: InvocationStream<(String, Int)> = allEvents.stream()
        let producer = Task.detached {
            await sut.track(event: "add_to_cart", value: 30)
            await sut.track(event: "purchase", value: 42)
        }

        var iterator = events.makeAsyncIterator()
        let first = try #require(await iterator.next(within: .seconds(60)))
        let second = try #require(await iterator.next(within: .seconds(60)))
        #expect(first.0 == "add_to_cart")
        #expect(first.1 == 30)
        #expect(second.0 == "purchase")
        #expect(second.1 == 42)
        await producer.value
        allEvents.verify(3...3)
    }

    @Test func streamOfAFilteredPatternYieldsOnlyItsMatches() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        let purchases = await analytics.when {
            await $0.track(event: Match.equal("purchase"), value: Match.any())
        }
        purchases.thenDoNothing()
        await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let sut: any AsyncAnalytics = analytics()

        let stream: InvocationStream<(String, Int)> = purchases.interactions.stream()
        let producer = Task.detached {
            for value in 1...5 { await sut.track(event: value.isMultiple(of: 2) ? "purchase" : "view", value: value) }
        }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next(within: .seconds(60))
        let second = await iterator.next(within: .seconds(60))
        #expect(first?.0 == "purchase")
        #expect(first?.1 == 2)
        #expect(second?.1 == 4)
        await producer.value
    }
}

/// A thread-safe list the handlers append to.
final class RecordedEvents: Sendable {
    private let events = Mutex<[String]>([])

    var all: [String] { events.withLock { $0 } }

    func append(_ event: String) { events.withLock { $0.append(event) } }
}
