import Foundation
import TestDoublesManual
import Testing

/// A nonisolated recording closure that calls a requirement isolated to
/// the main actor (a `@MainActor` protocol's hand-written conformer hops to
/// it inside). The pass lends the main actor to its own thread when neither
/// the closure nor its caller is isolated, so the hop stays on that thread:
/// a requirement returning a class is recorded, and a bare `Match.any()` of
/// a class is an issue at the `when`/`verify` line, instead of stopping the
/// process on the thread that serves the main actor.
@Suite struct NonisolatedClosureMainActorRequirementTests {
    @Test func aSynchronousRequirementReturningAClassIsRecorded() async {
        let vault = ManualStub<MainActorVaultConformer>()
        let session = VaultSession(id: 71)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in await stub.open(Match.greaterThan(0)) }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(8) === session)
        #expect(await vault().open(9) === session)
        #expect(await vault.verify(.exactly(2)) { stub in await stub.open(Match.greaterThan(7)) })
        #expect(await vault.verify(.never) { stub in await stub.open(Match.lessThan(0)) })
    }

    @Test func aClassResultAfterAnAwaitInTheClosureIsRecorded() async {
        let vault = ManualStub<MainActorVaultConformer>()
        let session = VaultSession(id: 72)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await VaultAwaits.otherActor.visit()
                await VaultAwaits.resumedFromAnotherThread()
                return await stub.open(Match.equal(4))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(4) === session)
    }

    @Test func aBareMatchAnyOfAClassInTheRequirementIsAnIssueAtTheLine() async throws {
        let vault = ManualStub<MainActorVaultConformer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { stub in await stub.resume(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("VaultSession"))
        // The run goes on, and the main actor is free.
        #expect(await MainActor.run { 5 } == 5)
        let session = VaultSession(id: 73)
        await vault.when { stub in await stub.resume(Match.any(using: session)) }.thenReturn(true)
        #expect(await vault().resume(VaultSession(id: 74)))
    }
}
