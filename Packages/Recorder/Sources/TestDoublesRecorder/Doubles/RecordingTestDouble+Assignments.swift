// Assignments and mutating calls written in `when` and `verify`, beside
// `whenSet` and `verifySet`. A closure that makes an ordinary call also fits
// `(inout Subject) throws -> R` (and, its result discarded, the `Void`
// forms), so these forms are disfavored: the compiler picks them only for a
// closure the `(Subject) throws -> R` forms cannot take, an assignment or a
// call to a `mutating` method, which need `inout`. A closure both fit records
// the same call either way.
extension RecordingTestDouble {
    /// Records a property or subscript assignment, or a call to a `mutating`
    /// method, and returns its pattern, typed by the call's result.
    ///
    /// ```swift
    /// profile.when { $0.displayName = Match.any() }.thenDoNothing()
    /// store.when { $0[Match.equal("theme")] = Match.any() }.thenDoNothing()
    /// parser.when { $0.feed(Match.any()) }.then { (bytes: [UInt8]) in bytes.count }
    /// ```
    ///
    /// The closure receives a mutable copy of ``recordingSubject``. An
    /// assignment's pattern is a `CallPattern<Void>`, the same as
    /// ``whenSet(_:fileID:filePath:line:column:)``'s; a mutating call's keeps
    /// the method's result type, so `then` and `thenReturn` take it.
    ///
    /// - Parameters:
    ///   - body: Makes exactly one assignment or mutating call, with matchers for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern of the call.
    @_disfavoredOverload  // only an assignment or a mutating call, which need `inout`, pick this form
    public func when<R>(
        _ body: (inout Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallPattern<R> {
        assignmentPattern(
            body, purpose: "when", site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs an assignment or mutating-call closure on a mutable copy of
    /// ``recordingSubject`` and returns the pattern of the call it recorded.
    func assignmentPattern<R>(
        _ body: (inout Subject) throws -> R, purpose: String, site: CallSite
    ) -> CallPattern<R> {
        var subject = recordingSubject
        let session = recorder.capturing(at: site) { _ = try body(&subject) }
        return recorder.pattern(from: session, purpose: purpose, site: site)
    }

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
