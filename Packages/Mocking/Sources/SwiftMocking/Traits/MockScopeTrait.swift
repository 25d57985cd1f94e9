#if compiler(>=6.1)
import Testing

/// `@Test(.mocking)`: runs the test with a fresh static spy storage and a
/// fresh order recorder, so static spies and `verifyInOrder` see only its calls.
public struct MockScopeTrait: TestTrait, TestScoping {
    /// Runs the test inside a clean mocking environment.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case, for parameterized tests.
    ///   - function: The test's body.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await MockScope.withCleanEnvironment(body: function)
    }
}

extension Trait where Self == MockScopeTrait {
    /// Gives the test a fresh static spy storage and a fresh order recorder.
    public static var mocking: Self { MockScopeTrait() }
}
#endif
