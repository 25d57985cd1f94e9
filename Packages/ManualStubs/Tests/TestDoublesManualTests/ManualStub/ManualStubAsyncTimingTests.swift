import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

protocol FeedLoader: Sendable {
    func loadFeed() async throws -> [String]
    func refreshCount() async -> Int
}

struct FeedLoaderStubConformer: FeedLoader, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func loadFeed() async throws -> [String] { try await stub.asyncThrowingCall() }
    func refreshCount() async -> Int { await stub.asyncCall() }
}
typealias FeedLoaderStub = ManualStub<FeedLoaderStubConformer>

@Suite struct ManualStubAsyncTimingTests {
    @Test func thenSuspendParksCallsUntilResumed() async throws {
        let loader = FeedLoaderStub()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let feed: any FeedLoader = loader()
        let load = Task { try await feed.loadFeed() }

        #expect(await suspension.waitForCall(within: .seconds(60)))
        suspension.interactions.verify(1...1)
        suspension.resume(returning: ["Hello, world"])
        #expect(try await load.value == ["Hello, world"])
    }

    @Test func thenSuspendCanResumeWithAnError() async {
        let loader = FeedLoaderStub()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let feed: any FeedLoader = loader()
        let load = Task { try await feed.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        suspension.resume(throwing: CancellationError())
        await #expect(throws: CancellationError.self) { try await load.value }
    }

    @Test func thenAwaitCancellationThrowsWhenTheCallerIsCancelled() async {
        let loader = FeedLoaderStub()
        let waits = await loader.when { try await $0.loadFeed() }.thenAwaitCancellation()
        let feed: any FeedLoader = loader()
        let load = Task { try await feed.loadFeed() }
        #expect(await waits.verify(1...1, within: .seconds(60)))
        load.cancel()
        await #expect(throws: CancellationError.self) { try await load.value }
    }

    @Test func thenReturnAfterADelayDeliversTheValue() async throws {
        let loader = FeedLoaderStub()
        await loader.when { await $0.refreshCount() }.thenReturn(3, after: .milliseconds(1))
        let feed: any FeedLoader = loader()
        #expect(await feed.refreshCount() == 3)
    }

    @Test func asyncBehaviorsFailClosedOnSynchronousRequirements() {
        let converter = ConverterStub()
        let issues = TestDoubleIssueReporting.capture {
            _ = converter.when { $0.convert(Match.any() as Int) as String }.thenSuspend()
        }
        #expect(issues.map(\.kind) == [.invalidBehavior])
    }

    @Test func chainsSimulateFailureAndRecovery() async throws {
        let loader = FeedLoaderStub()
        let loads = await loader.when { try await $0.loadFeed() }
            .thenThrow(LoadError.offline)
            .thenThrow(LoadError.missing(1))
            .thenReturn(["Hello, world"])
        let feed: any FeedLoader = loader()
        var failures = 0
        var posts: [String] = []
        while posts.isEmpty {
            do { posts = try await feed.loadFeed() } catch { failures += 1 }
        }
        #expect(failures == 2)
        #expect(posts == ["Hello, world"])
        loads.verify(3...3)
    }
}

@Suite struct ManualStubNeverReturnTests {
    @Test func thenNeverReturnKeepsTheCallSuspended() async throws {
        let loader = FeedLoaderStub()
        let wedged = await loader.when { await $0.refreshCount() }.thenNeverReturn()
        let feed: any FeedLoader = loader()
        let finished = Locked(false)
        // The call is parked for good (the task stays suspended, not blocked).
        Task {
            _ = await feed.refreshCount()
            finished.withLock { $0 = true }
        }
        #expect(await wedged.verify(1...1, within: .seconds(60)))
        // A second, ordinary requirement still answers while the first is wedged.
        await loader.when { try await $0.loadFeed() }.thenReturn(["ok"])
        #expect(try await feed.loadFeed() == ["ok"])
        #expect(finished.withLock { $0 } == false)
    }
}
