#if compiler(>=6.2)
import TestDoublesMacros
import Testing

/// A client with the async fields a Swift 6.2 module writes: one kept off its
/// caller's actor (`@concurrent`), one run on it (`nonisolated(nonsending)`,
/// what every unmarked async field is under `NonisolatedNonsendingByDefault`).
@StubbableClient
struct FeedClient {
    var refresh: @concurrent @Sendable (Int) async -> Int
    var load: nonisolated(nonsending) @Sendable (String) async throws -> [String]
}

/// Whether the caller runs on the main actor.
private func onMainActor(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
    isolation.map { $0 === MainActor.shared } ?? false
}

@Suite struct StubbableNonsendingClientTests {
    @MainActor @Test func bothKindsOfAsyncFieldAreWired() async throws {
        let feed = FeedClientDoubles.preset().stub()
        await feed.when { await $0.refresh(Match.any()) }.then { (value: Int) in value * 2 }
        await feed.when { try await $0.load("news") }.thenReturn(["a"])
        let client = feed()
        #expect(await client.refresh(21) == 42)
        #expect(try await client.load("news") == ["a"])
        await feed.verify(.once) { await $0.refresh(21) }
        await feed.verify(.once) { try await $0.load("news") }
    }

    @MainActor @Test func aSpyAwaitsTheNonsendingLiveFieldOnItsCallersActor() async throws {
        let live = FeedClient(refresh: { $0 }, load: { name in [name, "\(onMainActor())"] })
        let feed = FeedClientDoubles.preset().spy(forwardingTo: live)
        #expect(try await feed().load("x") == ["x", "true"])
        let load = feed().load
        #expect(try await Task.detached { try await load("y") }.value == ["y", "false"])
        await feed.verify(2...2) { try await $0.load(Match.any()) }
    }
}
#endif
