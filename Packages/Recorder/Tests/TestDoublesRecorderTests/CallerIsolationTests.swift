import Foundation
import Testing

@testable import TestDoublesRecorder

/// A global actor of these tests' own (a default actor).
@globalActor private actor HeldDeskActor {
    static let shared = HeldDeskActor()
}

/// A synchronous pass whose caller is on another actor than the main one
/// runs on a host, its task isolated to the actor the caller holds.
@Suite struct CallerIsolationTests {
    @Test func aCallerOnAGlobalActorHoldsItsExecutor() async {
        let held = await Self.heldExecutorOnTheActor()
        let expected = HeldDeskActor.shared.unownedExecutor
        #expect(held.map { Self.words(of: $0) == Self.words(of: expected) } == true)
        #expect(CallerIsolation.heldActorExecutor == nil)
        #expect(await Self.mayRunOnHostOnTheActor())
    }

    /// An executor reference's two words, identity first.
    private static func words(of executor: UnownedSerialExecutor) -> [UInt] {
        let pair = unsafeBitCast(executor, to: (UInt, UInt).self)
        return [pair.0, pair.1]
    }

    @HeldDeskActor private static func heldExecutorOnTheActor() -> UnownedSerialExecutor? {
        CallerIsolation.heldActorExecutor
    }

    @HeldDeskActor private static func mayRunOnHostOnTheActor() -> Bool {
        CallerIsolation.synchronousPassMayRunOnHost
    }

    /// A pass from the main queue runs on the host as the main actor: Swift
    /// 6.2+ runtimes through ``MainExecutorRedirect``, older ones by running
    /// the pass's task isolated to the main actor's executor, which the
    /// caller holds while it waits. Its closure's own closure passes.
    @MainActor @Test func aPassFromTheMainQueueRunsAsTheMainActorOnTheHost() {
        #expect(CallerIsolation.synchronousPassMayRunOnHost)
        let caller = pthread_self()
        let host = RecordingHost()
        var total = 0
        var offCaller = false
        let ran = CaptureSession.run(CaptureSession(scope: .anyRecorder, host: host), hostedBy: host) {
            MainActor.preconditionIsolated()
            offCaller = pthread_equal(caller, pthread_self()) == 0
            total = [1, 2].map { $0 * 2 }.reduce(0, +)
        }
        #expect(ran)
        #expect(offCaller)
        #expect(total == 6)
    }

    /// Many passes at once, from the actor and from nonisolated tasks: each
    /// runs off its caller's thread, isolated to the actor when the caller
    /// holds it (its closure's own closure passes the run-time check).
    @Test func passesFromTheActorRunIsolatedToItOnTheHost() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<40 {
                group.addTask { index.isMultiple(of: 2) ? await Self.passOnTheActor(index) : Self.plainPass(index) }
            }
            for await ran in group { #expect(ran) }
        }
    }

    @HeldDeskActor private static func passOnTheActor(_ index: Int) -> Bool {
        let caller = pthread_self()
        let host = RecordingHost()
        var total = 0
        var offCaller = false
        let ran = CaptureSession.run(CaptureSession(scope: .anyRecorder, host: host), hostedBy: host) {
            HeldDeskActor.preconditionIsolated()
            offCaller = pthread_equal(caller, pthread_self()) == 0
            total = [index, 1].map { $0 * 2 }.reduce(0, +)
        }
        return ran && offCaller && total == index * 2 + 2
    }

    private static func plainPass(_ index: Int) -> Bool {
        let host = RecordingHost()
        var total = 0
        let ran = CaptureSession.run(CaptureSession(scope: .anyRecorder, host: host), hostedBy: host) {
            total = index + 1
        }
        return ran && total == index + 1
    }
}
