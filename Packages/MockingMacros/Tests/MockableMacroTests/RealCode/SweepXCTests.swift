#if canImport(XCTest)
import Foundation
import SwiftMockingMacros
import SwiftMockingTestSupport
import XCTest

/// The sweep's protocols from an XCTest case: static settable members are
/// scoped per test by `MockingTestCase`, `CaptureBox` collects what an
/// async `do` handler sees.
final class SweepXCTests: MockingTestCase {
    func testStaticWritesAreRecordedInTheTestsScope() {
        let type: any Spreadsheet.Type = MockSpreadsheet.self
        type.defaultPrecision = 3
        verify(MockSpreadsheet.defaultPrecision <- 3).called(1)
        verify(MockSpreadsheet.defaultPrecision).neverCalled()
        XCTAssertEqual(MockScope.invocationRecorder.count, 1)
    }

    func testStaticWritesStartEmpty() {
        verify(MockSpreadsheet.defaultPrecision <- .any).neverCalled()
        XCTAssertEqual(MockScope.invocationRecorder.count, 0)
    }

    func testAsyncDoHandlerSeesTheInoutValue() async {
        let mock = MockTaskScheduler()
        let seen = CaptureBox<[String: String]>()
        when(mock.normalize(.any)).do { seen.append($0) }
        let scheduler: any TaskScheduler = mock
        var headers = ["Accept": "json"]
        await scheduler.normalize(&headers)
        XCTAssertEqual(seen.values, [["Accept": "json"]])
        verify(mock.normalize(.hasCount(1))).called(1)
    }

    func testUnstubbedThrowingCallsAnswerDefaultsOrThrow() async throws {
        let type: any Spreadsheet.Type = MockSpreadsheet.self
        let opened = try await type.open(named: "a.csv")
        XCTAssertEqual(opened, 0)
        let scheduler: any TaskScheduler = MockTaskScheduler()
        do {
            _ = try await scheduler.retry(times: 1) { Photo(id: 1, title: "a") }
            XCTFail("Photo has no default: the unstubbed call must throw")
        } catch let error as MockingError {
            XCTAssertTrue(error.message.contains("retry"), error.message)
        }
    }
}
#endif
