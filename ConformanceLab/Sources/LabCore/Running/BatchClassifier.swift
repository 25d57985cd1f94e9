import Foundation

/// Turns what a case-runner process printed, and how it ended, into case results.
///
/// The runner prints `LABSTART <id>` before a case and
/// `LABCASE <id> <status> <detail>` after it (tab-separated). Cases with a
/// result line are classified by it; the case that started but never
/// finished is the culprit of a crash; cases that never started are
/// returned as `unfinished`, to be re-run one per process.
public enum BatchClassifier {
    /// The classification of one batch.
    public struct Classification: Sendable, Equatable {
        /// Results of the cases that finished (or, for a crash, the culprit).
        public var results: [CaseResult]
        /// Cases without a result, in batch order, when the process ended abnormally.
        public var unfinished: [String]
        /// The case that started and did not finish, if any.
        public var culprit: String?
    }

    /// Classifies one batch.
    /// - Parameters:
    ///   - ids: The cases the batch was asked to run, in order.
    ///   - outcome: How the process ended and what it printed.
    /// - Returns: Results for finished cases and the list of unfinished ones.
    public static func classify(ids: [String], outcome: ProcessOutcome) -> Classification {
        var results: [String: CaseResult] = [:]
        var started: String?
        for line in outcome.output.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            if fields.first == "LABSTART", fields.count >= 2 {
                started = fields[1]
            } else if fields.first == "LABCASE", fields.count >= 3 {
                let detail = fields.count > 3 ? fields[3] : ""
                let status: CaseStatus
                switch fields[2] {
                case "passed": status = .passed
                case "closed": status = .failedClosed
                case "wrong": status = .wrongValue
                case "skipped": status = .skipped
                default: status = .crashed
                }
                let finalDetail = status == .crashed ? "runner reported \(fields[2]): \(detail)" : detail
                results[fields[1]] = CaseResult(id: fields[1], status: status, detail: finalDetail)
                if started == fields[1] { started = nil }
            }
        }
        let finished = ids.compactMap { results[$0] }
        let missing = ids.filter { results[$0] == nil }
        if outcome.isClean && missing.isEmpty {
            return Classification(results: finished, unfinished: [], culprit: nil)
        }
        if outcome.isClean {
            // A clean exit without every result: report the missing ones rather than lose them.
            let lost = missing.map {
                CaseResult(
                    id: $0, status: .crashed, detail: "no result line (the runner exited cleanly without running it)")
            }
            return Classification(results: finished + lost, unfinished: [], culprit: nil)
        }
        return Classification(results: finished, unfinished: missing, culprit: started)
    }

    /// The result of a case that ran alone in its own process.
    /// - Parameters:
    ///   - id: The case.
    ///   - outcome: How its process ended.
    /// - Returns: Its result: the printed one, else `crashed` with the termination.
    public static func classifySingle(id: String, outcome: ProcessOutcome) -> CaseResult {
        let classification = classify(ids: [id], outcome: outcome)
        if let result = classification.results.first(where: { $0.id == id }) {
            if outcome.isClean || result.status != .passed { return result }
            // It printed a pass, then the process died (for example in a deinit at exit).
            return CaseResult(
                id: id, status: .crashed,
                detail: "passed, then the process ended with \(outcome.terminationDescription)")
        }
        let lines = outcome.diagnostics.split(separator: "\n").filter { !$0.hasPrefix("LAB") }
        // The runtime's own summary of the crash when there is one, else the last words.
        let summary = lines.first { line in
            ["Fatal error", "Precondition failed", "Program crashed:", "Assertion", "fatal error"].contains {
                line.contains($0)
            }
        }
        let lastLines =
            summary.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* \t")) }
            ?? lines.suffix(2).joined(separator: " | ")
        return CaseResult(
            id: id, status: .crashed,
            detail: outcome.terminationDescription + (lastLines.isEmpty ? "" : ": \(lastLines)"))
    }
}
