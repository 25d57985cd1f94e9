import TestDoublesManual
import Testing

/// A main-actor protocol with a hand-written conformer: its requirements
/// run on the main actor whoever calls them.
@MainActor protocol MainActorVault {
    func open(_ code: Int) -> VaultSession
    func resume(_ session: VaultSession) async -> Bool
}

@MainActor struct MainActorVaultConformer: MainActorVault, ManualStubConformer {
    let stub: ManualStub<Self>
    nonisolated init(stub: ManualStub<Self>) { self.stub = stub }

    func open(_ code: Int) -> VaultSession { stub.call(code) }
    func resume(_ session: VaultSession) async -> Bool { await stub.asyncCall(session) }
}

/// A global actor of the tests' own, served by a default actor.
@globalActor actor VaultGlobalActor {
    static let shared = VaultGlobalActor()

    /// A job on the actor: returns once the actor is free.
    @VaultGlobalActor static func echo(_ value: Int) -> Int { value }
}

/// Recording passes written in a nonisolated test whose closure is isolated
/// to another actor: `{ @MainActor stub in … }`, or a global actor of the
/// test's own. The pass reads the closure's own actor (`@isolated(any)`)
/// and lends it to its own thread, so a bare `Match.any()` of a class is an
/// issue at the `when`/`verify` line and a requirement returning a class is
/// recorded, instead of stopping the process (main actor) or parking with
/// the actor held for good (a default actor).
@Suite struct MainActorClosureRecordingTests {
    @Test func aMainActorClosureReportsABareMatchAny() async throws {
        let vault = ManualStub<VaultStubConformer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { @MainActor stub in
                MainActor.assertIsolated()
                return await stub.resume(Match.any())
            }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("VaultSession"))

        let session = VaultSession(id: 60)
        await vault.when { @MainActor in await $0.resume(Match.any(using: session)) }.thenReturn(true)
        let sut: any Vault = vault()
        #expect(await sut.resume(VaultSession(id: 61)))
    }

    @Test func aMainActorClosureRecordsAClassResultAndVerifies() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 62)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @MainActor stub in
                await VaultAwaits.nonisolatedStep()
                MainActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        let sut: any Vault = vault()
        #expect(sut.open(3) === session)
        #expect(
            await vault.verify { @MainActor stub in
                await VaultAwaits.nonisolatedStep()
                return stub.open(Match.equal(3))
            })
        var line = 0
        let verifyIssues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify(.never) { @MainActor in await $0.resume(Match.any()) }
        }
        #expect(verifyIssues.map(\.kind) == [.invalidRecording])
        #expect(verifyIssues.first?.location?.line == line)
    }

    @Test func aMainActorClosureOfAMainActorProtocolRecordsAClassResult() async {
        let vault = ManualStub<MainActorVaultConformer>()
        let session = VaultSession(id: 63)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @MainActor stub in
                await VaultAwaits.nonisolatedStep()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(4) === session)
        var line = 0
        let verifyIssues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify(.never) { @MainActor in await $0.resume(Match.any()) }
        }
        #expect(verifyIssues.map(\.kind) == [.invalidRecording])
        #expect(verifyIssues.first?.location?.line == line)
    }

    @Test func aMainActorClosureOfAClosureDouble() async {
        let resume = AsyncClosureDouble<VaultSession, Bool>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resume.when { @MainActor double in await double(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        resume.whenAny().thenReturn(true)
        #expect(await resume.function(VaultSession(id: 64)))
    }

    /// A closure isolated to a default actor that is not the caller's: the
    /// pass parks for the class result and gives the actor back, so the
    /// test's next job on that actor runs (before, it waited for good).
    @Test func aGlobalActorClosureRecordsAClassResultAndGivesTheActorBack() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 65)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @VaultGlobalActor stub in
                await VaultAwaits.nonisolatedStep()
                VaultGlobalActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await VaultGlobalActor.echo(7) == 7)
        let sut: any Vault = vault()
        #expect(sut.open(5) === session)
        var line = 0
        let verifyIssues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify { @VaultGlobalActor in await $0.resume(Match.any()) }
        }
        #expect(verifyIssues.map(\.kind) == [.invalidRecording])
        #expect(verifyIssues.first?.location?.line == line)
        #expect(await VaultGlobalActor.echo(8) == 8)
    }
}

/// The same from a `@MainActor` test: a closure isolated to another
/// (global) actor is lent that actor, not the caller's main actor.
@MainActor @Suite struct MainActorTestOtherActorClosureTests {
    @Test func aGlobalActorClosureFromAMainActorTestRecordsAClassResult() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 66)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @VaultGlobalActor stub in
                await VaultAwaits.nonisolatedStep()
                VaultGlobalActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await VaultGlobalActor.echo(9) == 9)
        #expect(vault().open(6) === session)
    }
}
