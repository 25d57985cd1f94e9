#if canImport(XCTest)
import TestDoublesManual
import XCTest

/// The main-actor recording passes of ``MainActorRecordingTests`` under
/// XCTest, whose `@MainActor` tests run on the main thread through its run loop.
final class MainActorRecordingXCTests: XCTestCase {
    @MainActor func testABareMatchAnyOfAClassInAnAsyncPassIsAnIssueAtTheWhenLine() async {
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

    @MainActor func testASynchronousRequirementReturningAClassInAnAsyncPassIsRecorded() async {
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
