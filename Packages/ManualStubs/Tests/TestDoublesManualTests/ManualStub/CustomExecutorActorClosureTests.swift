import Foundation
import TestDoublesManual
import Testing

/// A global actor with a custom executor (a thread of its own), as an app's
/// database or audio actor might have.
@globalActor actor CustodianActor {
    static let shared = CustodianActor()
    private static let executor = ThreadSerialExecutor(name: "CustodianActor")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    @CustodianActor static var recordings = 0
    /// A job on the actor: returns once the actor is free.
    @CustodianActor static func echo(_ value: Int) -> Int { value }
}

/// A recording closure isolated to an actor with a custom executor that is
/// not the caller's: the pass lends that actor to its own thread, so a
/// class result is recorded and the actor's executor stays free.
@Suite struct CustomExecutorActorClosureTests {
    @Test func aClosureIsolatedToAnotherActorWithACustomExecutorRecords() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 75)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @CustodianActor stub in
                CustodianActor.recordings += 1
                await VaultAwaits.nonisolatedStep()
                CustodianActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await CustodianActor.echo(4) == 4)
        #expect(await CustodianActor.recordings == 1)
        let sut: any Vault = vault()
        #expect(sut.open(2) === session)
        var line = 0
        let verifyIssues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify { @CustodianActor in await $0.resume(Match.any()) }
        }
        #expect(verifyIssues.map(\.kind) == [.invalidRecording])
        #expect(verifyIssues.first?.location?.line == line)
        #expect(await CustodianActor.echo(5) == 5)
    }
}

/// The same from a `@MainActor` test.
@MainActor @Suite struct MainActorTestCustomExecutorClosureTests {
    @Test func aClosureIsolatedToAnActorWithACustomExecutorRecords() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 76)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @CustodianActor stub in
                await VaultAwaits.nonisolatedStep()
                CustodianActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await CustodianActor.echo(6) == 6)
        #expect(vault().open(3) === session)
    }
}
