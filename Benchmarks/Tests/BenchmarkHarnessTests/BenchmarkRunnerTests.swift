import Testing

@testable import BenchmarkHarness

@MainActor
@Suite struct BenchmarkRunnerTests {
    final class Counter {
        var operations = 0
        var setups = 0
    }

    @Test func calibratesToTheTargetAndTakesEverySample() async throws {
        var options = BenchmarkOptions()
        options.samples = 4
        // Long enough that a stall of the first pilot run (qemu translating
        // the loop, a loaded machine) cannot pass for one operation's cost.
        options.sampleNanoseconds = 50_000_000
        let counter = Counter()
        let benchmark = Benchmark(
            "spin", "direct",
            .perOperation {
                counter.setups += 1
                return .sync { count in
                    for index in 0..<count {
                        counter.operations += 1
                        blackHole(index)
                    }
                }
            })
        let result = await BenchmarkRunner(options: options).measure(benchmark)
        #expect(result.samples.count == 4)
        #expect(result.operationsPerSample > 1)
        #expect(result.median != nil)
        #expect(result.unavailableReason == nil)
        // Every sample and the warm-up ran the calibrated count after its own setup.
        #expect(counter.setups >= 6)
        #expect(counter.operations >= 5 * result.operationsPerSample)
    }

    @Test func fixedOperationsRunExactlyThatMany() async {
        var options = BenchmarkOptions()
        options.samples = 3
        let counter = Counter()
        let benchmark = Benchmark(
            "fixed", "mock",
            .fixedOperations(1000) {
                .async { count in counter.operations += count }
            })
        let result = await BenchmarkRunner(options: options).measure(benchmark)
        #expect(result.operationsPerSample == 1000)
        #expect(counter.operations == 4000)
    }

    @Test func givenOperationsReplaceCalibration() async {
        var options = BenchmarkOptions()
        options.samples = 2
        options.fixedOperations = 123
        let counter = Counter()
        let benchmark = Benchmark(
            "given", "stub",
            .perOperation {
                counter.setups += 1
                return .sync { count in counter.operations += count }
            })
        let result = await BenchmarkRunner(options: options).measure(benchmark)
        #expect(result.operationsPerSample == 123)
        // The warm-up and the two samples, with no pilot runs.
        #expect(counter.setups == 3)
        #expect(counter.operations == 3 * 123)
    }

    @Test func failingSetupMakesTheRowUnavailable() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "no conformer" } }
        let benchmark = Benchmark("x", "stub", .perOperation { throw Broken() })
        let result = await BenchmarkRunner(options: BenchmarkOptions()).measure(benchmark)
        #expect(result.median == nil)
        #expect(result.unavailableReason == "setup failed: no conformer")
    }

    @Test func runHonoursTheFilterAndReportsProgress() async throws {
        var options = try BenchmarkOptions(parsing: ["--filter", "b/", "--samples", "2"])
        options.sampleNanoseconds = 1_000_000
        var lines: [String] = []
        let runner = BenchmarkRunner(options: options) { lines.append($0) }
        let results = await runner.run([
            Benchmark("a", "direct", .sampled(unit: .bytes) { 1 }),
            Benchmark("b", "direct", .sampled(unit: .bytes) { 2 }),
            Benchmark("b", "stub", .sampled(unit: .bytes) { 8 }),
        ])
        #expect(results.map(\.name) == ["b/direct", "b/stub"])
        #expect(results[1].ratioToControl == 4)
        #expect(lines == ["[1/2] b/direct: 2.00 B/op", "[2/2] b/stub: 8.00 B/op"])
    }

    @Test func variantsOfAGroupAreSampledInTurns() async {
        var options = BenchmarkOptions()
        options.samples = 3
        var log: [String] = []
        let results = await BenchmarkRunner(options: options).run([
            Benchmark(
                "g", "mock",
                .sampled(unit: .bytes) {
                    log.append("mock"); return 1
                }),
            Benchmark(
                "g", "stub",
                .sampled(unit: .bytes) {
                    log.append("stub"); return 2
                }),
            Benchmark(
                "h", "stub",
                .sampled(unit: .bytes) {
                    log.append("h"); return 3
                }),
        ])
        // One sample of each variant per round; the next group only after.
        #expect(log == ["mock", "stub", "mock", "stub", "mock", "stub", "h", "h", "h"])
        #expect(results.map(\.samples) == [[1, 1, 1], [2, 2, 2], [3, 3, 3]])
        #expect(results[1].ratioToMock == 2)
    }

    @Test func aFailingVariantLeavesTheOthersOfItsGroupMeasured() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "gone" } }
        var options = BenchmarkOptions()
        options.samples = 2
        var calls = 0
        let results = await BenchmarkRunner(options: options).run([
            Benchmark("g", "direct", .sampled(unit: .bytes) { 4 }),
            Benchmark(
                "g", "stub",
                .sampled(unit: .bytes) {
                    calls += 1
                    if calls == 2 { throw Broken() }
                    return 8
                }),
            Benchmark("g", "manual", .unavailable("not built")),
        ])
        #expect(results.map(\.name) == ["g/direct", "g/stub", "g/manual"])
        #expect(results[0].samples == [4, 4])
        #expect(results[1].median == nil)
        #expect(results[1].unavailableReason == "setup failed: gone")
        #expect(calls == 2)
        #expect(results[2].unavailableReason == "not built")
    }

    @Test func resultsKeepTheListsOrderWhenAGroupIsSplit() async {
        var options = BenchmarkOptions()
        options.samples = 1
        var lines: [String] = []
        let runner = BenchmarkRunner(options: options) { lines.append($0) }
        let results = await runner.run([
            Benchmark("a", "direct", .sampled(unit: .bytes) { 1 }),
            Benchmark("b", "direct", .sampled(unit: .bytes) { 2 }),
            Benchmark("a", "stub", .sampled(unit: .bytes) { 3 }),
        ])
        #expect(results.map(\.name) == ["a/direct", "b/direct", "a/stub"])
        #expect(results[2].ratioToControl == 3)
        // Progress comes as each group finishes: both rows of `a`, then `b`.
        #expect(lines == ["[1/3] a/direct: 1.00 B/op", "[2/3] a/stub: 3.00 B/op", "[3/3] b/direct: 2.00 B/op"])
    }
}
