#if canImport(XCTest)
import Foundation
import Synchronization
import XCTest

/// Routes issues to XCTest when an XCTest test case is running.
///
/// An observer tracks the running test case from the moment the first
/// double is created. Before it has seen a test start (the test that
/// created the first double), a report on the main thread of an `.xctest`
/// process that is not running Swift Testing is taken to come from a
/// running XCTest test.
final class XCTestReporting: NSObject, XCTestObservation, @unchecked Sendable {
    enum State {
        case unknown
        case running(XCTestCase)
        case idle
    }

    static let shared: XCTestReporting = {
        let reporting = XCTestReporting()
        XCTestObservationCenter.shared.addTestObserver(reporting)
        return reporting
    }()

    private let state = Mutex<UncheckedSendable<State>>(UncheckedSendable(.unknown))

    /// Starts observing; call early (the recorder does on creation).
    static func start() { _ = shared }

    func testCaseWillStart(_ testCase: XCTestCase) {
        state.withLock { $0 = UncheckedSendable(.running(testCase)) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        state.withLock { $0 = UncheckedSendable(.idle) }
    }

    /// Records the issue as an XCTest failure; returns `false` when no XCTest test is running.
    func record(_ issue: TestDoubleIssue) -> Bool {
        switch state.withLock({ $0.value }) {
        case .running(let testCase):
            testCase.recordFailure(
                withDescription: issue.message, inFile: issue.location?.filePath ?? "<unknown>",
                atLine: issue.location?.line ?? 0, expected: true)
            return true
        case .idle:
            return false
        case .unknown:
            let arguments = CommandLine.arguments
            guard Thread.isMainThread, arguments.first?.hasSuffix(".xctest") == true,
                !arguments.contains("swift-testing")  // `swift test` runs Swift Testing as a second pass
            else { return false }
            XCTFail(issue.description)
            return true
        }
    }
}
#endif
