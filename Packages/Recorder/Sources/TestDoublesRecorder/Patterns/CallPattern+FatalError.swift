extension CallPattern {
    /// Marks matching calls as ones that must not happen, the way a
    /// `fatalError()` in a hand-written fake would, without stopping the
    /// test process.
    ///
    /// A call that reaches this behavior is reported as a test issue at the
    /// line that configured it, with `message` and the call, and then gets
    /// the answer an unstubbed call gets: a throwing requirement throws
    /// ``UnstubbedCall``; any other returns its default value. The process
    /// keeps running on purpose: stopping it would end every other test of
    /// the run and hide their results because of one test's expectation.
    ///
    /// ```swift
    /// analytics.when { $0.track(event: "crash", value: Match.any()) }
    ///     .thenFatalError("the client must never report a crash event here")
    /// ```
    ///
    /// - Parameters:
    ///   - message: Why the call must not happen, printed in the issue.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenFatalError(
        _ message: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        appending(
            .fatalError(message), .bare, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        ).interactions
    }
}
