#if canImport(XCTest)
import XCTest

@testable import TestDoublesRecorder

/// Runs under XCTest: issues must become XCTest failures at the user's call site.
final class XCTestReportingTests: XCTestCase {
    struct Failure {
        let description: String
        let file: String
        let line: Int
    }

    private var captured: [Failure] = []
    private var capturing = false

    override class func setUp() {
        super.setUp()
        XCTestReporting.start()  // observe before the test cases start
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if capturing {
            captured.append(Failure(description: description, file: filePath, line: lineNumber))
            return
        }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    func testFailedVerifyBecomesAnXCTestFailureAtTheCallSite() {
        let double = ServiceDouble()
        double.when { $0.translate(Match.any()) }.thenReturn("x")
        _ = double().translate("a")
        capturing = true
        double.verify(.never) { $0.translate(Match.any()) }
        let line = #line - 1
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertTrue(
            captured.first?.description.contains("expected no calls of translate(any()), observed 1.") == true)
    }

    /// An observer that began inside the running test (the process's first
    /// double) has seen no test start. An issue an async test reports off
    /// the main thread still fails that test, and the failure tells the
    /// observer the test case, so its next issue is at its own line.
    func testAnIssueOffTheMainThreadFailsTheTestTheObserverHasNotSeenStart() async {
        let reporting = XCTestReporting()  // `.unknown`, as in the first test of a process
        XCTestObservationCenter.shared.addTestObserver(reporting)
        defer { XCTestObservationCenter.shared.removeTestObserver(reporting) }
        let site = CallSite(fileID: "App/CartTests.swift", filePath: "/src/App/CartTests.swift", line: 41, column: 9)
        let first = TestDoubleIssue(kind: .verificationFailed, message: "expected 1 call", location: site)
        capturing = true
        let onMainThread = await Task.detached { Thread.isMainThread }.value
        let tookFirst = await Task.detached { reporting.record(first) }.value
        capturing = false
        XCTAssertFalse(onMainThread)
        XCTAssertEqual(captured.count, 1)  // before the fix: none, the issue went to standard error only
        XCTAssertEqual(captured.first?.file, "/src/App/CartTests.swift")  // not XCTestReporting's own file
        XCTAssertEqual(captured.first?.line, 41)
        XCTAssertTrue(captured.first?.description.hasSuffix("expected 1 call") == true)  // XCTFail's "failed - "
        XCTAssertFalse(tookFirst)  // this test keeps the failure from XCTest, which never tells the observer

        reporting.testCase(self, didFailWithDescription: "failed", inFile: nil, atLine: 0)
        let second = TestDoubleIssue(kind: .verificationFailed, message: "expected 2 calls", location: site)
        capturing = true
        let tookSecond = await Task.detached { reporting.record(second) }.value
        capturing = false
        XCTAssertTrue(tookSecond)
        XCTAssertEqual(captured.count, 2)
        XCTAssertEqual(captured.last?.file, "/src/App/CartTests.swift")
        XCTAssertEqual(captured.last?.line, 41)
        XCTAssertEqual(captured.last?.description, "expected 2 calls")
    }
}
#endif
