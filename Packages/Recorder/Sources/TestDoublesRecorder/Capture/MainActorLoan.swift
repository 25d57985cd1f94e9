import Foundation

/// The main actor, lent to a recording pass's thread for one job at a time.
///
/// A recording closure written in a `@MainActor` test is isolated to the
/// main actor. Run on the main actor's own thread, a call in it that needs a
/// value no source can make could not be parked there: that thread serves
/// every other main-actor job, and the call cannot return without a made-up
/// value. So a ``RecordingExecutor`` whose pass was started from the main
/// actor runs each job of the pass itself, isolated to the main actor: it
/// first takes a loan (a main-actor job that holds the main actor, blocking
/// its thread, until given back), then runs the job, so the closure's hop to
/// the main actor stays on the executor's thread, where a call may park; the
/// loan goes back when the job returns (at its next suspension) or parks.
/// Main-actor code never runs on two threads at once, and the hold lasts only
/// as long as the synchronous stretch the main actor would have run itself.
final class MainActorLoan: @unchecked Sendable {
    private let condition = NSCondition()
    private var held = false
    private var givenBack = false

    private init() {}

    /// Waits until a main-actor job holds the main actor for the caller,
    /// which must not be the main actor itself (a thread of its own).
    static func take() -> MainActorLoan {
        let loan = MainActorLoan()
        Task { @MainActor in loan.hold() }
        loan.waitUntilHeld()
        return loan
    }

    /// Gives the main actor back: the holding job returns.
    func giveBack() {
        condition.lock()
        givenBack = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs on the main actor: holds it until the loan is given back.
    private func hold() {
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
