import Foundation
import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// A protocol isolated to a global actor of the tests' own, with a hand-written conformer.
@VaultGlobalActor protocol GlobalActorVault {
    func open(_ code: Int) -> VaultSession
}

@VaultGlobalActor struct GlobalActorVaultConformer: GlobalActorVault, ManualStubConformer {
    let stub: ManualStub<Self>
    nonisolated init(stub: ManualStub<Self>) { self.stub = stub }

    func open(_ code: Int) -> VaultSession { stub.call(code) }
}

#if compiler(>=6.2)
/// The recording calls that reach a value nothing can make on a thread that
/// serves an actor's other jobs. Each must either park where the process
/// goes on or stop with the message that names the fix, never hang (the
/// second parked inside the actor's drain and held the actor for good before).
/// This package links no runtime layer, so the pass cannot end the task's job
/// there (`AbandonedJob` has no steps): the process stops, and the message
/// names the fix (link the `TestDoubles` module, or hand the value over).
/// Where the process links the `TestDoubles` module (the root package's one
/// test binary), the Recorder finds its steps by name and the same calls
/// are served (DSL `RecordingInsideAnotherActorTests`,
/// `ManualStubOnlyProcessTests`): each test expects that there.
@Suite struct UnparkableRecordingStopTests {
    /// A closure isolated to the main actor that awaits another actor comes
    /// back through the main actor, then needs a class result. Where the
    /// runtime lets the pass's task have its own executor as the main
    /// actor's, that return stays on the pass's thread: the call parks and
    /// the recorded `when` answers. Elsewhere the process stops with the fix.
    @Test func aClassResultAfterAwaitingAnotherActorParksOrStopsWithTheFix() async {
        let served = MainExecutorRedirect.isAvailable || AbandonedJob.isAvailable
        let expected: ExitTest.Condition = served ? .success : .failure
        await #expect(processExitsWith: expected, observing: [\.standardErrorContent]) {
            let vault = ManualStub<VaultStubConformer>()
            let session = VaultSession(id: 80)
            await vault.when { @MainActor stub in
                await VaultAwaits.otherActor.visit()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
            let sut: any Vault = vault()
            exit(sut.open(5) === session ? 0 : 3)
        }.map { result in
            guard !served else { return }
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("could not stop there"))
            #expect(text.contains("Add the TestDoubles product to the test target's dependencies"))
            #expect(text.contains("mark the closure with the requirement's actor"))
        }
    }

    /// A nonisolated closure that needs a class result inside a requirement
    /// isolated to a global actor of the test's own (a default actor).
    @Test func aClassResultInsideAnotherGlobalActorsRequirementStopsWithTheFix() async {
        let served = AbandonedJob.isAvailable
        await #expect(processExitsWith: served ? .success : .failure, observing: [\.standardErrorContent]) {
            let vault = ManualStub<GlobalActorVaultConformer>()
            let session = VaultSession(id: 81)
            await vault.when { stub in await stub.open(Match.greaterThan(0)) }.thenReturn(session)
            exit(await vault().open(2) === session ? 0 : 3)
        }.map { result in
            guard !served else { return }
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("could not stop there"))
            #expect(text.contains("VaultSession"))
            #expect(text.contains("Add the TestDoubles product to the test target's dependencies"))
        }
    }

    /// The same call made by a child task of the closure (`async let`).
    @Test func aChildTasksClassResultInsideAnotherGlobalActorsRequirementStopsWithTheFix() async {
        let served = AbandonedJob.isAvailable
        await #expect(processExitsWith: served ? .success : .failure, observing: [\.standardErrorContent]) {
            let vault = ManualStub<GlobalActorVaultConformer>()
            let session = VaultSession(id: 83)
            await vault.when { stub in
                async let opened = stub.open(Match.greaterThan(0))
                return await opened
            }.thenReturn(session)
            exit(await vault().open(2) === session ? 0 : 3)
        }.map { result in
            guard !served else { return }
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("could not stop there"))
            #expect(text.contains("Add the TestDoubles product to the test target's dependencies"))
        }
    }

    /// Marked with the requirement's actor, the same closure is served.
    @Test func theSameClosureMarkedWithTheRequirementsActorRecords() async {
        let vault = ManualStub<GlobalActorVaultConformer>()
        let session = VaultSession(id: 82)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @VaultGlobalActor stub in
                await VaultAwaits.nonisolatedStep()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await VaultGlobalActor.echo(1) == 1)
        #expect(await vault().open(4) === session)
    }
}
#endif
