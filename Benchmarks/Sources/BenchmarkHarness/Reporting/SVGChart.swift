import Foundation

/// A horizontal bar chart of each double's ratio to the direct call, per
/// workload, on a logarithmic axis.
public struct SVGChart {
    /// The variants drawn, with their legend titles and colours.
    static let series: [(variant: String, title: String, colour: String)] = [
        ("mock", "hand-written mock", "#7f7f7f"), ("manual", "ManualStub", "#1f77b4"),
        ("stub", "Stub", "#d62728"),
    ]

    /// The results to draw; only rows with a ratio to control are drawn.
    public let results: [BenchmarkResult]

    /// Creates a chart.
    ///
    /// - Parameter results: The results, with ratios filled in.
    public init(results: [BenchmarkResult]) { self.results = results }

    /// The SVG document.
    public func render() -> String {
        let groups = MarkdownReport(results: results).groups.filter { group in
            results.contains { $0.group == group && $0.ratioToControl != nil && $0.variant != Benchmark.controlVariant }
        }
        let ratios = results.compactMap(\.ratioToControl)
        let maxDecade = max(1, Int(log10(ratios.max() ?? 10).rounded(.up)))
        let left = 190.0
        let width = 560.0
        let barHeight = 9.0
        let groupHeight = barHeight * Double(Self.series.count) + 8
        let top = 40.0
        let height = top + groupHeight * Double(groups.count) + 30
        func x(_ ratio: Double) -> Double { left + width * max(0, log10(max(ratio, 1))) / Double(maxDecade) }

        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(left + width + 60))\" height=\"\(Int(height))\" "
                + "font-family=\"sans-serif\" font-size=\"11\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(left)\" y=\"16\" font-size=\"13\">Ratio to a direct call through any P (log scale)</text>",
        ]
        for (index, item) in Self.series.enumerated() {
            let legendX = left + Double(index) * 140
            svg.append("<rect x=\"\(legendX)\" y=\"22\" width=\"10\" height=\"10\" fill=\"\(item.colour)\"/>")
            svg.append("<text x=\"\(legendX + 14)\" y=\"31\">\(escape(item.title))</text>")
        }
        for decade in 0...maxDecade {
            var scale = 1.0
            for _ in 0..<decade { scale *= 10 }
            let lineX = x(scale)
            svg.append(
                "<line x1=\"\(lineX)\" y1=\"\(top)\" x2=\"\(lineX)\" y2=\"\(height - 24)\" stroke=\"#dddddd\"/>")
            svg.append(
                "<text x=\"\(lineX)\" y=\"\(height - 10)\" text-anchor=\"middle\">\(Formatting.ratio(scale))</text>")
        }
        for (row, group) in groups.enumerated() {
            let groupTop = top + Double(row) * groupHeight
            svg.append(
                "<text x=\"\(left - 6)\" y=\"\(groupTop + groupHeight / 2 + 2)\" text-anchor=\"end\">\(escape(group))</text>"
            )
            for (index, item) in Self.series.enumerated() {
                guard
                    let ratio = results.first(where: { $0.group == group && $0.variant == item.variant })?
                        .ratioToControl
                else { continue }
                let barTop = groupTop + Double(index) * barHeight
                svg.append(
                    "<rect x=\"\(left)\" y=\"\(barTop)\" width=\"\(max(1, x(ratio) - left))\" "
                        + "height=\"\(barHeight - 1)\" fill=\"\(item.colour)\"><title>\(escape(group)) "
                        + "\(escape(item.title)): \(Formatting.ratio(ratio))</title></rect>")
                svg.append(
                    "<text x=\"\(x(ratio) + 3)\" y=\"\(barTop + barHeight - 1)\" font-size=\"8\">"
                        + "\(Formatting.ratio(ratio))</text>")
            }
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
