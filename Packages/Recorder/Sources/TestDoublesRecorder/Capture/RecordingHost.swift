import Foundation

/// A thread of its own for one synchronous recording closure, where a call
/// that needs a value no source can make is parked for good once its
/// requirement and matchers are recorded: the test never receives a
/// made-up value and the process does not stop.
///
/// Only recording passes that may need it run here (see
/// ``InvocationRecorder/declareRecordingTypes(_:)``): the caller's thread
/// waits for the closure to finish or park, which needs no other thread
/// (the closure is synchronous), and a parked thread keeps only its stack
/// and what the closure held. The closure runs with the caller's capture
/// session, issue handler and test-double scope. (An async pass runs on
/// the caller's actor, where nothing can be parked; see `isolation:`.)
final class RecordingHost: @unchecked Sendable {
    enum Outcome {
        case finished
        case parked
    }

    private let condition = NSCondition()
    private var outcome: Outcome?
    private var thread: pthread_t?

    /// Whether the calling thread is this host's thread (parking is allowed only there).
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Runs `body` on a new thread with `session` current and waits until it
    /// finishes or parks; false (nothing run) when its references cannot be
    /// accounted for here, and the caller runs it itself.
    func run(_ session: CaptureSession, _ body: () throws -> Void) -> Bool {
        withoutActuallyEscaping(body) { escapable in
            let carried = RecordingBody(run: escapable)
            guard var references = ClosureReferences(of: carried) else { return false }
            let handler = TestDoubleIssueReporting.handler
            let scope = TestDoubleScope.current
            // `carried` lives until the references are settled; from the
            // measurement on, only the copies handed to the thread move the count.
            withExtendedLifetime(carried) {
                references.measure()
                let mailbox = Mailbox(carried)
                let worker = Thread { [self] in
                    condition.lock()
                    self.thread = pthread_self()
                    condition.unlock()
                    Self.invoke(mailbox, session, handler, scope)
                    finish(.finished)
                }
                worker.name = "TestDoubles recording pass"
                worker.start()
                if waitForOutcome() == .parked {
                    references.disownParkedReferences()
                }
            }
            return true
        }
    }

    /// Calls the closure; its copies are released when this returns, before the outcome is signalled.
    @inline(never)
    private static func invoke(
        _ mailbox: Mailbox, _ session: CaptureSession, _ handler: (@Sendable (TestDoubleIssue) -> Void)?,
        _ scope: TestDoubleScope?
    ) {
        let body = mailbox.take()
        TestDoubleIssueReporting.$handler.withValue(handler) {
            TestDoubleScope.$current.withValue(scope) {
                CaptureSession.$current.withValue(session) { _ = try? body.run() }
            }
        }
    }

    /// Ends the pass on this host's thread and blocks it for good.
    func park() -> Never {
        finish(.parked)
        let never = NSCondition()
        never.lock()
        while true { never.wait() }
    }

    private func finish(_ result: Outcome) {
        condition.lock()
        if outcome == nil { outcome = result }
        condition.broadcast()
        condition.unlock()
    }

    private func waitForOutcome() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome ?? .finished
    }

    /// Hands the closure to the host thread, which takes it out before calling it.
    private final class Mailbox: @unchecked Sendable {
        private var body: RecordingBody?
        init(_ body: RecordingBody) { self.body = body }
        func take() -> RecordingBody {
            defer { body = nil }
            return body ?? RecordingBody(run: {})
        }
    }
}
