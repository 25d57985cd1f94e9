import TestDoublesRecorder
import Testing

@testable import TestDoublesTesting

#if compiler(>=6.1)
/// Runs `body` inside the trait's scope and returns what the trait reported at teardown.
func teardownIssues(
    _ trait: TestDoublesTrait, _ body: @escaping @Sendable () async throws -> Void
) async throws -> [TestDoubleIssue] {
    let test = try #require(Test.current)
    return try await TestDoubleIssueReporting.capture {
        try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
    }
}
#endif
