#if canImport(XCTest)
import SwiftMocking
import SwiftMockingTestSupport
import XCTest

final class MockingTestCaseTests: MockingTestCase {
    func testEachTestRunsInAFreshScope() {
        XCTAssertTrue(MockScope.invocationRecorder !== InvocationRecorder.shared)
        XCTAssertTrue(MockScope.currentStorage.storage.isEmpty)
        when(MockPricingService.shared()).thenReturn("xctest")
        XCTAssertEqual(MockPricingService.shared() as String, "xctest")
        verify(MockPricingService.shared()).called(1)
    }
}
#endif
