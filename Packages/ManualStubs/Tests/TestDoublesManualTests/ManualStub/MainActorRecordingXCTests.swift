#if canImport(XCTest)
@_spi(TestDoublesInternals) import TestDoublesRecorder
import TestDoublesManual
import XCTest

/// The main-actor recording passes of ``MainActorRecordingTests`` under
/// XCTest, whose main actor runs on the main thread through its run loop.
/// (Each test calls a `@MainActor` function: Swift 6.0's XCTest runner warns
/// about `@MainActor` test methods of a class that is not `Sendable`.)
final class MainActorRecordingXCTests: XCTestCase {
    func testABareMatchAnyOfAClassInAnAsyncPassIsAnIssueAtTheWhenLine() async {
        await Self.bareMatchAnyOfAClass()
    }

    func testASynchronousRequirementReturningAClassInAnAsyncPassIsRecorded() async {
        await Self.synchronousRequirementReturningAClass()
    }

    /// A `@MainActor` closure that awaits another actor comes back to the
    /// main actor, which (where the runtime allows it) is the pass's own
    /// executor for the pass's task: the call with no value parks there and
    /// the recorded `when` answers, with XCTest's main thread serving the
    /// main actor through its run loop.
    func testAClassResultAfterAwaitingAnotherActorParksOnThePassThread() async throws {
        try XCTSkipUnless(MainExecutorRedirect.isAvailable, "the runtime has no main executor hook")
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 35)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @MainActor stub in
                await VaultAwaits.otherActor.visit()
                MainActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        XCTAssertEqual(issues.count, 0)
        XCTAssertTrue(vault().open(10) === session)
    }

    /// Closures written in the methods of an actor with a custom executor
    /// and of a default actor: the pass lends the caller's actor.
    func testClosuresIsolatedToTheCallersActorReportABareMatchAnyAndRecordAClassResult() async {
        let vault = ManualStub<VaultStubConformer>()
        let (issues, line) = await VaultKeeper().recordBareAny(on: vault)
        XCTAssertEqual(issues.map(\.kind), [.invalidRecording])
        XCTAssertEqual(issues.first?.location?.line, line)
        let session = VaultSession(id: 33)
        let keeper = DefaultVaultKeeper()
        let recorded = await keeper.recordClassResult(on: vault, answering: session)
        XCTAssertEqual(recorded.count, 0)
        await keeper.waitForTouch()
        let overlapped = await keeper.overlapped
        XCTAssertFalse(overlapped)
        XCTAssertTrue(vault().open(8) === session)
    }

    /// A nonisolated test method whose closure is marked `@MainActor`: the
    /// pass reads the closure's actor and lends it to its own thread.
    func testAMainActorClosureFromANonisolatedTestReportsABareMatchAnyAndRecordsAClassResult() async {
        let vault = ManualStub<VaultStubConformer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { @MainActor stub in await stub.resume(Match.any()) }.thenReturn(true)
        }
        XCTAssertEqual(issues.map(\.kind), [.invalidRecording])
        XCTAssertEqual(issues.first?.location?.line, line)
        let session = VaultSession(id: 34)
        let recorded = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @MainActor stub in
                await VaultAwaits.nonisolatedStep()
                MainActor.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        XCTAssertEqual(recorded.count, 0)
        XCTAssertTrue(vault().open(9) === session)
    }

    /// A nonisolated closure calling a `@MainActor` protocol's requirement
    /// (the conformer hops inside): the pass lends the main actor.
    func testANonisolatedClosureOfAMainActorRequirementRecordsAClassResult() async {
        let vault = ManualStub<MainActorVaultConformer>()
        let session = VaultSession(id: 35)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in await stub.open(Match.greaterThan(0)) }.thenReturn(session)
        }
        XCTAssertEqual(issues.count, 0)
        let answer = await vault().open(10)
        XCTAssertTrue(answer === session)
    }

    @MainActor private static func bareMatchAnyOfAClass() async {
        let vault = ManualStub<VaultStubConformer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { await $0.resume(Match.any()) }.thenReturn(true)
        }
        XCTAssertEqual(issues.map(\.kind), [.invalidRecording])
        XCTAssertEqual(issues.first?.location?.line, line)
        let session = VaultSession(id: 30)
        await vault.when { await $0.restore() }.thenReturn(session)
        let restored = await vault().restore()
        XCTAssertTrue(restored === session)
    }

    @MainActor private static func synchronousRequirementReturningAClass() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 31)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await Task.yield()
                return stub.open(Match.any())
            }.thenReturn(session)
        }
        XCTAssertEqual(issues.count, 0)
        XCTAssertTrue(vault().open(4) === session)
    }
}
#endif
