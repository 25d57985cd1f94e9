extension RecordingTestDouble {
    /// Checks how many recorded calls match, for a requirement whose result
    /// type has no built-in placeholder (a class, an existential): the
    /// recording pass answers with `placeholder`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts.
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression, R>(
        _ count: Count, returning placeholder: R, _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        let session = recorder.capturing(returning: placeholder, at: site) { _ = try body(subject) }
        return recorder.verify(session, count.callCount, site: site)
    }

    /// Checks that exactly one recorded call matches, for a requirement whose
    /// result type has no built-in placeholder.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        returning placeholder: R, _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        verify(
            CallCount.once, returning: placeholder, body, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}
