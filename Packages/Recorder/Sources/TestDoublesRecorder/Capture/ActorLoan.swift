import Foundation

/// An actor, lent to a recording pass's thread for one job at a time.
///
/// A recording closure is often isolated to the actor of the code that
/// wrote it: the main actor in a `@MainActor` test, a global actor of the
/// test's own, an actor instance whose state it touches, an actor with a
/// custom executor. Run on that actor's own executor, a call in it
/// that needs a value no source can make could not be parked there: that
/// thread serves the actor's other jobs (the main thread serves every
/// main-actor job), and the call cannot return without a made-up value. So
/// a ``RecordingExecutor`` whose pass was started on an actor (the caller's
/// isolation) runs each job of the pass itself, isolated to that actor: it first takes a loan (a
/// job on the actor that holds it, blocking the actor's executor, until
/// given back), then runs the job, so the closure's hop to the actor stays
/// on the executor's thread, where a call may park; the loan goes back when
/// the job returns (at its next suspension) or parks. The actor's code never
/// runs on two threads at once, and the hold lasts only as long as the
/// synchronous stretch the actor would have run itself.
///
/// A loan may be bounded (the pass lends itself the main actor only in
/// case its nonisolated closure calls a requirement isolated to it, while
/// the main thread may be blocked waiting for that very pass, say by a
/// semaphore): an actor that does not run the holding job within the
/// patience lends nothing, and the job runs as itself, which is always
/// correct (a job of the pass's task on its executor starts in nonisolated
/// code; a hop to the actor then goes through the actor's own executor,
/// where a call cannot park, and takes the stop path). The holding job,
/// when the actor finally runs it, returns at once; until then every new
/// bounded loan of that actor is refused at once (it would wait behind it).
/// A loan of the closure's or the caller's own actor waits as long as it
/// takes: the closure cannot run without that actor anyway.
final class ActorLoan: @unchecked Sendable {
    /// How long a bounded loan waits for its actor before the job runs without it.
    static let patience: TimeInterval = 10

    private let condition = NSCondition()
    private var held = false
    private var givenBack = false
    private var abandoned = false
    private let lender: ObjectIdentifier

    /// Actors with an abandoned holding job not yet run, by how many.
    private static let unanswered = Locked<[ObjectIdentifier: Int]>([:])

    private init(lender: ObjectIdentifier) { self.lender = lender }

    /// Waits until a job on `actor` holds it for the caller, which must not
    /// run on that actor's executor (a thread of its own). With a
    /// `patience`, nil when the actor does not run that job within that
    /// many seconds, or an earlier bounded loan of it is still unanswered.
    static func take(of actor: any Actor, within patience: TimeInterval? = nil) -> ActorLoan? {
        let lender = ObjectIdentifier(actor)
        if patience != nil, unanswered.withLock({ $0[lender] != nil }) { return nil }
        let loan = ActorLoan(lender: lender)
        if actor is MainActor {
            // A task isolated to the main actor is enqueued on it directly. One whose
            // closure is not isolated starts on the cooperative pool, which parallel
            // tests can keep busy for seconds (measured: up to 16 s in the ManualStubs
            // suite at load 13), and a bounded loan would then give up for nothing.
            Task { @MainActor in loan.holdActorItRunsOn() }
        } else {
            Task { await loan.hold(actor) }
        }
        return loan.waitUntilHeld(before: patience.map { Date(timeIntervalSinceNow: $0) }) ? loan : nil
    }

    /// Gives the actor back: the holding job returns.
    func giveBack() {
        condition.lock()
        givenBack = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs on `actor`: holds it until the loan is given back, or returns at
    /// once when the loan was abandoned.
    private func hold(_ actor: isolated any Actor) {
        holdActorItRunsOn()
    }

    /// Holds the actor the calling job runs on until the loan is given
    /// back, or returns at once when the loan was abandoned.
    private func holdActorItRunsOn() {
        condition.lock()
        if abandoned {
            condition.unlock()
            Self.unanswered.withLock { unanswered in
                let left = (unanswered[lender] ?? 1) - 1
                unanswered[lender] = left > 0 ? left : nil
            }
            return
        }
        held = true
        condition.broadcast()
        while !givenBack { condition.wait() }
        condition.unlock()
    }

    /// Whether the actor ran the holding job before `deadline` (with none,
    /// waits until it does); when it did not, the loan is abandoned (counted
    /// as unanswered until the job runs).
    private func waitUntilHeld(before deadline: Date?) -> Bool {
        condition.lock()
        if let deadline {
            while !held && condition.wait(until: deadline) {}
        } else {
            while !held { condition.wait() }
        }
        let isHeld = held
        if !isHeld {
            abandoned = true
            // Counted before the lock is released: the holding job decrements under it.
            Self.unanswered.withLock { $0[lender, default: 0] += 1 }
        }
        condition.unlock()
        return isHeld
    }
}
