import TestDoubles
import Testing

/// Async closures as requirement arguments and results, as real protocols use them.
protocol FeedSource: Sendable {
    func fetch(completion: @escaping @Sendable (String) async -> Void) async
    func transform(_ step: @escaping @Sendable (Int) async throws -> Int) async throws -> Int
    func schedule(_ work: @escaping @Sendable () async -> Void)
    func run(_ operation: @escaping () async throws -> Int) async rethrows -> Int
    func makeLoader() -> @Sendable (String) async throws -> Int
    func onMain(_ body: @escaping @MainActor (Int) async -> Int) async -> Int
}

struct LiveFeedSource: FeedSource {
    func fetch(completion: @escaping @Sendable (String) async -> Void) async { await completion("live") }
    func transform(_ step: @escaping @Sendable (Int) async throws -> Int) async throws -> Int { try await step(1) }
    func schedule(_ work: @escaping @Sendable () async -> Void) {}
    func run(_ operation: @escaping () async throws -> Int) async rethrows -> Int { try await operation() }
    func makeLoader() -> @Sendable (String) async throws -> Int { { $0.count } }
    func onMain(_ body: @escaping @MainActor (Int) async -> Int) async -> Int { await body(0) }
}

struct LoaderFailure: Error, Equatable { var name: String }

/// A non-Sendable counter a non-Sendable closure captures.
final class RunCounter {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}

/// Collects values from async closures the code under test passes.
actor Inbox {
    private(set) var items: [String] = []
    func append(_ item: String) { items.append(item) }
}

@Suite struct AsyncClosureShapeTests {
    @MainActor @Test func aHandlerAwaitsTheAsyncCompletionItReceives() async throws {
        let source = try Stub<any FeedSource>()
        let fetches = await source.when { await $0.fetch(completion: Match.any()) }
        fetches.then { (completion: @escaping @Sendable (String) async -> Void) in
            await completion("first")
            await completion("second")
        }
        let inbox = Inbox()
        await source().fetch { item in await inbox.append(item) }
        #expect(await inbox.items == ["first", "second"])

        // arguments() hands back the same callable closures.
        let recorded: [@Sendable (String) async -> Void] = fetches.arguments()
        #expect(recorded.count == 1)
        await recorded.first?("later")
        #expect(await inbox.items == ["first", "second", "later"])
        fetches.verify(1...1)
    }

    @MainActor @Test func throwingAsyncClosureArgumentsReturnAndThrow() async throws {
        let source = try Stub<any FeedSource>()
        await source.when { try await $0.transform(Match.any()) }
            .then { (step: @escaping @Sendable (Int) async throws -> Int) in try await step(20) + 1 }
        #expect(try await source().transform { $0 * 2 } == 41)
        await #expect(throws: LoaderFailure(name: "step")) {
            try await source().transform { _ in throw LoaderFailure(name: "step") }
        }
    }

    // Nonisolated: a non-Sendable closure passed to a nonisolated async requirement stays in this task.
    @Test func aRethrowingRequirementAwaitsANonSendableAsyncClosure() async throws {
        let source = try Stub<any FeedSource>()
        await source.when { try await $0.run(Match.any()) }
            .then { (operation: @escaping () async throws -> Int) in try await operation() * 10 }
        let counter = RunCounter()
        #expect(await source().run { counter.next() } == 10)
        #expect(await source().run { counter.next() } == 20)
        await #expect(throws: LoaderFailure(name: "run")) {
            try await source().run { throw LoaderFailure(name: "run") }
        }
    }

    @MainActor @Test func aSyncRequirementStoresAnAsyncClosureCalledLater() async throws {
        let source = try Stub<any FeedSource>()
        let schedules = source.when { $0.schedule(Match.any()) }
        schedules.thenDoNothing()
        let inbox = Inbox()
        source().schedule { await inbox.append("ran") }
        let work: [@Sendable () async -> Void] = schedules.arguments()
        #expect(work.count == 1)
        #expect(await inbox.items.isEmpty)
        for item in work { await item() }
        #expect(await inbox.items == ["ran"])
    }

    @MainActor @Test func aStubbedAsyncClosureResultReturnsWhatTheTestConfigured() async throws {
        let source = try Stub<any FeedSource>()
        source.when { $0.makeLoader() }
            .thenReturn { @Sendable (name: String) async throws -> Int in
                guard name != "missing" else { throw LoaderFailure(name: name) }
                return name.count * 100
            }
        let load = source().makeLoader()
        #expect(try await load("feed") == 400)
        await #expect(throws: LoaderFailure(name: "missing")) { try await load("missing") }
    }

    @MainActor @Test func aMainActorAsyncClosureArgumentRunsOnTheMainActor() async throws {
        let source = try Stub<any FeedSource>()
        await source.when { await $0.onMain(Match.any()) }
            .then { (body: @escaping @MainActor (Int) async -> Int) in await body(6) }
        let answer = await source().onMain { value in
            MainActor.assertIsolated()
            return value * 7
        }
        #expect(answer == 42)
    }

    @MainActor @Test func aSpyForwardsAsyncClosuresBothWays() async throws {
        let spy = try Spy<any FeedSource>(forwardingTo: LiveFeedSource())
        let inbox = Inbox()
        await spy().fetch { item in await inbox.append(item) }
        #expect(await inbox.items == ["live"])
        #expect(try await spy().transform { $0 + 41 } == 42)
        let load = spy().makeLoader()
        #expect(try await load("four") == 4)

        // A configured requirement is answered by the spy's handler, the rest still forward.
        await spy.when { await $0.fetch(completion: Match.any()) }
            .then { (completion: @escaping @Sendable (String) async -> Void) in await completion("stubbed") }
        await spy().fetch { item in await inbox.append(item) }
        #expect(await inbox.items == ["live", "stubbed"])
    }
}
