import Synchronization
import Testing

@testable import TestDoublesRecorder

@Suite struct AsyncBehaviorTests {
    @Test func asyncWhenConfiguresAsyncRequirements() async throws {
        let auth = ServiceDouble(name: "Stub<any AuthService>")
        await auth.when { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret")) }
            .thenReturn("session-42")
        await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenThrow(ServiceError.denied)
        let service = auth()
        #expect(try await service.signIn(user: "blob", password: "sekret") == "session-42")
        await #expect(throws: ServiceError.denied) { try await service.signIn(user: "blob", password: "hunter2") }
        let found = await issues {
            await auth.verify(2...2) { try await $0.signIn(user: Match.any(), password: Match.any()) }
        }
        #expect(found.isEmpty)
    }

    @Test func asyncVerificationOrderAndInvocationOrder() async throws {
        let auth = ServiceDouble(name: "auth")
        let feed = ServiceDouble(name: "feed")
        await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }.thenReturn("s")
        await feed.when { try await $0.loadFeed() }.thenReturn([])
        _ = try await auth().signIn(user: "a", password: "p")
        _ = try await feed().loadFeed()
        _ = try await auth().signIn(user: "b", password: "p")
        let passed = await issues {
            await auth.verify { try await $0.signIn(user: Match.equal("b"), password: Match.any()) }
            await auth.verifyInOrder {
                _ = try await $0.signIn(user: "a", password: "p")
                _ = try await $0.signIn(user: "b", password: "p")
            }
            await InvocationOrder {
                _ = try await auth().signIn(user: "a", password: "p")
                _ = try await feed().loadFeed()
            }
        }
        #expect(passed.isEmpty)
        let failed = await issues {
            await InvocationOrder(exhaustive: true) {
                _ = try await feed().loadFeed()
                _ = try await auth().signIn(user: "a", password: "p")
            }
        }
        #expect(failed.count == 1)
    }

    @Test func asyncHandlersRunOnAsyncRequirements() async throws {
        let loader = ServiceDouble()
        await loader.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .then { (user: String) async throws -> String in
                await Task.yield()
                return "token-\(user)"
            }
        #expect(try await loader().signIn(user: "ann", password: "x") == "token-ann")
    }

    @Test func countedAsyncHandlerRetriesThenSucceeds() async throws {
        let loader = ServiceDouble()
        await loader.when { try await $0.loadFeed() }.thenForEachCall { (attempt: Int) async throws -> [String] in
            if attempt < 3 { throw ServiceError.offline }
            return ["Hello, world"]
        }
        await #expect(throws: ServiceError.offline) { try await loader().loadFeed() }
        await #expect(throws: ServiceError.offline) { try await loader().loadFeed() }
        #expect(try await loader().loadFeed() == ["Hello, world"])
    }

