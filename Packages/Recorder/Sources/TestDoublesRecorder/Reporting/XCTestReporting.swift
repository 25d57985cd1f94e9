#if canImport(XCTest)
import Foundation
import Synchronization
import XCTest

/// Routes issues to XCTest when an XCTest test case is running.
///
/// An observer tracks the running test case from the moment the first
/// double is created. Before it has seen a test start (the test that
/// created the first double), a report of an `.xctest` process that is not
/// running Swift Testing goes to `XCTFail` at the issue's own file and
/// line, from any thread (an async test runs off the main thread): XCTest
/// hands it to the running test case, whose failure then tells the
/// observer which test case runs, so the test's later issues are at their
/// own lines too. When no test case took it,
/// the issue goes to standard error.
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
    ///
    /// On Linux only a process that runs XCTest cases observes them: the
    /// `.xctest` runner, not its Swift Testing pass (`--testing-library
    /// swift-testing`) nor any other program. Registering an observer there
    /// gains nothing (such a process reports as ``record(_:)``'s unknown
    /// state does) and cost the process's first double about 440,000
    /// instructions (XCTest's observation center and its first `Set`).
    static func start() {
        #if os(Linux)
        guard runsXCTestCases else { return }
        #endif
        _ = shared
    }

    /// Whether this process is an XCTest run: an `.xctest` runner not asked for Swift Testing.
    private static let runsXCTestCases: Bool = isXCTestRun(CommandLine.arguments)

    /// Whether `arguments` (a process's command line) start an XCTest run.
    static func isXCTestRun(_ arguments: [String]) -> Bool {
        // `swift test` runs Swift Testing as a second pass of the same runner.
        arguments.first?.hasSuffix(".xctest") == true && !arguments.contains("swift-testing")
    }

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
            guard Self.isXCTestRun(CommandLine.arguments) else { return false }
            if let location = issue.location, location.line > 0,
                let file = StaticString.keptForProcess(location.filePath)
            {
                XCTFail(issue.message, file: file, line: UInt(location.line))
            } else {
                // At XCTestReporting's line: `issue.description` starts with the issue's own location.
                XCTFail(issue.description)
            }
            return state.withLock {
                if case .running = $0.value { return true }
                return false
            }
        }
    }

    /// Learns the running test case from a failure it records, when no test
    /// start was seen (the observer began inside that test).
    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        state.withLock {
            guard case .unknown = $0.value else { return }
            $0 = UncheckedSendable(.running(testCase))
        }
    }
}
#endif
