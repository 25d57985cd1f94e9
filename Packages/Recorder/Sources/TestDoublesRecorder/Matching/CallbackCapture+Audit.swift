/// A callback capture as the end-of-test check sees it, whatever its callback type.
protocol CallbackCaptureAuditing: AnyObject, Sendable {
    /// The issue to report when the capture keeps callbacks nobody handled, or `nil`.
    var pendingCallbacksIssue: TestDoubleIssue? { get }
}

extension CallbackCapture: CallbackCaptureAuditing {
    /// One issue at the capture's creation site when it keeps pending callbacks.
    ///
    /// Reads the recorded calls under their own short locks and runs no
    /// user code, so it never blocks on the test's tasks.
    var pendingCallbacksIssue: TestDoubleIssue? {
        let pending = pendingCount
        guard pending > 0 else { return nil }
        return TestDoubleIssue(
            kind: .unmetExpectation,
            message: "\(displayName): \(pending) captured callback(s) were never called or released",
            location: creationSite)
    }
}

extension CallbackCapture {
    /// Checks that the capture keeps no pending callback: every callback it
    /// captured was called through it, taken or released.
    ///
    /// The explicit form of the `noPendingCallbackCaptures` check of
    /// `.strictTestDoubles`, for Swift 6.0 (which has no test traits) and for
    /// checking before the test ends. A failure is reported at the caller's
    /// location.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoPendingCallbacks(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        guard var issue = pendingCallbacksIssue else { return true }
        issue.location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        TestDoubleIssueReporting.report(issue)
        return false
    }
}
