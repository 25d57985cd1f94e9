import Foundation
import TestDoubles
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// A hand-written conformer of the default-actor protocol: it hops to the
/// actor inside the requirement, as the runtime stub's caller does.
@BackgroundActor struct ArchivedSessionVaultFake: ArchivedSessionVault, ManualStubConformer {
    let stub: ManualStub<Self>
    nonisolated init(stub: ManualStub<Self>) { self.stub = stub }

    func open(_ code: Int) -> ResumableSession { stub.call(code) }
    func reopened(_ session: ResumableSession) -> ResumableSession { stub.call(session) }
}

/// Calls with no value nothing can make, reached by a recording closure on
/// a thread that serves an actor's other jobs, where the pass can neither
/// return nor park: inside a requirement isolated to a default actor (the
/// hop is in the closure for a runtime `Stub`, in the conformer for a
/// `ManualStub`), and a closure isolated to a default actor after an
/// `await` of another actor (back through that actor's drain). The pass
/// ends the task's job there without a value (`AbandonedJob`): the `when`
/// answers, code after the call never runs, and the actor goes on serving.
/// (Before: an issue at the `when` line, then the process stopped.)
@Suite struct RecordingInsideAnotherActorTests {
    @Test func aDefaultActorsRequirementRecordsAndTheActorGoesOn() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        let session = ResumableSession(id: 40)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { await $0.open(Match.greaterThan(0)) }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(4) === session)
    }

    @Test func aVerifyThereCounts() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        let session = ResumableSession(id: 41)
        await vault.when(returning: session) { await $0.open(Match.any()) }.thenReturn(session)
        _ = await vault().open(7)
        _ = await vault().open(-7)
        let verified = await vault.verify(1...1) { await $0.open(Match.greaterThan(0)) }
        #expect(verified)
        var never = true
        let issues = await TestDoubleIssueReporting.capture { () async in
            never = await vault.verify(1...) { await $0.open(Match.greaterThan(100)) }
        }
        #expect(!never)
        #expect(issues.count == 1)
    }

    @Test func aBareMatchAnyOfAClassThereIsAnIssueAtTheWhenLine() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { await $0.reopened(Match.any()) }.thenReturn(ResumableSession(id: 42))
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ResumableSession"))
        let session = ResumableSession(id: 43)
        await vault.when { await $0.reopened(Match.any(using: session)) }.then { (received: ResumableSession) in
            received
        }
        #expect(await vault().reopened(session) === session)
    }

    @Test func aClosureOfADefaultActorAfterAnotherActorRecords() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 44)
        let reached = ReachedAfterTheCall()
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @BackgroundActor (double: any SessionVault) async in
                await VisitedActor.shared.visit()
                BackgroundActor.shared.assertIsolated()
                let made = double.session(for: Match.greaterThan(0))
                reached.mark()
                return made
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reached.wasReached)
        #expect(vault().session(for: 5) === session)
        #expect(await backgroundActorServes())
    }

    @Test func aManualStubConformerThatHopsInsideRecords() async throws {
        // The runtime layer's steps are installed by the first runtime double.
        _ = try Stub<any SessionVault>()
        let vault = ManualStub<ArchivedSessionVaultFake>()
        let session = ResumableSession(id: 45)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { await $0.open(Match.greaterThan(0)) }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(3) === session)
    }

    @Test func manyPassesInARowEachEndAndAnswer() async throws {
        for round in 0..<20 {
            let vault = try Stub<any ArchivedSessionVault>()
            let session = ResumableSession(id: 200 + round)
            await vault.when { await $0.open(Match.equal(round)) }.thenReturn(session)
            #expect(await vault().open(round) === session)
        }
    }
}

/// Runs on the tests' global actor: it still serves after a pass ended a job in its drain.
@BackgroundActor func backgroundActorServes() -> Bool {
    BackgroundActor.shared.assertIsolated()
    return true
}
