extension RecordingSession {
    /// How the recorded calls differ from the reference fixture, one line per
    /// position; empty when they match or the session has no reference.
    public var differencesFromReference: [String] {
        guard let reference else { return [] }
        let recorded = interactions
        let expected = reference.interactions
        var lines: [String] = []
        for position in 0..<max(recorded.count, expected.count) {
            switch (
                position < recorded.count ? recorded[position] : nil,
                position < expected.count ? expected[position] : nil
            ) {
            case (let call?, let reference?) where call != reference:
                lines.append(
                    "position \(position): recorded \(call.callDescription) → \(call.outcome), "
                        + "the reference has \(reference.callDescription) → \(reference.outcome)")
            case (let call?, nil):
                lines.append("position \(position): recorded \(call.callDescription), past the end of the reference")
            case (nil, let reference?):
                lines.append(
                    "position \(position): the reference has \(reference.callDescription), which was not called")
            default:
                continue
            }
        }
        return lines
    }

    /// Reports a test issue when the recorded calls differ from the reference fixture.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; the issue is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the recorded calls match the reference (and could all be recorded).
    @discardableResult
    public func assertMatchesReference(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        var lines = differencesFromReference
        lines += problems.map { "not recorded: \($0)" }
        if reference == nil { lines.append("the session has no reference fixture to compare with") }
        guard !lines.isEmpty else { return true }
        let title = name.map { "recording \"\($0)\"" } ?? "the recording"
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .unmetExpectation,
                message: "\(title) differs from its reference fixture:\n"
                    + lines.map { "  \($0)" }.joined(separator: "\n"),
                location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
        return false
    }
}

extension RecordedInteraction.Outcome: CustomStringConvertible {
    /// The outcome as diagnostics print it: `returned "x"` or `threw MyError: ...`.
    public var description: String {
        switch self {
        case .returned(let value): "returned \(value)"
        case .threw(let error): "threw \(error.type)\(error.value.map { " \($0)" } ?? "")"
        }
    }
}
