/// The engine of `verifyInOrder`.
public enum CrossSpyVerification {
    /// How far an ordered verification got before it failed.
    public struct Result {
        /// The calls matched, in order.
        public let matched: [Recorded]
        /// How many expected interactions were not found after them.
        public let expectedRemaining: Int
    }

    /// Looks for the interactions, in order, in ``MockScope/invocationRecorder``:
    /// a subsequence, so other calls may come in between; each interaction
    /// takes the first call after the previous match that it matches.
    ///
    /// - Parameter verifiables: The expected interactions, in order.
    /// - Returns: `nil` when every one was found; otherwise how far it got.
    public static func verifyInOrder(_ verifiables: [any CrossSpyVerifiable]) -> Result? {
        guard !verifiables.isEmpty else { return nil }
        var matched: [Recorded] = []
        for recorded in MockScope.invocationRecorder.snapshot() where matched.count < verifiables.count {
            if verifiables[matched.count].matches(recorded) { matched.append(recorded) }
        }
        guard matched.count < verifiables.count else { return nil }
        return Result(matched: matched, expectedRemaining: verifiables.count - matched.count)
    }

    /// The report for a failed ordered verification.
    static func message(for result: Result, expected: Int) -> String {
        guard !result.matched.isEmpty else { return "Did not find sequence of interactions" }
        let lines = result.matched.map { recorded in
            let arguments = recorded.arguments.map { "\($0)" }.joined(separator: ", ")
            return "\(recorded.methodLabel ?? "Spy")(\(arguments))"
        }
        return "Partially found sequence of interactions. Matched \(result.matched.count) of \(expected) expected. "
            + "Matched up to:\n" + lines.joined(separator: "\n")
    }
}
