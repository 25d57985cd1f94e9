#if canImport(XCTest)
import Testing

@testable import TestDoublesRecorder

/// Which command lines are XCTest runs: only there does a double observe
/// XCTest's test cases (on Linux it registers no observer anywhere else).
@Suite struct XCTestRunDetectionTests {
    @Test func anXCTestRunnerIsAnXCTestRun() {
        #expect(XCTestReporting.isXCTestRun(["/repo/.build/debug/AppPackageTests.xctest"]))
        #expect(XCTestReporting.isXCTestRun(["AppPackageTests.xctest", "AppTests.LoginTests/testSignIn"]))
    }

    @Test func itsSwiftTestingPassAndOtherProgramsAreNot() {
        #expect(
            !XCTestReporting.isXCTestRun([
                "/repo/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing",
            ]))
        #expect(!XCTestReporting.isXCTestRun(["/repo/.build/release/doubles-bench", "--filter", "construct"]))
        #expect(!XCTestReporting.isXCTestRun(["/usr/bin/xctest.sh"]))
        #expect(!XCTestReporting.isXCTestRun([]))
    }
}
#endif
