import Foundation

/// A thread (or, for an async closure, a task) of its own for one
/// recording closure, where a call that needs a value no source can make
/// is parked for good once its requirement and matchers are recorded: the
/// test never receives a made-up value and the process does not stop.
///
/// Every async pass runs here, and every synchronous one that may need it
/// (see ``InvocationRecorder/declareRecordingTypes(_:)``) or whose caller
/// loses nothing here (see ``CallerIsolation``). A closure runs in a
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
    /// The executor of the pass, which may lend it the caller's actor (see ``ActorLoan``).
    private var executor: RecordingExecutor?

    /// Whether the calling thread is this host's thread (parking is allowed only there).
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Whether a call on the calling thread may park: it is this host's
    /// thread, running the pass's task itself (or a child task of it), not
    /// inside the drain of an actor the closure hopped to (see
    /// ``RecordingExecutor/runsCurrentTaskDirectly``).
    var mayParkCurrentThread: Bool {
        condition.lock()
        let onThread = thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        let executor = executor
        condition.unlock()
        return onThread && (executor?.runsCurrentTaskDirectly ?? true)
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
                let mailbox = Mailbox(carried, Context(session: session, handler: handler, scope: scope))
                let executor = RecordingExecutor.make()
                // Read on the caller's thread, before it waits (see CallerIsolation).
                let callerOnMainQueue = MainQueue.isCurrent
                let heldExecutor = CallerIsolation.heldExecutor
                let operation: @Sendable () -> Void = { [self] in
                    Self.invoke(mailbox)
                    // Before the task ends: a later task may get its address (see ``MainExecutorRedirect``).
                    executor?.endMainActorRedirect()
                    finish(.finished)
                }
                condition.lock()
                self.executor = executor
                condition.unlock()
                if let executor {
                    // A caller on the main queue holds the main actor while it waits, one on
                    // another actor that actor: the closure, written there, runs as that
                    // actor (see RecordingExecutor.start).
                    executor.start(callerHoldsMainActor: callerOnMainQueue, callerHolds: heldExecutor) { [self] in
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
    ///
    /// With an `actor` to lend (the closure's own isolation, read through
    /// `@isolated(any)`: the main actor of a `{ @MainActor in … }` closure
    /// in any test; else the caller's actor: a `@MainActor` test, an actor
    /// whose method records), every job of the task runs on the executor's
    /// thread as that actor (see ``ActorLoan``), so the closure's hop to it
    /// stays on that thread, where a call may park, and a park gives the
    /// actor back. With none (a nonisolated closure and caller) the task's
    /// jobs run as the main actor: a requirement isolated to the main actor
    /// (a `@MainActor` protocol's hand-written conformer, which hops inside)
    /// then stays on that thread too, when the main actor lends itself
    /// within ``ActorLoan/patience`` (a main thread blocked waiting for this
    /// pass does not: the job then runs as itself, and such a requirement
    /// runs on the main actor's own executor). A pass hosted only so that a
    /// bare `Match.any()` of a type no value can be made of stops at the line
    /// (no live double may need a host: `lendsMainActor` false) lends nothing
    /// to a nonisolated closure: its jobs run as themselves.
    func run(
        _ session: CaptureSession, isolation: isolated (any Actor)?, lending actor: (any Actor)?,
        lendsMainActor: Bool = true, _ body: () async throws -> Void
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
            let mailbox = AsyncMailbox(carried, Context(session: session, handler: handler, scope: scope))
            let executor = RecordingExecutor.make()
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                condition.lock()
                waiter = continuation
                self.executor = executor
                condition.unlock()
                let operation: @Sendable () async -> Void = { [self] in
                    // The task's first job runs on the executor's thread, where a sync call may park.
                    if executor != nil { adoptCurrentThread() }
                    withUnsafeCurrentTask { current in
                        condition.lock()
                        task = current
                        condition.unlock()
                    }
                    await Self.invoke(mailbox)
                    // Before the task ends: a later task may get its address (see ``MainExecutorRedirect``).
                    executor?.endMainActorRedirect()
                    finish(.finished)
                }
                if let executor {
                    // The closure's jobs run on the executor's thread as the actor it is
                    // isolated to, else the main actor, where a call may park. The main
                    // actor, lent only in case the closure calls a requirement isolated to
                    // it, is lent only when it comes in time: the main thread may be
                    // blocked waiting for this very pass (see ``ActorLoan``).
                    let lent: (any Actor)? = actor ?? (lendsMainActor ? MainActor.shared : nil)
                    executor.start(as: lent, patience: actor == nil ? ActorLoan.patience : nil, operation)
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

    /// Calls the async closure; its copies and the pass's context are
    /// released when this returns, before the outcome is signalled.
    @inline(never)
    private static func invoke(_ mailbox: AsyncMailbox) async {
        let (body, context) = mailbox.take()
        await TestDoubleIssueReporting.$handler.withValue(context.handler) {
            await TestDoubleTestingContext.$session.withValue(context.scope) {
                await CaptureSession.$current.withValue(context.session) { _ = try? await body.run() }
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
        endMainActorRedirect()
        finish(.parked)
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
    }

    /// Calls the closure; its copies and the pass's context are released
    /// when this returns, before the outcome is signalled.
    @inline(never)
    private static func invoke(_ mailbox: Mailbox) {
        let (body, context) = mailbox.take()
        TestDoubleIssueReporting.$handler.withValue(context.handler) {
            TestDoubleTestingContext.$session.withValue(context.scope) {
                CaptureSession.$current.withValue(context.session) { _ = try? body.run() }
            }
        }
    }

    /// Gives the pass's task the runtime's main actor executor again (see ``RecordingExecutor/endMainActorRedirect()``).
    private func endMainActorRedirect() {
        condition.lock()
        let lender = executor
        condition.unlock()
        lender?.endMainActorRedirect()
    }

    /// Ends the pass on this host's thread and blocks it for good (giving
    /// back the actor when the executor borrowed it for the job).
    func park() -> Never {
        condition.lock()
        let lender = executor
        condition.unlock()
        lender?.giveBackActor()
        lender?.endMainActorRedirect()
        finish(.parked)
        let never = NSCondition()
        never.lock()
        while true { never.wait() }
    }

    /// Whether the pass still runs (it neither finished nor parked).
    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outcome == nil
    }

    /// Ends the calling task's job without a value, on a thread that serves
    /// an actor's other jobs (see ``AbandonedJob``); the task is the pass's
    /// own or a child task of the closure. `commit` never returns.
    ///
    /// The pass ends once its executor's thread is idle (see
    /// ``endWhenIdle()``), not here: another task of the pass (the closure's
    /// own task when a child task ends here, a sibling) may have a job
    /// queued there, which must not run once the caller has gone on.
    func abandonJob(_ commit: @Sendable () -> Never) -> Never {
        if !endWhenIdle() {
            endMainActorRedirect()
            finish(.parked)
        }
        commit()
    }

    /// Ends the pass as parked once its executor's thread has no job
    /// running: that thread is then blocked for good before it takes
    /// another job, so no job of the pass's tasks (queued there by
    /// preference) runs after the caller has gone on. False when the pass
    /// has no executor (nothing is scheduled) or no longer runs.
    func endWhenIdle() -> Bool {
        condition.lock()
        let executor = outcome == nil ? executor : nil
        condition.unlock()
        guard let executor else { return false }
        executor.whenIdle { [self] in parkIdleThread() }
        return true
    }

    /// Blocks the executor's idle thread for good, when it ends the pass
    /// (a pass that finished in the meantime keeps its thread).
    private func parkIdleThread() {
        endMainActorRedirect()
        // Settled in one hold: a pass that finished first keeps (and recycles) its thread.
        guard finish(.parked) else { return }
        let never = NSCondition()
        never.lock()
        while true { never.wait() }
    }

    /// Settles the pass's outcome, once; true when this call settled it.
    @discardableResult
    private func finish(_ result: Outcome) -> Bool {
        condition.lock()
        var resumed: CheckedContinuation<Outcome, Never>?
        let settles = outcome == nil
        if settles {
            outcome = result
            resumed = waiter
            waiter = nil
        }
        condition.broadcast()
        condition.unlock()
        resumed?.resume(returning: result)
        return settles
    }

    private func waitForOutcome() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return outcome ?? .finished
    }

    /// What a pass runs with besides its closure: the capture session (which
    /// holds the doubles' recorders), the caller's issue handler and test-double scope.
    private struct Context {
        var session: CaptureSession?
        var handler: TestDoubleIssueReporting.IssueHandler?
        var scope: TestDoubleSession?
    }

    /// Hands the async closure and its context to the host task, which takes
    /// them out before calling it: once the pass ends nothing of it stays
    /// with the task, whose context the executor's thread may release after
    /// the caller has gone on (and a test's end-of-test check would then
    /// still see its doubles alive).
    private final class AsyncMailbox: @unchecked Sendable {
        private var contents: (AsyncRecordingBody, Context)?
        init(_ body: AsyncRecordingBody, _ context: Context) { contents = (body, context) }
        func take() -> (AsyncRecordingBody, Context) {
            defer { contents = nil }
            return contents ?? (AsyncRecordingBody(run: {}), Context())
        }
    }

    /// Hands the closure and its context to the host thread, which takes them
    /// out before calling it (see ``AsyncMailbox``).
    private final class Mailbox: @unchecked Sendable {
        private var contents: (RecordingBody, Context)?
        init(_ body: RecordingBody, _ context: Context) { contents = (body, context) }
        func take() -> (RecordingBody, Context) {
            defer { contents = nil }
            return contents ?? (RecordingBody(run: {}), Context())
        }
    }
}
