import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// A client whose async endpoints take and return a class no placeholder source can make.
struct AsyncVaultClient {
    var resume: @Sendable (VaultSession) async -> Bool
    var restore: @Sendable () async -> VaultSession
}

/// An async `when`/`verify` written in a `@MainActor` test: the closure is
/// isolated to the main actor, so it runs there. A bare `Match.any()` of a
/// class, or a synchronous requirement returning one, evaluated in it used
/// to stop the process (the main actor's thread could not be parked). The
/// pass now borrows the main actor onto its own thread: the first is an
/// issue at the `when` line, the second is recorded, and the run goes on.
@MainActor
@Suite struct MainActorRecordingTests {
    @Test func aBareMatchAnyOfAClassInAnAsyncPassIsAnIssueAtTheWhenLine() async throws {
        let vault = ManualStub<VaultStubConformer>()
        var runs = 0
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { stub in
                runs += 1
                return await stub.resume(Match.any())
            }.thenReturn(true)
        }
        #expect(runs == 1)
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("VaultSession"))
        #expect(issues.first?.message.contains("called no requirement") == false)

        // The double and the main actor stay usable: the same pattern with a handed-over instance works.
        let session = VaultSession(id: 20)
        await vault.when { await $0.resume(Match.any(using: session)) }.thenReturn(true)
        let sut: any Vault = vault()
        #expect(await sut.resume(VaultSession(id: 21)))
        await vault.verify { await $0.resume(Match.any(using: session)) }
    }

    @Test func aSynchronousRequirementReturningAClassInAnAsyncPassIsRecorded() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 22)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await Task.yield()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        let sut: any Vault = vault()
        #expect(sut.open(3) === session)
        #expect(
            await TestDoubleIssueReporting.capture { () async in
                await vault.verify { stub in
                    await Task.yield()
                    return stub.open(Match.equal(3))
                }
            }.isEmpty)
    }

    @Test func anAsyncVerifyWithABareMatchAnyOfAClassIsAnIssueAtItsLine() async {
        let vault = ManualStub<VaultStubConformer>()
        vault.when { $0.close(Match.any(using: VaultSession(id: 0))) }.thenReturn(false)
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify(.never) { await $0.resume(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
    }

    @Test func anAsyncClosureDoubleReportsABareMatchAnyOfAClass() async {
        let resume = AsyncClosureDouble<VaultSession, Bool>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resume.when { await $0(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        resume.whenAny().thenReturn(true)
        #expect(await resume.function(VaultSession(id: 23)))

        let restore = AsyncClosureDouble<Void, VaultSession>()
        let session = VaultSession(id: 24)
        #expect(
            await TestDoubleIssueReporting.capture { () async in
                await restore.when { await $0(()) }.thenReturn(session)
            }.isEmpty)
        #expect(await restore.function(()) === session)
    }

    @Test func anAsyncClientStubReportsABareMatchAnyOfAClass() async {
        let client = ClientStub<AsyncVaultClient> { endpoints in
            AsyncVaultClient(resume: endpoints.asyncFunction("resume"), restore: endpoints.asyncFunction("restore"))
        }
        let session = VaultSession(id: 25)
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            await client.when { await $0.restore() }.thenReturn(session)
            line = #line + 1
            await client.when { await $0.resume(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(await client().restore() === session)
    }

    /// After an `await` of another actor the closure comes back to the main
    /// actor, which (where the runtime allows it) is the pass's own executor
    /// for the pass's task: the call with no value parks there, nothing after
    /// it runs, and the recorded `when` answers.
    @Test(.enabled(if: MainExecutorRedirect.isAvailable))
    func aClassResultAfterAwaitingAnotherActorParksOnThePassThread() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 27)
        var reachedAfterTheCall = false
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await VaultAwaits.otherActor.visit()
                MainActor.assertIsolated()
                let opened = stub.open(Match.greaterThan(0))
                reachedAfterTheCall = true
                return opened
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reachedAfterTheCall)
        let sut: any Vault = vault()
        #expect(sut.open(3) === session)
        #expect(sut.open(4) === session)

        // The same after a continuation resumed on a thread of Dispatch's and after a sleep.
        let later = VaultSession(id: 28)
        let laterIssues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await VaultAwaits.resumedFromAnotherThread()
                try? await Task.sleep(nanoseconds: 1_000_000)
                MainActor.assertIsolated()
                return stub.open(Match.lessThan(0))
            }.thenReturn(later)
        }
        #expect(laterIssues.isEmpty)
        #expect(sut.open(-2) === later)
        #expect(sut.open(5) === session)
    }

    @Test func laterMainActorPassesStillRunAfterParkedOnes() async {
        // Several parked passes in a row: each leaves the main actor free for the next.
        let vault = ManualStub<VaultStubConformer>()
        for _ in 0..<3 {
            let issues = await TestDoubleIssueReporting.capture { () async in
                await vault.when { await $0.resume(Match.any()) }.thenReturn(true)
            }
            #expect(issues.count == 1)
        }
        var runs = 0
        let session = VaultSession(id: 26)
        await vault.when { stub in
            runs += 1
            MainActor.preconditionIsolated()
            return await stub.restore()
        }.thenReturn(session)
        #expect(runs == 1)
        #expect(await vault().restore() === session)
    }
}
