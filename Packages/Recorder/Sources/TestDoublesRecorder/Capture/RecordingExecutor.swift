import Foundation

/// The task executor of one recording pass at a time: a thread of its own
/// that runs the jobs of the pass's task (its nonisolated parts), so a
/// synchronous call that needs a value no source can make can park by
/// blocking this thread, never one of the cooperative pool.
///
/// Made only where task executors exist. A pass that finished hands its
/// executor back (``recycle()``), and the next pass reuses the thread while
/// a few are idle: a recording pass costs a task and two hand-offs, not a
/// new thread. A pass that parked keeps its executor for good (its thread
/// may be blocked in a job), and an executor the idle list has no room for
/// ends its thread once no job is left.
///
/// A pass started on an actor (the closure's isolation, else its caller's:
/// the main actor, a global actor, an actor instance, one with a custom
/// executor; the main actor when neither is isolated) runs every job of its
/// task as that actor, on an ``ActorLoan``, so a closure isolated to it runs
/// on this thread too and a call in it may park. Any other job that comes
/// here (the drain of a default actor the task hopped to, a child task)
/// runs as itself.
///
/// A pass whose closure or caller is isolated to the main actor also makes
/// this executor the main actor's for the pass's task, where the runtime
/// allows it (see ``MainExecutorRedirect``): the task's hops back to the
/// main actor (after an `await` of another actor) come here as a serial
/// executor's jobs, and each runs isolated to this executor on the main
/// actor's loan, so a call in it may park too.
final class RecordingExecutor: TaskExecutor, SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    /// The actor the current pass's jobs run as, if any (guarded by `condition`).
    private var lent: (any Actor)?
    /// How long a job waits for `lent` to lend itself; nil: as long as it takes (guarded by `condition`).
    private var patience: TimeInterval?
    /// The loan of the job running now (touched only on the executor's thread).
    private var loan: ActorLoan?
    /// The address of the job running now (touched only on the executor's thread).
    private var runningJob: UnsafeRawPointer?
    /// The address of the current pass's task: its first job's (guarded by `condition`).
    private var passTask: UnsafeRawPointer?
    private var awaitingFirstJob = false
    /// What to run before the next job, once no job runs (guarded by `condition`; see ``whenIdle(_:)``).
    private var idleAction: (@Sendable () -> Void)?
    /// Whether the current pass's task gets this executor as the main actor's (guarded by `condition`).
    private var answersMainActor = false
    /// The pass's task registered with ``MainExecutorRedirect``, until the pass ends (guarded by `condition`).
    private var redirectedTask: UnsafeRawPointer?
    /// The executor of the actor a synchronous caller holds while it waits, which the pass's task runs
    /// isolated to (guarded by `condition`; see ``start(as:patience:callerHoldsMainActor:callerHolds:_:)``).
    private var heldByCaller: UnownedSerialExecutor?

    /// Finished executors waiting for the next pass.
    private static let idle = Locked<[RecordingExecutor]>([])
    /// How many idle executors (and threads) the process keeps.
    private static let idleLimit = 2

    /// Whether task executors exist here, so ``make()`` makes one.
    static var isAvailable: Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return false }
        return true
    }

    /// An idle executor, else a new one with its thread; nil where task executors are not available.
    static func make() -> RecordingExecutor? {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return nil }
        if let reused = idle.withLock({ $0.popLast() }) { return reused }
        let made = RecordingExecutor()
        let worker = Thread { [made] in made.serve() }
        worker.name = "TestDoubles recording pass"
        worker.start()
        return made
    }

    private init() {}

    /// Starts a task that prefers this executor; it inherits the caller's
    /// task-local values. With an actor to run `as`, each of its jobs runs
    /// here isolated to that actor, which lends itself for the job (see
    /// ``ActorLoan``); with a `patience`, a job the actor does not lend
    /// itself to within that many seconds runs as itself. Lent the main
    /// actor for as long as it takes (the closure or its caller is isolated
    /// to it), this executor is also the main actor's for the task, where
    /// the runtime allows it (see ``MainExecutorRedirect``).
    ///
    /// A synchronous caller that runs the main queue's work and waits for
    /// the pass (`callerHoldsMainActor`) holds the main actor until it ends:
    /// the pass's task then runs isolated to this executor as the main
    /// actor's, with no loan, so a closure the test wrote on the main actor
    /// (one passed to `map` inside the recording closure, which Swift checks
    /// at run time) finds itself on it. A synchronous caller that holds
    /// an actor while it waits (`callerHolds`: that actor's executor, see
    /// ``CallerIsolation/heldExecutor``) lends it the same way: the pass's
    /// task runs isolated to that executor, with no loan (for the main
    /// actor, where the runtime offers no redirect: Swift 6.0 and 6.1).
    func start(
        as actor: (any Actor)? = nil, patience: TimeInterval? = nil, callerHoldsMainActor: Bool = false,
        callerHolds heldExecutor: UnownedSerialExecutor? = nil, _ operation: @escaping @Sendable () async -> Void
    ) {
        // A bounded loan may run a job without the main actor, which a job that hopped to it cannot do.
        let answersMain =
            ((actor is MainActor && patience == nil) || (actor == nil && callerHoldsMainActor))
            && MainExecutorRedirect.isAvailable
        condition.lock()
        lent = actor
        self.patience = patience
        passTask = nil
        awaitingFirstJob = true
        answersMainActor = answersMain
        heldByCaller = actor == nil ? heldExecutor : nil
        condition.unlock()
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            Task(executorPreference: self, operation: operation)
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    /// Hands the executor back after a pass that finished (never after one
    /// that parked): kept for the next pass while the idle list has room,
    /// else its thread ends once no job is left.
    func recycle() {
        endMainActorRedirect()
        condition.lock()
        lent = nil
        patience = nil
        answersMainActor = false
        heldByCaller = nil
        condition.unlock()
        let kept = Self.idle.withLock { idle in
            guard idle.count < Self.idleLimit else { return false }
            idle.append(self)
            return true
        }
        if !kept { stop() }
    }

    /// Gives the pass's task the runtime's main actor executor again. The
    /// task calls it before it ends (a later task may get its address) or
    /// parks; ``recycle()`` and ``stop()`` call it too.
    func endMainActorRedirect() {
        condition.lock()
        let task = redirectedTask
        redirectedTask = nil
        condition.unlock()
        if let task { MainExecutorRedirect.end(task: task) }
    }

    /// Lets the thread end once no job is left.
    func stop() {
        endMainActorRedirect()
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    /// Runs `action` on the executor's thread once the job running there (if
    /// any) returns, before the next job: a recording pass ends there when
    /// one of its tasks ended its job elsewhere (see
    /// ``RecordingHost/endWhenIdle()``). A later request replaces an earlier
    /// one not yet run.
    func whenIdle(_ action: @escaping @Sendable () -> Void) {
        condition.lock()
        idleAction = action
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped && idleAction == nil { condition.wait() }
            if let action = idleAction {
                idleAction = nil
                condition.unlock()
                action()
                continue
            }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            let address = Self.address(of: job)
            if awaitingFirstJob {
                // The task's first job comes first: nothing else prefers this executor yet.
                passTask = address
                awaitingFirstJob = false
                // Registered before the task's first job runs: its first hop to the main actor comes here.
                if answersMainActor, let address,
                    MainExecutorRedirect.redirect(task: address, to: asUnownedSerialExecutor())
                {
                    redirectedTask = address
                } else {
                    answersMainActor = false
                }
            }
            // Only the pass's own task runs as the lent actor. Another job (an
            // actor's drain the task hopped into, a child task) runs as itself.
            let ownTask = address == nil || address == passTask
            let actor = ownTask ? lent : nil
            let answersMain = ownTask && answersMainActor
            let held = ownTask ? heldByCaller : nil
            let patience = patience
            condition.unlock()
            runningJob = address
            defer { runningJob = nil }
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                // An actor that does not lend itself in time (its executor is
                // blocked) lends nothing: the job runs as itself (see ``ActorLoan``).
                if let actor, let taken = ActorLoan.take(of: actor, within: patience) {
                    loan = taken
                    // The task's main actor is this executor (see ``MainExecutorRedirect``), held on the loan.
                    let isolation = answersMain ? asUnownedSerialExecutor() : actor.unownedExecutor
                    job.runSynchronously(isolatedTo: isolation, taskExecutor: asUnownedTaskExecutor())
                    giveBackActor()
                } else if actor == nil && answersMain {
                    // The synchronous caller holds the main actor while it waits (see ``start``).
                    job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
                } else if actor == nil, let held {
                    // The synchronous caller holds this actor while it waits (see ``start``).
                    job.runSynchronously(isolatedTo: held, taskExecutor: asUnownedTaskExecutor())
                } else {
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
        }
    }

    /// Whether the job running on this thread is the current task itself,
    /// rather than another actor's drain that runs the task inside it: the
    /// closure hopped to a default actor (a requirement isolated to a global
    /// actor of the test's own, the closure's actor reached back from another
    /// actor), whose lock this thread then holds. A call parked there would
    /// hold that actor for good, so it must not park. Call only on the
    /// executor's thread.
    var runsCurrentTaskDirectly: Bool {
        guard let runningJob else { return true }
        guard MemoryLayout<UnsafeCurrentTask>.size == MemoryLayout<UnsafeRawPointer>.size else { return true }
        return withUnsafeCurrentTask { task in
            // A task is its own first job: the running job's address is the task's when it runs directly.
            task.map { unsafeBitCast($0, to: UnsafeRawPointer.self) == runningJob } ?? true
        }
    }

    /// The address of a job, which for a task's job is the task's address.
    private static func address(of job: UnownedJob) -> UnsafeRawPointer? {
        guard MemoryLayout<UnownedJob>.size == MemoryLayout<UnsafeRawPointer>.size else { return nil }
        return unsafeBitCast(job, to: UnsafeRawPointer.self)
    }

    /// Gives back the actor the running job borrowed, if any: when the job
    /// returns, or before it parks for good. Call only on the executor's thread.
    func giveBackActor() {
        loan?.giveBack()
        loan = nil
    }
}