    @Test func asyncOnlyBehaviorsFailClosedOnSyncRequirements() {
        let double = ServiceDouble()
        let found = issues {
            _ = double.when { $0.translate(Match.any()) }.thenSuspend()
            double.when { $0.translate(Match.any()) }.thenNeverReturn()
            double.when { $0.translate(Match.any()) }.thenAwaitCancellation()
            double.when { $0.translate(Match.any()) }.thenReturn("late", after: .seconds(1))
            double.when { $0.translate(Match.any()) }.then { (_: String) async in "async" }
        }
        #expect(found.count == 5)
        #expect(found.allSatisfy { $0.kind == .invalidBehavior })
        #expect(
            found.first?.message.contains("thenSuspend needs an async requirement, and translate(_:) is sync") == true)
    }

    @Test func suspensionParksCallsUntilTheTestResumesThem() async throws {
        let loader = ServiceDouble(name: "Stub<any FeedLoader>")
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let service = loader
        let refresh = Task { try await service.loadFeed() }

        #expect(await suspension.waitForCall(within: .seconds(60)))
        #expect(suspension.pendingCount == 1)
        #expect(issues { suspension.interactions.verify(1...1) }.isEmpty)
        suspension.resume(returning: ["Hello, world"])
        #expect(try await refresh.value == ["Hello, world"])
        #expect(suspension.pendingCount == 0)

        let failing = Task { try await service.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        suspension.resume(throwing: ServiceError.offline)
        await #expect(throws: ServiceError.offline) { try await failing.value }
    }

    @Test func cancelledSuspendedCallLeavesTheQueue() async {
        let loader = ServiceDouble()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let service = loader
        let call = Task { try await service.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(suspension.pendingCount == 0)
    }

    @Test func suspensionMisuseIsReportedAtTheCaller() async throws {
        let loader = ServiceDouble()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let found = await issues {
            suspension.resume(returning: [])
            await suspension.waitForCall(within: .milliseconds(20))
        }
        #expect(found.map(\.kind) == [.invalidBehavior, .timedOut])
        let issue = try #require(found.first)
        #expect(issue.message.contains("no call is parked"))
        let lastIssue = try #require(found.last)
        #expect(lastIssue.message.contains("No call reached the thenSuspend() behavior"))
    }

    @Test func delayedReturnUsesTheInjectedClock() async throws {
        let clock = ManualClock()
        let loader = ServiceDouble()
        await loader.when { await $0.count() }.thenReturn(5, after: .seconds(30), clock: clock)
        let service = loader
        let call = Task { await service.count() }
        await clock.waitForSleeper()
        clock.advance(by: .seconds(29))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await call.value == 5)
    }

    @Test func awaitCancellationCompletesWhenTheCallerIsCancelled() async {
        let loader = ServiceDouble()
        let pattern = await loader.when { try await $0.loadFeed() }
        let interactions = pattern.thenAwaitCancellation()
        let service = loader
        let call = Task { try await service.loadFeed() }
        #expect(await interactions.verify(1..., within: .seconds(60)))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }

        // A non-throwing requirement answers with its default value instead.
        let counts = await loader.when { await $0.count() }.thenAwaitCancellation()
        let counting = Task { await service.count() }
        await counts.verify(1..., within: .seconds(60))
        counting.cancel()
        #expect(await counting.value == 0)
    }

    @Test func neverReturnKeepsTheCallerSuspended() async {
        let loader = ServiceDouble()
        let wedged = await loader.when { await $0.refresh() }.thenNeverReturn()
        let finished = Mutex(false)
        let service = loader
        let call = Task {
            await service.refresh()
            finished.withLock { $0 = true }
        }
        #expect(await wedged.verify(1...1, within: .seconds(60)))
        call.cancel()  // a wedged dependency ignores cancellation too
        for _ in 0..<1_000 { await Task.yield() }
        #expect(finished.withLock { $0 } == false)
    }

    @Test func eventualVerificationWaitsForCallsOnOtherTasks() async {
        let analytics = ServiceDouble()
        let synced = analytics.when { $0.track(event: Match.equal("sync_completed"), value: Match.any()) }
        synced.thenDoNothing()
        let service = analytics
        Task.detached {
            for value in 1...3 { service.track(event: "sync_completed", value: value) }
        }
        let found = await issues { #expect(await synced.verify(3..., within: .seconds(60))) }
        #expect(found.isEmpty)
    }

    @Test func eventualVerificationReportsATimeout() async throws {
        let analytics = ServiceDouble()
        let synced = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        let found = await issues { #expect(await synced.verify(1..., within: .milliseconds(20)) == false) }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("within 0.02 seconds, observed 0"))
    }

    @Test func streamsYieldTypedArgumentsOfLaterMatchingCalls() async {
        let analytics = ServiceDouble()
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        analytics().track(event: "before", value: 0)
        let events: InvocationStream<(String, Int)> = allEvents.stream()
        let purchases: InvocationStream<String> = analytics.when {
            $0.track(event: Match.equal("purchase"), value: Match.any())
        }.stream()
        let service = analytics
        Task.detached {
            service.track(event: "add", value: 1)
            service.track(event: "purchase", value: 42)
        }
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next(within: .seconds(60))
        let second = await iterator.next(within: .seconds(60))
        #expect(first?.0 == "add")
        #expect(second?.0 == "purchase" && second?.1 == 42)
        #expect(await iterator.next(within: .milliseconds(20)) == nil)
        var purchaseIterator = purchases.makeAsyncIterator()
        #expect(await purchaseIterator.next(within: .seconds(60)) == "purchase")
    }
}
