import Foundation
import TestDoubles
import Testing

/// A test fixture that is itself an actor: the README's async examples run
/// inside its methods, isolated to it.
actor FeedHarness {
    private var attempts: [Int] = []  // actor state the handlers touch

    func failureAndRecovery() async throws -> (posts: [String], retries: Int, attempts: [Int]) {
        let loader = try Stub<any FeedLoader>()
        // An async handler written in the actor's method is isolated to the
        // actor: it runs there, whoever calls (here a @MainActor view model).
        let loads = await loader.when { try await $0.loadFeed() }.thenForEachCall {
            (attempt: Int) async throws -> [String] in
            self.assertIsolated("a handler formed in an actor's method runs on the actor")
            self.attempts.append(attempt)
            if attempt < 3 { throw URLError(.timedOut) }
            return ["Hello, world"]
        }
        let feed = await FeedViewModel(loader: loader())
        await feed.refresh()
        loads.verify(3...3)
        await loader.verify(3...3) { try await $0.loadFeed() }
        return (await feed.posts, await feed.retryCount, attempts)
    }

    func quickStart() async throws -> Bool {
        let auth = try Stub<any AuthService>()
        await auth.when { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret")) }
            .thenReturn("session-42")
        await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenForEachCall { (attempt: Int, user: String) in
                self.attempts.append(attempt)
                throw AuthError.invalidCredentials
            }
        let service = auth()
        let token = try await service.signIn(user: "blob", password: "sekret")
        let rejected = await (try? service.signIn(user: "eve", password: "x")) == nil
        let verified = await auth.verify(2...2) { try await $0.signIn(user: Match.any(), password: Match.any()) }
        return token == "session-42" && rejected && verified && attempts == [1, 2, 3, 1]
    }

    func suspendAndResume() async throws -> Bool {
        let loader = try Stub<any FeedLoader>()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let feed = await FeedViewModel(loader: loader())
        let refresh = Task { await feed.refresh() }
        guard await suspension.waitForCall(within: .seconds(60)) else { return false }
        let loading = await feed.isLoading
        suspension.resume(returning: ["Hello, world"])
        await refresh.value
        let posts = await feed.posts
        return loading && posts == ["Hello, world"]
    }
}

/// The same examples in a test isolated to a custom global actor.
@BackgroundActor @Suite struct GlobalActorIsolationTests {
    var attempts: [Int] = []

    @Test func failureAndRecovery() async throws {
        let loader = try Stub<any FeedLoader>()
        var seen: [Int] = []  // state of this global actor the handler touches
        // Written `async`, the handler is isolated to this global actor and
        // runs on it, although the @MainActor view model makes the calls.
        let loads = await loader.when { try await $0.loadFeed() }.thenForEachCall {
            (attempt: Int) async throws -> [String] in
            BackgroundActor.assertIsolated("a handler formed on a global actor runs on it")
            seen.append(attempt)
            if attempt < 3 { throw URLError(.timedOut) }
            return ["Hello, world"]
        }
        let feed = await FeedViewModel(loader: loader())
        await feed.refresh()
        #expect(await feed.posts == ["Hello, world"])
        #expect(await feed.retryCount == 2)
        #expect(seen == [1, 2, 3])
        loads.verify(3...3)
        await loader.verify(3...3) { try await $0.loadFeed() }
    }

    @Test func quickStartAndEventualVerification() async throws {
        let auth = try Stub<any AuthService>()
        await auth.when { try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret")) }
            .thenReturn("session-42")
        let others = await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
        others.thenThrow(AuthError.invalidCredentials)
        let service = auth()
        Task.detached { _ = try? await service.signIn(user: "eve", password: "x") }
        #expect(try await service.signIn(user: "blob", password: "sekret") == "session-42")
        #expect(await others.verify(2...2, within: .seconds(60)))
        #expect(await auth.verifyInOrder { _ = try await $0.signIn(user: Match.any(), password: Match.any()) })
    }
}

@Suite struct ActorIsolationTests {
    @Test func readmeExamplesInsideAnActor() async throws {
        let harness = FeedHarness()
        let outcome = try await harness.failureAndRecovery()
        #expect(outcome.posts == ["Hello, world"])
        #expect(outcome.retries == 2)
        #expect(outcome.attempts == [1, 2, 3])
        #expect(try await harness.quickStart())
        #expect(try await harness.suspendAndResume())
    }
}
