import Foundation
import TestDoubles
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// Calls made by a child task of the recording closure (`async let`, a
/// task group), not by the pass's own task, that need a value no source can
/// make. A child that runs on the pass's thread parks there; one that
/// reaches the call on a thread serving an actor's other jobs (inside a
/// requirement isolated to a default actor, a child isolated to the main
/// actor) ends its job there without a value, and the pass ends once its
/// thread is idle. Either way the call is recorded, the `when` answers and
/// code after the call never runs. (Before: the second kind stopped the
/// process, "recording open(_:) needs a placeholder result of type
/// ResumableSession".)
@Suite struct RecordingInChildTaskTests {
    @Test func anAsyncLetChildOnThePassThreadRecords() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 60)
        let reached = ReachedAfterTheCall()
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                async let made = double.session(for: Match.greaterThan(0))
                let value = await made
                reached.mark()
                return value
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reached.wasReached)
        #expect(vault().session(for: 3) === session)
    }

    @Test func aTaskGroupChildOnThePassThreadRecords() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 61)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                await withTaskGroup(of: ResumableSession.self) { group in
                    group.addTask { double.session(for: Match.greaterThan(0)) }
                    // Never reached without a value: the child's call parks.
                    return await group.next() ?? session
                }
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(vault().session(for: 4) === session)
    }

    @Test func anAsyncLetChildInsideADefaultActorsRequirementRecords() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        let session = ResumableSession(id: 62)
        let reached = ReachedAfterTheCall()
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                async let made = double.open(Match.greaterThan(0))
                let value = await made
                reached.mark()
                return value
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reached.wasReached)
        #expect(await vault().open(5) === session)
        #expect(await backgroundActorServes())
    }

    @Test func aTaskGroupChildIsolatedToTheMainActorRecords() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 63)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                await withTaskGroup(of: ResumableSession.self) { group in
                    group.addTask { @MainActor in double.session(for: Match.greaterThan(0)) }
                    // Never reached without a value: the child's job ends at the call.
                    return await group.next() ?? session
                }
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(vault().session(for: 6) === session)
        #expect(
            await MainActor.run {
                MainActor.assertIsolated(); return true
            })
    }

    @Test func aBareMatchAnyOfAClassInAChildIsAnIssueAtTheWhenLine() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { double in
                async let made = double.reopened(Match.any())
                return await made
            }.thenReturn(ResumableSession(id: 64))
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ResumableSession"))
        #expect(await backgroundActorServes())
    }

    @Test func aVerifyInAChildCounts() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        let session = ResumableSession(id: 65)
        await vault.when(returning: session) { await $0.open(Match.any()) }.thenReturn(session)
        _ = await vault().open(7)
        let verified = await vault.verify(1...1) { double in
            async let made = double.open(Match.greaterThan(0))
            return await made
        }
        #expect(verified)
    }

    @Test func manyChildPassesInARowEachEndAndAnswer() async throws {
        for round in 0..<10 {
            let vault = try Stub<any ArchivedSessionVault>()
            let session = ResumableSession(id: 300 + round)
            await vault.when { double in
                async let made = double.open(Match.equal(round))
                return await made
            }.thenReturn(session)
            #expect(await vault().open(round) === session)
        }
        #expect(await backgroundActorServes())
    }
}

#if compiler(>=6.2)
/// A process that uses `ManualStub`s alone, before or without any runtime
/// double, but links the `TestDoubles` module: the Recorder finds the
/// runtime layer's way of ending a job by name when a pass first needs it.
/// (Before: the process stopped, since the steps were installed only by the
/// first `Stub`, `Spy` or `Dummy`.)
@Suite struct ManualStubOnlyProcessTests {
    @Test func theRuntimeLayersInstallerIsFoundByItsName() {
        #expect(_typeByName(AbandonedJob.runtimeLayerTypeName) is any AbandonedJobInstalling.Type)
        #expect(AbandonedJob.isAvailable)
    }

    @Test func aManualStubConformerThatHopsInsideRecordsWithNoRuntimeDouble() async {
        await #expect(processExitsWith: .success) {
            guard !AbandonedJob.isInstalled else { exit(2) }
            let vault = ManualStub<ArchivedSessionVaultFake>()
            let session = ResumableSession(id: 66)
            await vault.when { await $0.open(Match.greaterThan(0)) }.thenReturn(session)
            exit(await vault().open(3) === session ? 0 : 3)
        }
    }

    @Test func aManualStubCalledByAChildTaskInsideADefaultActorRecords() async {
        await #expect(processExitsWith: .success) {
            let vault = ManualStub<ArchivedSessionVaultFake>()
            let session = ResumableSession(id: 67)
            await vault.when { double in
                async let made = double.open(Match.greaterThan(0))
                return await made
            }.thenReturn(session)
            exit(await vault().open(3) === session ? 0 : 3)
        }
    }
}
#endif

/// A requirement with a generic parameter of its own: `Match.any()` there
/// is of the caller's type, which the double cannot list when it decides
/// where its passes run, so they always run where a call may park.
/// (Before: such a pass ran on the caller's thread when every listed type
/// had a placeholder, and `Match.any()` of a class stopped the process,
/// "any() needs a placeholder value of type ResumableSession".)
protocol GenericKeeper {
    func keep<T>(_ value: T) -> Int
}

/// A linked conformer, so discovery reads the requirement's signature.
struct LiveGenericKeeper: GenericKeeper {
    func keep<T>(_ value: T) -> Int { 0 }
}

@Suite struct GenericRequirementRecordingTests {
    @Test func aBareMatchAnyOfAClassForAGenericParameterIsAnIssueAtTheWhenLine() throws {
        let keeper = try Stub<any GenericKeeper>()
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            keeper.when { $0.keep(Match.any() as ResumableSession) }.thenReturn(1)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ResumableSession"))
        let session = ResumableSession(id: 68)
        keeper.when { $0.keep(Match.any(using: session)) }.thenReturn(2)
        #expect(keeper().keep(session) == 2)
    }
}
