import Foundation

/// A thread (or, for an async closure, a task) of its own for one
/// recording closure, where a call that needs a value no source can make
/// is parked for good once its requirement and matchers are recorded: the
/// test never receives a made-up value and the process does not stop.
///
/// Only recording passes that may need it run here (see
/// ``InvocationRecorder/declareRecordingTypes(_:)``). A closure runs in a
/// new task that prefers an executor with a thread of its own
/// (``RecordingExecutor``, reused from pass to pass) and so inherits every
/// task-local value of the caller; a synchronous caller's thread waits,
/// which needs no other thread of the cooperative pool, and an async caller
/// suspends. A synchronous call parks by blocking that thread (never a
/// thread of the cooperative pool or the main thread), an async one by
/// suspending for good. A parked pass keeps only its stack (or task) and
/// what the closure held. The closure runs with the caller's capture
/// session, issue handler and test-double scope. (Where task executors do
/// not exist, a synchronous closure runs on a new thread with those three
/// values only.)
final class RecordingHost: @unchecked Sendable {
    enum Outcome {
        case finished
        case parked
    }

    private let condition = NSCondition()
    private var outcome: Outcome?
    private var thread: pthread_t?
    /// The task an async closure runs in (async calls park only there).
    private var task: UnsafeCurrentTask?
    /// The caller of an async run, waiting for the outcome.
    private var waiter: CheckedContinuation<Outcome, Never>?

    /// Whether the calling thread is this host's thread (parking is allowed only there).
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Runs `body` on a thread of its own with `session` current and waits
    /// until it finishes or parks; false (nothing run) when its references
    /// cannot be accounted for here, and the caller runs it itself.
    ///
    /// Where task executors exist, the body runs in a new task that prefers
    /// a ``RecordingExecutor``: the task inherits every task-local value of
    /// the caller (the test's own, a test-double scope, isolated shared
    /// stubs), which a plain thread would not carry.
    func run(_ session: CaptureSession, _ body: () throws -> Void) -> Bool {
        withoutActuallyEscaping(body) { escapable in
            let carried = RecordingBody(run: escapable)
            guard var references = ClosureReferences(of: carried) else { return false }
            let handler = TestDoubleIssueReporting.handler
            let scope = TestDoubleTestingContext.session
            // `carried` lives until the references are settled; from the
            // measurement on, only the copies handed to the thread move the count.
            withExtendedLifetime(carried) {
                references.measure()
                let mailbox = Mailbox(carried)
                let operation: @Sendable () -> Void = { [self] in
                    Self.invoke(mailbox, session, handler, scope)
                    finish(.finished)
                }
                let executor = RecordingExecutor.make()
                if let executor {
                    executor.start { [self] in
                        adoptCurrentThread()
                        operation()
                    }
                } else {
                    let worker = Thread { [self] in
                        adoptCurrentThread()
                        operation()
                    }
                    worker.name = "TestDoubles recording pass"
                    worker.start()
                }
                if waitForOutcome() == .parked {
                    references.disownParkedReferences()
                    executor?.stop()
                } else {
                    executor?.recycle()
                }
            }
            return true
        }
    }

    /// Runs an async `body` in a new task with `session` current and waits
    /// (suspended) until it finishes or parks; false (nothing run) when its
    /// references cannot be accounted for here, and the caller runs it itself.
    func run(
        _ session: CaptureSession, isolation: isolated (any Actor)?, _ body: () async throws -> Void
    ) async -> Bool {
        await withoutActuallyEscaping(body) { escapable in
            // The caller stays suspended until the pass finishes or parks, so
            // the closure never runs beside the isolation it was formed in.
            // (Capturing `isolation` keeps this closure on the caller's actor.)
            _ = isolation
            nonisolated(unsafe) let unchecked = escapable
            let carried = AsyncRecordingBody(run: unchecked)
            guard var references = ClosureReferences(of: carried) else { return false }
            let handler = TestDoubleIssueReporting.handler
            let scope = TestDoubleTestingContext.session
            // From the measurement on, only the copies handed to the task move the count.
            references.measure()
            let mailbox = AsyncMailbox(carried)
            let executor = RecordingExecutor.make()
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                condition.lock()
                waiter = continuation
                condition.unlock()
                let operation: @Sendable () async -> Void = { [self] in
                    // The task's first job runs on the executor's thread, where a sync call may park.
                    if executor != nil { adoptCurrentThread() }
                    withUnsafeCurrentTask { current in
                        condition.lock()
                        task = current
                        condition.unlock()
                    }
                    await Self.invoke(mailbox, session, handler, scope)
                    finish(.finished)
                }
                if let executor {
                    executor.start(operation)
                } else {
                    Task(operation: operation)
                }
            }
            if outcome == .parked {
                references.disownParkedReferences()
                executor?.stop()
            } else {
                executor?.recycle()
            }
            withExtendedLifetime(carried) {}
            return true
        }
    }

    /// Calls the async closure; its copies are released when this returns, before the outcome is signalled.
    @inline(never)
    private static func invoke(
        _ mailbox: AsyncMailbox, _ session: CaptureSession, _ handler: (@Sendable (TestDoubleIssue) -> Void)?,
        _ scope: TestDoubleSession?
    ) async {
        let body = mailbox.take()
        await TestDoubleIssueReporting.$handler.withValue(handler) {
            await TestDoubleTestingContext.$session.withValue(scope) {
                await CaptureSession.$current.withValue(session) { _ = try? await body.run() }
            }
        }
    }

    /// Makes the calling thread this host's thread (a ``RecordingExecutor``'s).
    func adoptCurrentThread() {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
    }

    /// Whether the current task is the one this host runs an async closure in.
    var isCurrentTask: Bool {
        withUnsafeCurrentTask { current in
            condition.lock()
            defer { condition.unlock() }
            return current != nil && current == task
        }
    }

    /// Ends the pass in this host's task and suspends it for good.
    func parkTask() async {
        finish(.parked)
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }

    /// Calls the closure; its copies are released when this returns, before the outcome is signalled.
    @inline(never)
    private static func invoke(
        _ mailbox: Mailbox, _ session: CaptureSession, _ handler: (@Sendable (TestDoubleIssue) -> Void)?,
        _ scope: TestDoubleSession?
    ) {
        let body = mailbox.take()
        TestDoubleIssueReporting.$handler.withValue(handler) {
            TestDoubleTestingContext.$session.withValue(scope) {
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
        var resumed: CheckedContinuation<Outcome, Never>?
        if outcome == nil {
            outcome = result
            resumed = waiter
            waiter = nil
        }
        condition.broadcast()
        condition.unlock()
        resumed?.resume(returning: result)
    }

    private func waitForOutcome() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome ?? .finished
    }

    /// Hands the async closure to the host task, which takes it out before calling it.
    private final class AsyncMailbox: @unchecked Sendable {
        private var body: AsyncRecordingBody?
        init(_ body: AsyncRecordingBody) { self.body = body }
        func take() -> AsyncRecordingBody {
            defer { body = nil }
            return body ?? AsyncRecordingBody(run: {})
        }
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
