import Synchronization
import TestDoubles
import Testing

// Every example of the seed's AsyncBehaviors article, rewritten against the
// feed fixtures of SeedAsyncObservationTests (block 1 is `SeedFeedService`)
// and a view model of this file. Test names carry the article's block numbers;
// block 9 is SeedAsyncObservationTests.suspensionControlsWhenTheCallCompletes.

protocol ABJobQueue: Sendable {
    func pendingCount() async -> Int
    func drain() async throws -> [String]
}

struct ABLiveJobQueue: ABJobQueue {
    func pendingCount() async -> Int { 0 }
    func drain() async throws -> [String] { [] }
}

enum ABRefreshResult: Equatable {
    case loaded([String])
    case failed
    case timedOut
}

/// A view model that reports loading while its service call is in flight.
@MainActor final class ABFeedViewModel {
    private let service: any SeedFeedService
    private(set) var isLoading = false

    init(service: any SeedFeedService) { self.service = service }

    func refreshedPosts() async throws -> [String] {
        isLoading = true
        defer { isLoading = false }
        return try await service.loadFeed()
    }

    /// Gives up after `timeout`, cancelling the call and leaving it behind
    /// (a call that never returns cannot be awaited).
    func refreshWithTimeout(_ timeout: Duration) async -> ABRefreshResult {
        let service = self.service
        let loaded = Mutex<[String]?>(nil)
        let load = Task {
            let posts = try await service.loadFeed()
            loaded.withLock { $0 = posts }
        }
        try? await Task.sleep(for: timeout)
        if let posts = loaded.withLock({ $0 }) { return .loaded(posts) }
        load.cancel()
        return .timedOut
    }
}

@Suite struct AsyncBehaviorsArticleTests {
    @MainActor @Test func block2DelayedAnswerKeepsTheCallInFlight() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }
            .thenReturn(["Hello, world"], after: .milliseconds(200), using: clock)

        let feed = ABFeedViewModel(service: stub())
        async let posts = feed.refreshedPosts()
        await clock.waitForSleepers(atLeast: 1)
        // The call is still in flight, so the view model is loading.
        #expect(feed.isLoading)
        clock.advance(by: .milliseconds(200))
        #expect(try await posts == ["Hello, world"])
        #expect(feed.isLoading == false)
    }

    @Test func block3DelayedFailuresThenRecovery() async throws {
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }
            .thenThrow(SeedFeedError.offline, after: .milliseconds(10), times: 2)
            .thenReturn(["recovered"])
        let service = stub()
        await #expect(throws: SeedFeedError.offline) { try await service.loadFeed() }
        await #expect(throws: SeedFeedError.offline) { try await service.loadFeed() }
        #expect(try await service.loadFeed() == ["recovered"])
    }

    @MainActor @Test func blocks4And5NeverReturningCallTimesOut() async throws {
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }.thenNeverReturn()

        let feed = ABFeedViewModel(service: stub())
        let result = await feed.refreshWithTimeout(.milliseconds(50))
        #expect(result == .timedOut)
        await stub.verify(1..., within: .seconds(5)) { try await $0.loadFeed() }
    }

    @Test func block6AwaitCancellation() async throws {
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }.thenAwaitCancellation()

        let task = Task { try await stub().loadFeed() }
        await stub.verify(1..., within: .seconds(5)) { try await $0.loadFeed() }
        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func block7AwaitCancellationWithAnAnswer() async throws {
        let stub = try Stub<any ABJobQueue>()
        await stub.when { await $0.pendingCount() }.thenAwaitCancellation(returning: 0)
        await stub.when { try await $0.drain() }.thenAwaitCancellation(throwing: SeedFeedError.offline)
        let queue = stub()
        let counting = Task { await queue.pendingCount() }
        let draining = Task { try await queue.drain() }
        await stub.verify(1..., within: .seconds(5)) { try await $0.drain() }
        counting.cancel()
        draining.cancel()
        #expect(await counting.value == 0)
        await #expect(throws: SeedFeedError.offline) { try await draining.value }
    }

    @Test func block8CancelOnAManualClock() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }.thenCancel(after: .seconds(1), using: clock)

        let task = Task { try await stub().loadFeed() }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(task.isCancelled)
    }

    @Test func block10SuspendedCallsResumeInArrivalOrder() async throws {
        let stub = try Stub<any SeedFeedService>()
        let suspension = await stub.when { try await $0.loadFeed() }.thenSuspend()
        let first = Task { try await stub().loadFeed() }
        await suspension.waitForCall(within: .seconds(5))
        let second = Task { try await stub().loadFeed() }
        await suspension.waitForCall(count: 2, within: .seconds(5))

        suspension.resume(returning: ["first"])
        suspension.resume(returning: ["second"])
        #expect(try await first.value == ["first"])
        #expect(try await second.value == ["second"])
    }
}
