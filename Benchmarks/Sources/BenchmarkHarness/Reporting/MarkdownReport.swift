/// The results as a Markdown table, one line per workload and one column per double.
public struct MarkdownReport {
    /// The variants, in column order, with their column titles.
    public static let columns: [(variant: String, title: String)] = [
        ("direct", "direct `any P` call"), ("mock", "hand-written mock"),
        (Benchmark.factsMockVariant, "mock keeping the ledger's facts"), ("manual", "ManualStub"), ("stub", "Stub"),
    ]

    /// The results to show.
    public let results: [BenchmarkResult]

    /// Creates a report.
    ///
    /// - Parameter results: The results, with ratios filled in.
    public init(results: [BenchmarkResult]) { self.results = results }

    /// The workloads in first-seen order.
    var groups: [String] {
        var seen: Set<String> = []
        return results.map(\.group).filter { seen.insert($0).inserted }
    }

    /// The Markdown text: the table, then the reasons for rows not measured.
    public func render() -> String {
        var lines = [
            "| workload | " + Self.columns.map(\.title).joined(separator: " | ")
                + " | Stub ÷ mock | Stub ÷ facts mock |",
            "| --- |" + String(repeating: " ---: |", count: Self.columns.count + 2),
        ]
        for group in groups {
            var cells = [group]
            for column in Self.columns {
                cells.append(cell(results.first { $0.group == group && $0.variant == column.variant }))
            }
            let stub = results.first { $0.group == group && $0.variant == "stub" }
            cells.append(stub?.ratioToMock.map(Formatting.ratio) ?? "")
            let factsMock = results.first { $0.group == group && $0.variant == Benchmark.factsMockVariant }
            if let stubMedian = stub?.median, let factsMedian = factsMock?.median, factsMedian > 0 {
                cells.append(Formatting.ratio(stubMedian / factsMedian))
            } else {
                cells.append("")
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        let missing = results.filter { $0.unavailableReason != nil }
        if !missing.isEmpty {
            lines.append("")
            lines.append("Not measured:")
            for result in missing {
                lines.append("- `\(result.name)`: \(result.unavailableReason ?? "")")
            }
        }
        lines.append("")
        lines.append(
            "Cells: median per operation (in parentheses: ratio to the direct call in the same run); "
                + "p90 and every sample are in the JSON.")
        return lines.joined(separator: "\n") + "\n"
    }

    private func cell(_ result: BenchmarkResult?) -> String {
        guard let result else { return "" }
        guard let median = result.median else { return "n/a" }
        var text = "\(Formatting.value(median)) \(result.unit.rawValue)"
        if let ratio = result.ratioToControl, result.variant != Benchmark.controlVariant {
            text += " (\(Formatting.ratio(ratio)))"
        }
        return text
    }
}
