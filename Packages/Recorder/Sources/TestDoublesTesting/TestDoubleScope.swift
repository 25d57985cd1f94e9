import TestDoublesRecorder
import Testing

#if compiler(>=6.1)
/// A Swift Testing trait that checks every test double a test creates when the test ends.
///
/// ```swift
/// @Test(.testDoubles) func checkout() throws { ... }        // unused registrations fail the test
/// @Test(.strictTestDoubles) func payment() throws { ... }   // and unverified calls, unconsumed
///                                                            // finite behaviors, unresumed suspensions,
///                                                            // callbacks captured but never called
/// ```
///
/// Every `InvocationRecorder`, `CallbackCapture` and `stream()` created while the test
/// runs (on its task or its child tasks) is collected in a task-local `TestDoubleSession`, so tests
/// running in parallel never see each other's doubles. Applied to a suite, the
/// trait scopes each test of the suite separately.
///
/// Requires Swift 6.1 or later (`TestScoping`); with Swift 6.0 the traits
/// are not available and `verifyNoUnusedStubs()` / `verifyNoMoreInteractions()`
/// do the same checks explicitly.
public struct TestDoubleScope: TestTrait, SuiteTrait, TestScoping {
    /// The checks run when each test ends.
    public let strictness: TestDoubleStrictness

    /// Creates the trait.
    ///
    /// - Parameter strictness: The checks to run when each test ends.
    public init(strictness: TestDoubleStrictness = .noUnusedStubs) {
        self.strictness = strictness
    }

    /// Applies to every test of a suite.
    public var isRecursive: Bool { true }

    /// Runs a test inside a fresh test-double scope, then reports what the checks find at the test's location.
    ///
    /// - Parameters:
    ///   - test: The test (or suite) the trait applies to.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: Runs the test.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard !test.isSuite else {
            try await function()
            return
        }
        let session = TestDoubleSession()
        try await TestDoubleTestingContext.$session.withValue(session) {
            try await function()
        }
        let location = test.sourceLocation
        let site = CallSite(
            fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
        for failure in session.audit(strictness.auditChecks) {
            TestDoubleIssueReporting.report(TestDoubleIssue(kind: .unmetExpectation, message: failure, location: site))
        }
        var issues: [TestDoubleIssue] = []
        if strictness.contains(.noPendingCallbackCaptures) { issues += session.pendingCallbackCaptureIssues() }
        if strictness.contains(.noUnfinishedAsyncInvocations) { issues += session.unfinishedAsyncInvocationIssues() }
        if strictness.contains(.noUnconsumedInvocationStreams) {
            issues += session.unconsumedInvocationStreamIssues()
        }
        let escaped = session.releaseAndFindEscapedDoubles()
        if strictness.contains(.noEscapedTestDoubles) { issues += escaped }
        for issue in issues { TestDoubleIssueReporting.report(issue) }
    }
}

/// The earlier name of ``TestDoubleScope``.
public typealias TestDoublesTrait = TestDoubleScope

extension Trait where Self == TestDoubleScope {
    /// Fails the test for registrations that served no call.
    public static var testDoubles: Self { TestDoubleScope(strictness: .standard) }

    /// Fails the test for registrations that served no call, calls no
    /// verification covered, finite behaviors left unused, suspended calls
    /// never resumed and captured callbacks never called or released (reported
    /// where each `CallbackCapture` was created).
    public static var strictTestDoubles: Self { TestDoubleScope(strictness: .strict) }

    /// Runs the given checks when the test ends.
    ///
    /// - Parameter strictness: The checks.
    /// - Returns: The trait.
    public static func testDoubles(_ strictness: TestDoubleStrictness) -> Self {
        TestDoubleScope(strictness: strictness)
    }

    /// Runs the given checks when the test ends.
    ///
    /// - Parameter strictness: The checks.
    /// - Returns: The trait.
    public static func testDoubles(strictness: TestDoubleStrictness) -> Self {
        TestDoubleScope(strictness: strictness)
    }
}
#endif

extension TestDoubleStrictness {
    /// The recorder checks that implement these options.
    public var auditChecks: InvocationRecorder.AuditChecks {
        var checks: InvocationRecorder.AuditChecks = []
        if contains(.noUnusedStubs) { checks.insert(.unusedStubs) }
        if contains(.noMoreInteractions) { checks.insert(.unverifiedInteractions) }
        if contains(.noUnconsumedBehaviorQueues) { checks.insert(.unconsumedBehaviors) }
        if contains(.noPendingSuspensions) { checks.insert(.pendingSuspensions) }
        return checks
    }
}
