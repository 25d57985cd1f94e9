import Foundation
import Testing

@testable import TestDoublesTrampolines

/// An actor whose method ends its task's job halfway, on the actor's drain.
private actor DrainedActor {
    private(set) var reachedAfterTheEnd = false

    func endJob(announcing started: CheckedContinuation<Void, Never>) {
        started.resume()
        if case .success = TaskJobAbandonment.prepare() { TaskJobAbandonment.commit() }
        reachedAfterTheEnd = true
    }

    func ping() -> Int { 1 }
}

@Suite struct TaskJobAbandonmentTests {
    @Test func aThreadOutsideAnyJobIsRefused() async {
        let refusal = await withCheckedContinuation { (answered: CheckedContinuation<Int32?, Never>) in
            let thread = Thread {
                switch TaskJobAbandonment.prepare() {
                case .success: answered.resume(returning: nil)
                case .failure(let refusal): answered.resume(returning: refusal.rawValue)
                }
            }
            thread.start()
        }
        #expect(refusal == TaskJobAbandonment.Refusal.noJobEntry.rawValue)
    }

    @Test func aTasksJobIsFound() async {
        // The test's own job: found, and left alone (no commit).
        let prepared = TaskJobAbandonment.prepare()
        #expect((try? prepared.get()) != nil)
    }

    @Test func anEndedJobGivesTheActorBackAndNothingAfterItRuns() async {
        let actor = DrainedActor()
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            // Never awaited: the task stays suspended for good once its job ends.
            Task { await actor.endJob(announcing: started) }
        }
        // Enqueued behind the ended job: answered only if the drain went on.
        for _ in 0..<50 { #expect(await actor.ping() == 1) }
        #expect(await actor.reachedAfterTheEnd == false)
    }
}
