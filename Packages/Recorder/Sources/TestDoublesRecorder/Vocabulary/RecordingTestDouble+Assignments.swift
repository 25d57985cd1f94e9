// `when` has no assignment form: a closure that makes an ordinary call
// also fits `(inout Subject) throws -> Void` (its result is discarded), and
// the compiler can pick that form for it, giving a `CallPattern<Void>` whose
// behaviors answer the call with `()`. `verify` has no behaviors, so its
// assignment forms verify the same call whichever form is picked.
extension RecordingTestDouble {
    /// Checks that exactly one recorded assignment matches the one written
    /// in `verify`, the same as `verifySet(1...1, body)`.
    ///
    /// ```swift
    /// profile.verify { $0.displayName = Match.equal("Blob") }
    /// ```
    ///
    /// - Parameters:
    ///   - body: Makes exactly one assignment, with matchers for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @_disfavoredOverload  // only an assignment, which needs `inout`, picks this form
    @discardableResult
    public func verify(
        _ body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        verifySet(CallCount.once, body, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks how many recorded assignments match the one written in
    /// `verify`, the same as ``verifySet(_:_:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - body: Makes exactly one assignment, with matchers for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @_disfavoredOverload  // only an assignment, which needs `inout`, picks this form
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count,
        _ body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        verifySet(count, body, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
