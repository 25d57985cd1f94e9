import Synchronization
import TestDoubles
import Testing

/// An async protocol whose calls the cancellation tests park and cancel.
protocol AsyncDownloader: Sendable {
    func download(_ path: String) async throws -> [UInt8]
    func progress(of path: String) async -> Int
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveAsyncDownloader: AsyncDownloader {
    func download(_ path: String) async throws -> [UInt8] { [] }
    func progress(of path: String) async -> Int { 0 }
}

/// A flag the cancellation tests share between tasks.
final class AsyncCallFinished: Sendable {
    private let flag = Atomic<Bool>(false)

    var value: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}

/// Cancelling a call parked by an async behavior of a fabricated `Stub`
/// completes it the way the behavior documents.
@Suite(.timeLimit(.minutes(5))) struct AsyncCancellationTests {
    @Test func cancelledSuspendedThrowingCallThrowsCancellationError() async throws {
        let stub = try Stub<any AsyncDownloader>()
        let suspension = await stub.when { try await $0.download(Match.any()) }.thenSuspend()
        let downloader = stub()

        let call = Task { try await downloader.download("/big") }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        #expect(suspension.pendingCount == 1)
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        // The cancelled call left the queue: nothing is left to resume.
        #expect(suspension.pendingCount == 0)
        suspension.interactions.verify(1...1)

        // The behavior still parks the next call, and that one resumes normally.
        let next = Task { try await downloader.download("/small") }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        suspension.resume(returning: [1, 2, 3])
        #expect(try await next.value == [1, 2, 3])
    }

    @Test func cancelledSuspendedNonThrowingCallReturnsTheDefaultValue() async throws {
        let stub = try Stub<any AsyncDownloader>()
        let suspension = await stub.when { await $0.progress(of: Match.any()) }.thenSuspend()
        let downloader = stub()

        let call = Task { await downloader.progress(of: "/big") }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        call.cancel()
        #expect(await call.value == 0)
        #expect(suspension.pendingCount == 0)
    }

    @Test func awaitCancellationThrowsWhenTheCallerIsCancelled() async throws {
        let stub = try Stub<any AsyncDownloader>()
        let waits = await stub.when { try await $0.download(Match.any()) }.thenAwaitCancellation()
        let downloader = stub()

        let call = Task { try await downloader.download("/slow") }
        #expect(await waits.verify(1...1, within: .seconds(60)))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
        let paths: [String] = waits.arguments()
        #expect(paths == ["/slow"])
    }

    @Test func awaitCancellationReturnsTheDefaultValueForANonThrowingRequirement() async throws {
        let stub = try Stub<any AsyncDownloader>()
        let waits = await stub.when { await $0.progress(of: Match.any()) }.thenAwaitCancellation()
        let downloader = stub()

        let call = Task { await downloader.progress(of: "/slow") }
        #expect(await waits.verify(1...1, within: .seconds(60)))
        call.cancel()
        #expect(await call.value == 0)
    }

    @Test func awaitCancellationAnswersACallMadeByAnAlreadyCancelledTask() async throws {
        let stub = try Stub<any AsyncDownloader>()
        await stub.when { try await $0.download(Match.any()) }.thenAwaitCancellation()
        let downloader = stub()

        let call = Task {
            // The task cancels itself, then calls.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await downloader.download("/late")
        }
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func delayedReturnThrowsCancellationErrorWhenCancelled() async throws {
        let stub = try Stub<any AsyncDownloader>()
        // An hour: the call can only finish early through cancellation.
        let delayed = await stub.when { try await $0.download(Match.any()) }
        delayed.thenReturn([9], after: .seconds(3_600))
        let downloader = stub()

        let call = Task { try await downloader.download("/far") }
        #expect(await delayed.verify(1...1, within: .seconds(60)))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func neverReturnKeepsACancelledCallSuspended() async throws {
        let stub = try Stub<any AsyncDownloader>()
        let wedged = await stub.when { await $0.progress(of: Match.any()) }.thenNeverReturn()
        await stub.when { try await $0.download(Match.any()) }.thenReturn([7])
        let downloader = stub()

        let finished = AsyncCallFinished()
        let call = Task {
            _ = await downloader.progress(of: "/wedged")
            finished.set()
        }
        #expect(await wedged.verify(1...1, within: .seconds(60)))
        call.cancel()
        // Cancellation does not resume a wedged call; other requirements keep answering meanwhile.
        for _ in 0..<100 {
            #expect(try await downloader.download("/other") == [7])
            await Task.yield()
        }
        #expect(finished.value == false)
        #expect(call.isCancelled)
    }
}
