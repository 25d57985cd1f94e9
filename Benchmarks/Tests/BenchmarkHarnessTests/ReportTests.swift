import Testing

@testable import BenchmarkHarness

@Suite struct ReportTests {
    let results = [
        BenchmarkResult(
            group: "invoke.int", variant: "direct", unit: .nanoseconds, samples: [2], operationsPerSample: 1),
        BenchmarkResult(
            group: "invoke.int", variant: "mock", unit: .nanoseconds, samples: [20], operationsPerSample: 1),
        BenchmarkResult(
            group: "invoke.int", variant: "facts-mock", unit: .nanoseconds, samples: [32], operationsPerSample: 1),
        BenchmarkResult(
            group: "invoke.int", variant: "stub", unit: .nanoseconds, samples: [40], operationsPerSample: 1),
        BenchmarkResult(
            group: "construction.cold", variant: "stub", unit: .nanoseconds, samples: [], operationsPerSample: 0,
            unavailableReason: "needs <Stub>"),
    ].withRatios()

    @Test func markdownHasOneLinePerWorkload() {
        let text = MarkdownReport(results: results).render()
        let lines = text.split(separator: "\n")
        #expect(
            lines[0].hasPrefix(
                "| workload | direct `any P` call | hand-written mock | mock keeping the ledger's facts | ManualStub "
                    + "| Stub | Stub ÷ mock | Stub ÷ facts mock |"))
        #expect(
            lines.contains("| invoke.int | 2.00 ns | 20.0 ns (10x) | 32.0 ns (16x) |  | 40.0 ns (20x) | 2.0x | 1.3x |"))
        #expect(lines.contains("| construction.cold |  |  |  |  | n/a |  |  |"))
        #expect(lines.contains("- `construction.cold/stub`: needs <Stub>"))
    }

    @Test func svgDrawsABarPerRatioAndEscapesText() {
        let svg = SVGChart(results: results).render()
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.split(separator: "<title>").count - 1 == 2)
        #expect(svg.contains("invoke.int Stub: 20x"))
        #expect(!svg.contains("construction.cold"))
        let escaped = SVGChart(
            results: [
                BenchmarkResult(
                    group: "a<b", variant: "direct", unit: .nanoseconds, samples: [1], operationsPerSample: 1),
                BenchmarkResult(
                    group: "a<b", variant: "stub", unit: .nanoseconds, samples: [3], operationsPerSample: 1),
            ].withRatios()
        ).render()
        #expect(escaped.contains("a&lt;b"))
        #expect(!escaped.contains("a<b"))
    }

    @Test func formatting() {
        #expect(Formatting.value(1234.4) == "1,234")
        #expect(Formatting.value(123.6) == "124")
        #expect(Formatting.value(12.34) == "12.3")
        #expect(Formatting.value(1.234) == "1.23")
        #expect(Formatting.ratio(1.25) == "1.3x")
        #expect(Formatting.ratio(12.4) == "12x")
        #expect(Formatting.ratio(1234) == "1,234x")
    }

    @Test func jsonRoundTrips() throws {
        let text = try ReportWriter.json(results)
        #expect(text.contains("\"ratioToMock\" : 2"))
        #expect(text.contains("\"unavailableReason\" : \"needs <Stub>\""))
    }
}
