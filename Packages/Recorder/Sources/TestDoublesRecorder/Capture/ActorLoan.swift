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
final class ActorLoan: @unchecked Sendable {
    private let condition = NSCondition()
    private var held = false
    private var givenBack = false

    private init() {}

    /// Waits until a job on `actor` holds it for the caller, which must not
    /// run on that actor's executor (a thread of its own).
    static func take(of actor: any Actor) -> ActorLoan {
        let loan = ActorLoan()
        Task { await loan.hold(actor) }
        loan.waitUntilHeld()
        return loan
    }

    /// Gives the actor back: the holding job returns.
    func giveBack() {
        condition.lock()
        givenBack = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs on `actor`: holds it until the loan is given back.
    private func hold(_ actor: isolated any Actor) {
        condition.lock()
        held = true
        condition.broadcast()
        while !givenBack { condition.wait() }
        condition.unlock()
    }

    private func waitUntilHeld() {
        condition.lock()
        while !held { condition.wait() }
        condition.unlock()
    }
}
