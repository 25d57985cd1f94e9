import BenchmarkHarness

/// The Markdown table of targets checked against one run.
enum TargetTable {
    /// One line per target: limit, measured value, met or missed (`not
    /// measured` when its rows were filtered out of the run).
    ///
    /// - Parameters:
    ///   - targets: The targets, in the table's order.
    ///   - results: The rows of one run.
    /// - Returns: The table, ending in a newline.
    static func markdown(_ targets: [Target], _ results: [BenchmarkResult]) -> String {
        var lines = ["| target | limit | measured | |", "| --- | --- | ---: | --- |"]
        for target in targets {
            let limit = target.limit.text(target.unit)
            guard let (measured, verdict) = target.outcome(in: results) else {
                lines.append("| \(target.name) | \(limit) | not measured | |")
                continue
            }
            lines.append("| \(target.name) | \(limit) | \(measured) | \(text(verdict)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A verdict as the table's last column shows it.
    ///
    /// - Parameter verdict: How a target fared.
    /// - Returns: `met`, `**missed**`, `partly measured` or `reported`.
    static func text(_ verdict: Target.Verdict) -> String {
        switch verdict {
        case .met: "met"
        case .missed: "**missed**"
        case .partlyMeasured: "partly measured"
        case .reported: "reported"
        }
    }
}
