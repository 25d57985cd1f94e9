import Testing

@testable import BenchmarkHarness

@Suite struct BenchmarkOptionsTests {
    @Test func parsesEveryOption() throws {
        let options = try BenchmarkOptions(parsing: [
            "--filter", "invoke,verify", "--samples", "3", "--sample-ms", "5", "--json", "a.json",
            "--markdown", "a.md", "--svg", "a.svg", "--list", "--cpu-time",
            "--operations", "1000",
        ])
        #expect(options.filters == ["invoke", "verify"])
        #expect(options.samples == 3)
        #expect(options.sampleNanoseconds == 5_000_000)
        #expect(options.jsonPath == "a.json")
        #expect(options.markdownPath == "a.md")
        #expect(options.svgPath == "a.svg")
        #expect(options.listOnly)
        #expect(options.threadCPUTime)
        #expect(options.fixedOperations == 1000)
    }

    @Test func defaultsWriteUnderBuildBench() throws {
        let options = try BenchmarkOptions(parsing: [])
        #expect(options.jsonPath.hasPrefix(".build/bench/"))
        #expect(options.markdownPath.hasPrefix(".build/bench/"))
        #expect(options.svgPath.hasPrefix(".build/bench/"))
        #expect(options.selects("anything/stub"))
        #expect(!options.threadCPUTime)
        #expect(options.fixedOperations == nil)
    }

    @Test func rejectsBadCommandLines() {
        #expect(throws: BenchmarkOptionsError.unknownOption("--fast")) { try BenchmarkOptions(parsing: ["--fast"]) }
        #expect(throws: BenchmarkOptionsError.missingValue("--samples")) {
            try BenchmarkOptions(parsing: ["--samples"])
        }
        #expect(throws: BenchmarkOptionsError.invalidValue("--samples", "0")) {
            try BenchmarkOptions(parsing: ["--samples", "0"])
        }
    }

    @Test func filtersSelectBySubstring() throws {
        let options = try BenchmarkOptions(parsing: ["--filter", "invoke.int/"])
        #expect(options.selects("invoke.int/stub"))
        #expect(!options.selects("invoke.string/stub"))
    }
}
