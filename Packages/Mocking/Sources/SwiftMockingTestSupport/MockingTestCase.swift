#if canImport(XCTest)
import SwiftMocking
import XCTest

/// An XCTest base class that runs each test with a fresh static spy storage
/// and a fresh order recorder, like `@Test(.mocking)` does in Swift Testing.
open class MockingTestCase: XCTestCase {
    /// Runs the test inside a clean mocking environment.
    open override func invokeTest() {
        MockScope.withStorage {
            MockScope.withInvocationRecorder {
                super.invokeTest()
            }
        }
    }
}
#endif
