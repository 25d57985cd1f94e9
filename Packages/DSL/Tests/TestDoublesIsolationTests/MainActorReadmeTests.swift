import Foundation
import TestDoubles
import Testing

/// The seed README's async examples, written as an app's test suite writes
/// them: `@MainActor` tests in Swift 6 language mode.
@MainActor @Suite struct MainActorReadmeTests {
    @Test func quickStart() async throws {
        let auth = try Stub<any AuthService>()

        await auth.when { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret")) }
            .thenReturn("session-42")
        await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenThrow(AuthError.invalidCredentials)

        let service: any AuthService = auth()

        #expect(try await service.signIn(user: "blob", password: "sekret") == "session-42")
        await #expect(throws: AuthError.self) {
            try await service.signIn(user: "blob", password: "hunter2")
        }

        await auth.verify(2...2) { try await $0.signIn(user: Match.any(), password: Match.any()) }
        #expect(await auth.verify { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("hunter2")) })
    }

    @Test func failureAndRecovery() async throws {
        let loader = try Stub<any FeedLoader>()

        let loads = await loader.when { try await $0.loadFeed() }
            .thenThrow(URLError(.timedOut))
            .thenThrow(URLError(.networkConnectionLost))
            .thenReturn(["Hello, world"])

        let feed = FeedViewModel(loader: loader())
        await feed.refresh()

        #expect(feed.posts == ["Hello, world"])
        #expect(feed.retryCount == 2)
        loads.verify(3...3)
    }

    @Test func countedHandlerTouchesMainActorState() async throws {
        let loader = try Stub<any FeedLoader>()
        var attempts: [Int] = []  // main-actor state the handler mutates
        await loader.when { try await $0.loadFeed() }.thenForEachCall { (attempt: Int) in
            attempts.append(attempt)
            if attempt < 3 { throw URLError(.timedOut) }
            return ["Hello, world"]
        }

        let feed = FeedViewModel(loader: loader())
        await feed.refresh()

        #expect(feed.posts == ["Hello, world"])
        #expect(attempts == [1, 2, 3])
    }

    @Test func suspendAndResume() async throws {
        let loader = try Stub<any FeedLoader>()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()

        let feed = FeedViewModel(loader: loader())
        let refresh = Task { await feed.refresh() }

        #expect(await suspension.waitForCall(within: .seconds(60)))
        #expect(feed.isLoading)
        suspension.interactions.verify(1...1)

        suspension.resume(returning: ["Hello, world"])
        await refresh.value
        #expect(feed.isLoading == false)
        #expect(feed.posts == ["Hello, world"])
    }

    @Test func returningPlaceholderAndVerifyInOrder() async throws {
        let auth = try Stub<any AuthService>()
        let signIns = await auth.when(returning: "placeholder") {
            try await $0.signIn(user: Match.any(), password: Match.any())
        }
        signIns.then { (user: String, _: String) in "token-\(user)" }

        let service = auth()
        #expect(try await service.signIn(user: "a", password: "1") == "token-a")
        #expect(try await service.signIn(user: "b", password: "2") == "token-b")

        #expect(
            await auth.verifyInOrder {
                _ = try await $0.signIn(user: Match.equal("a"), password: Match.any())
                _ = try await $0.signIn(user: Match.equal("b"), password: Match.any())
            })
    }

    @Test func eventualVerificationAndStream() async throws {
        let analytics = try Stub<any Analytics>()
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()
        let events: InvocationStream<(String, Int)> = allEvents.stream()

        let sink = analytics()
        Task.detached { sink.track(event: "sync_completed", value: 1) }

        #expect(await allEvents.verify(1..., within: .seconds(60)))
        var iterator = events.makeAsyncIterator()
        let call = try #require(await iterator.next(within: .seconds(60)))
        #expect(call.0 == "sync_completed")
        #expect(call.1 == 1)
    }

    @Test func verifyWhatHappened() throws {
        let analytics = try Stub<any Analytics>()
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()

        var checkout = Checkout(analytics: analytics())
        checkout.add(item: "socks", price: 30)
        checkout.add(item: "hat", price: 12)
        checkout.placeOrder()

        analytics.when { $0.track(event: Match.equal("purchase"), value: Match.equal(42)) }.verify()
        allEvents.verify(3...3)
        let events: [(String, Int)] = allEvents.arguments()
        #expect(events.map(\.0) == ["add_to_cart", "add_to_cart", "purchase"])
        analytics.verifyInOrder {
            $0.track(event: Match.equal("add_to_cart"), value: Match.any())
            $0.track(event: Match.equal("purchase"), value: Match.any())
        }
    }

    @Test func issuesOfAnUnmatchedCallAreCapturedOnTheMainActor() async throws {
        let loader = try Stub<any FeedLoader>()
        var ran = false  // main-actor state the operation writes
        let issues = await TestDoubleIssueReporting.capture {
            MainActor.assertIsolated("capture runs its operation on the caller's actor")
            _ = try? await loader().loadFeed()
            ran = true
        }
        #expect(ran)
        #expect(issues.map(\.kind) == [.unmatchedCall])
    }
}
