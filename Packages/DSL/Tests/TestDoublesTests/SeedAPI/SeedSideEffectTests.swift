import Synchronization
import TestDoubles
import Testing

// `beforeEachCall`/`afterEachCall` (Getting Started), `thenEscaping` (Quick
// Start, Function Values) and `thenFatalError`, rewritten against fixtures
// of our own.

protocol PageLoading: Sendable {
    func load(url: String) async throws -> String
    func load(completion: @escaping (Result<String, any Error>) -> Void)
    func apply(_ body: @escaping @Sendable (Int) -> Int, to value: Int) -> Int
    func applyLater(_ body: @escaping @Sendable (Int) -> Int, to value: Int) async -> Int
    func pageCount() -> Int
}

struct LivePageLoading: PageLoading {
    func load(url: String) async throws -> String { url }
    func load(completion: @escaping (Result<String, any Error>) -> Void) { completion(.success("live")) }
    func apply(_ body: @escaping @Sendable (Int) -> Int, to value: Int) -> Int { body(value) }
    func applyLater(_ body: @escaping @Sendable (Int) -> Int, to value: Int) async -> Int { body(value) }
    func pageCount() -> Int { 0 }
}

/// What a test's metrics collector saw, across threads.
final class PageMetrics: Sendable {
    private let events = Mutex<[String]>([])
    func started(_ url: String) { events.withLock { $0.append("started \(url)") } }
    func finished(_ url: String) { events.withLock { $0.append("finished \(url)") } }
    var all: [String] { events.withLock { $0 } }
}

@Suite struct SeedSideEffectTests {
    @Test func actionsWrapTheSelectedAnswer() async throws {
        let metrics = PageMetrics()
        let stub = try Stub<any PageLoading>()
        let loads = await stub.when { try await $0.load(url: Match.any()) }
            .beforeEachCall { url in metrics.started(url) }
            .afterEachCall { url in metrics.finished(url) }
            .thenReturn("cached")
        #expect(try await stub().load(url: "/a") == "cached")
        #expect(try await stub().load(url: "/b") == "cached")
        #expect(metrics.all == ["started /a", "finished /a", "started /b", "finished /b"])
        loads.verify(2...2)
    }

    @Test func escapingCompletionIsKeptForTheTest() throws {
        let stub = try Stub<any PageLoading>()
        let callbacks = CallbackCapture<Result<String, any Error>>()
        stub.when { $0.load(completion: Match.any()) }.thenEscaping { completion in
            callbacks.capture(completion)
        }
        let received = Mutex<[String]>([])
        stub().load { result in received.withLock { $0.append((try? result.get()) ?? "failed") } }
        #expect(received.withLock { $0 }.isEmpty)
        #expect(callbacks.pendingCount == 1)
        callbacks.invokeNext(.success("page"))
        #expect(received.withLock { $0 } == ["page"])
    }

    @Test func callbackFirstHandlersReceiveTheRestOfTheArguments() async throws {
        typealias Transform = @Sendable (Int) -> Int
        let identity: Transform = { $0 }
        let stub = try Stub<any PageLoading>()
        stub.when { $0.apply(Match.any(using: identity), to: Match.any()) }
            .thenEscaping(times: 1) { (body: Transform, value: Int) in body(value) + 1 }
            .thenEscaping { (body: Transform, value: Int) in body(value) }
        #expect(stub().apply({ $0 * 2 }, to: 20) == 41)
        #expect(stub().apply({ $0 * 2 }, to: 20) == 40)

        await stub.when { await $0.applyLater(Match.any(using: identity), to: Match.any()) }
            .thenEscaping { (body: Transform, value: Int) async -> Int in
                await Task.yield()
                return body(body(value))
            }
        #expect(await stub().applyLater({ $0 + 5 }, to: 1) == 11)
    }

    @Test func thenFatalErrorIsReportedAndTheTestRunContinues() throws {
        let stub = try Stub<any PageLoading>()
        let line = #line + 1
        stub.when { $0.pageCount() }.thenFatalError("pageCount must come from the cache")
        var counted: Int?
        let issues = TestDoubleIssueReporting.capture { counted = stub().pageCount() }
        #expect(counted == 0)
        #expect(issues.map(\.location?.line) == [line])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("pageCount must come from the cache"))
    }

    @MainActor
    @Test func fromTheMainActor() async throws {
        let metrics = PageMetrics()
        let stub = try Stub<any PageLoading>()
        await stub.when { try await $0.load(url: Match.any()) }
            .afterEachCall { url in metrics.finished(url) }
            .thenEscaping { (url: String) async throws -> String in "main:\(url)" }
        #expect(try await stub().load(url: "/m") == "main:/m")
        #expect(metrics.all == ["finished /m"])
    }
}
