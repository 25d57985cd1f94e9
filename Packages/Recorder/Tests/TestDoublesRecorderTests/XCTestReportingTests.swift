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
}
#endif
