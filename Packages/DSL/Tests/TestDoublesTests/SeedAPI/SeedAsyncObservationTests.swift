import TestDoubles
import Testing

/// The feed service of the AsyncBehaviors article's examples.
protocol SeedFeedService: Sendable {
    func loadFeed() async throws -> [String]
    func markRead(_ id: Int) async
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveSeedFeedService: SeedFeedService {
    func loadFeed() async throws -> [String] { [] }
    func markRead(_ id: Int) async {}
}

/// The error the delayed-failure examples throw.
enum SeedFeedError: Error, Equatable {
    case offline
}

/// A view model whose loading state the suspension example observes.
@MainActor final class SeedFeedViewModel {
    private let service: any SeedFeedService
    private(set) var isLoading = false
    private(set) var posts: [String] = []

    init(service: any SeedFeedService) { self.service = service }

    func refresh() async {
        isLoading = true
        posts = (try? await service.loadFeed()) ?? []
        isLoading = false
    }
}

// The AsyncBehaviors article's observation tools, as a test written
// against the seed's API would use them: StubSuspension with counted waits,
// ManualStubClock driving delays and timeouts, delayed failures.
@Suite struct SeedAsyncObservationTests {
    @MainActor @Test func suspensionControlsWhenTheCallCompletes() async throws {
        let stub = try Stub<any SeedFeedService>()
        let suspension: StubSuspension<[String]> = await stub.when { try await $0.loadFeed() }.thenSuspend()

        let feed = SeedFeedViewModel(service: stub())
        let refresh = Task { await feed.refresh() }

        await suspension.waitForCall(within: .seconds(60))
        #expect(feed.isLoading)
        suspension.interactions.verify(1...1)

        suspension.resume(returning: ["Hello, world"])
        await refresh.value
        #expect(feed.isLoading == false)
        #expect(feed.posts == ["Hello, world"])
    }

    @Test func countedWaitsResolveConcurrentCallsInTheChosenOrder() async throws {
        let stub = try Stub<any SeedFeedService>()
        let suspension = await stub.when { try await $0.loadFeed() }.thenSuspend()
        let service = stub()

        let first = Task { try await service.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        let second = Task { try await service.loadFeed() }
        await suspension.waitForCall(count: 2, within: .seconds(60))
        #expect(suspension.pendingCount == 2)
        // Two calls are parked now; waiting for one more than that many returns at once.
        await suspension.waitForCall(count: 2)

        suspension.resume(returning: ["first"])
        suspension.resume(returning: ["second"])
        #expect(try await first.value == ["first"])
        #expect(try await second.value == ["second"])
    }

    @Test func countedWaitTimesOutOnTheManualClock() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        let suspension = await stub.when { try await $0.loadFeed() }.thenSuspend()

        let issues = await TestDoubleIssueReporting.capture {
            async let waited = suspension.waitForCall(count: 1, within: .seconds(30), using: clock)
            await clock.waitForSleepers(atLeast: 1)
            clock.advance(by: .seconds(30))
            #expect(await waited == false)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("expected 1 parked call(s), found 0"))
    }

    @Test func manualClockDrivesDelayedAnswers() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }.thenReturn(["late"], after: .seconds(5), using: clock)
        let service = stub()

        let load = Task { try await service.loadFeed() }
        await clock.waitForSleepers(atLeast: 1)
        #expect(clock.pendingSleepCount == 1)
        clock.advance(by: .seconds(4))
        #expect(clock.pendingSleepCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await load.value == ["late"])
        #expect(clock.pendingSleepCount == 0)
    }

    @Test func delayedFailuresThrowAfterTheirDelay() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        let loads = await stub.when { try await $0.loadFeed() }
        loads.thenThrow(SeedFeedError.offline, after: .seconds(2), using: clock)
        let service = stub()

        let load = Task { try await service.loadFeed() }
        await clock.waitForSleepers(atLeast: 1)
        clock.advanceToEnd()
        await #expect(throws: SeedFeedError.offline) { try await load.value }

        // The continuous-clock form, with a short delay, then the next answer.
        loads.thenThrow(SeedFeedError.offline, after: .milliseconds(1)).thenReturn(["back"])
        await #expect(throws: SeedFeedError.offline) { try await service.loadFeed() }
        #expect(try await service.loadFeed() == ["back"])
    }

    @Test func delayedBehaviorsOnANonThrowingRequirementFailClosed() async throws {
        let stub = try Stub<any SeedFeedService>()
        let marks = await stub.when { await $0.markRead(Match.any()) }
        let issues = TestDoubleIssueReporting.capture {
            marks.thenThrow(SeedFeedError.offline, after: .seconds(1), using: StubClocks.immediate)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("needs a throwing requirement"))

        marks.thenDoNothing(after: .milliseconds(1))
        await stub().markRead(7)
        await stub.verify { await $0.markRead(7) }
    }

    @Test func eventualVerificationTimesOutOnTheManualClock() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        let loads = await stub.when { try await $0.loadFeed() }.thenReturn(["x"])

        let issues = await TestDoubleIssueReporting.capture {
            async let onPattern = loads.verify(within: .seconds(10), using: clock)
            async let onDouble = stub.verify(within: .seconds(10), using: clock) { try await $0.loadFeed() }
            await clock.waitForSleepers(atLeast: 2)
            clock.advance(by: .seconds(10))
            #expect(await onPattern == false)
            #expect(await onDouble == false)
        }
        #expect(issues.count == 2)

        _ = try await stub().loadFeed()
        let passing = await TestDoubleIssueReporting.capture {
            await loads.verify(1..., within: .seconds(10), using: StubClocks.immediate)
        }
        #expect(passing.isEmpty)
    }

    @Test func immediateClockEndsSleepsAtOnce() async throws {
        let start = ContinuousClock.now
        try await StubClocks.immediate.sleep(for: .seconds(3600))
        #expect(ContinuousClock.now - start < .seconds(60))
        try await StubClocks.continuous.sleep(for: .milliseconds(1))
    }

    @Test func cancellingASleeperEndsItsSleepOnly() async throws {
        let clock = ManualStubClock()
        let cancelled = Task { try await clock.sleep(for: .seconds(1)) }
        let kept = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(atLeast: 2)
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.pendingSleepCount == 1)
        clock.advance(by: .seconds(1))
        try await kept.value
    }
}
