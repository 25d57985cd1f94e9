import Foundation
import Testing

@testable import TestDoublesRecorder

/// A serial executor with a thread of its own whose jobs wait while it is
/// closed: an actor blocked the way a main thread waiting on a semaphore is,
/// without blocking any thread of the cooperative pool.
private final class GatedSerialExecutor: SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var closed = false
    private var stopped = false

    init() {
        let worker = Thread { [self] in serve() }
        worker.name = "ActorLoanTests gated executor"
        worker.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.broadcast()
        condition.unlock()
    }

    /// Holds every job back until ``open()``.
    func close() { set(closed: true) }
    func open() { set(closed: false) }

    /// Ends the thread once no job is left and the gate is open.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func set(closed: Bool) {
        condition.lock()
        self.closed = closed
        condition.broadcast()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while (jobs.isEmpty || closed) && !(stopped && jobs.isEmpty) { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

/// An actor on that executor.
private actor GatedActor {
    let executor = GatedSerialExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// Takes a loan on a thread of its own (never one of the cooperative pool)
/// and hands it back, given back at once, with how long it took.
private func takeLoan(of actor: GatedActor, within patience: TimeInterval?) async -> (lent: Bool, seconds: Double) {
    await withCheckedContinuation { continuation in
        let taker = Thread {
            let start = Date()
            let loan = ActorLoan.take(of: actor, within: patience)
            loan?.giveBack()
            continuation.resume(returning: (loan != nil, Date().timeIntervalSince(start)))
        }
        taker.name = "ActorLoanTests taker"
        taker.start()
    }
}

/// A recording pass lends itself the main actor in case its nonisolated
/// closure calls a requirement isolated to it; that loan is bounded, so a
/// main thread blocked waiting for the pass cannot hold it for good.
@Suite struct ActorLoanTests {
    @Test func aBlockedActorLendsNothingWithinThePatience() async {
        let actor = GatedActor()
        actor.executor.close()
        let first = await takeLoan(of: actor, within: 0.2)
        #expect(!first.lent)
        #expect(first.seconds >= 0.19)
        // The abandoned holding job still waits on the actor: a new bounded loan is refused at once.
        let second = await takeLoan(of: actor, within: 30)
        #expect(!second.lent)
        #expect(second.seconds < 5)
        // Once the actor runs the abandoned job (which returns at once), it lends itself again.
        actor.executor.open()
        var third = await takeLoan(of: actor, within: 30)
        for _ in 0..<100 where !third.lent {
            try? await Task.sleep(for: .milliseconds(20))
            third = await takeLoan(of: actor, within: 30)
        }
        #expect(third.lent)
        actor.executor.stop()
    }

    @Test func anUnboundedLoanWaitsBehindAnAbandonedOne() async {
        let actor = GatedActor()
        actor.executor.close()
        #expect(await !takeLoan(of: actor, within: 0.1).lent)
        async let waited = takeLoan(of: actor, within: nil)
        try? await Task.sleep(for: .milliseconds(100))
        actor.executor.open()
        #expect(await waited.lent)
        actor.executor.stop()
    }
}
