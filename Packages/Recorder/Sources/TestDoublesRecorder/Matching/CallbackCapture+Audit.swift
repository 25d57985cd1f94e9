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
        let pending = count
        guard pending > 0 else { return nil }
        return TestDoubleIssue(
            kind: .unmetExpectation,
            message: "CallbackCapture<\(Callback.self)>: \(pending) captured callback(s) were never called or released",
            location: creationSite)
    }
}
