// doubles-bench: dispatch, matching, verification and construction costs of
// the test doubles, as ratios to a direct call through `any P` in the same run.
import BenchmarkHarness
import Foundation
import TestDoubles

if CommandLine.arguments.dropFirst().first == ConstructionWorkloads.coldChildArgument {
    exit(ConstructionWorkloads.runColdChild())
}

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("doubles-bench: \(error)\n\(BenchmarkOptions.usage)\n".utf8))
    exit(2)
}
if options.helpOnly {
    print(BenchmarkOptions.usage)
    exit(0)
}

// Keeps the 30-requirement conformer's witnesses in release builds: `Stub` reads their signatures.
if opaque(CommandLine.arguments.count) == 123_456 { keepWitnesses(LiveThirtyRequirements()) }

let benchmarks: [Benchmark] =
    InvokeWorkloads.all.flatMap { $0.benchmarks() }
    + ArgumentWorkloads.all.flatMap { $0.benchmarks() }
    + MatchingWorkloads.all.flatMap { $0.benchmarks() }
    + SpyWorkloads.all
    + ConcurrentWorkloads.all + VerifyWorkloads.all + ConstructionWorkloads.all + ScalingWorkloads.all

if options.listOnly {
    for benchmark in benchmarks where options.selects(benchmark.name) { print(benchmark.name) }
    exit(0)
}

#if DEBUG
FileHandle.standardError.write(Data("doubles-bench: debug build; numbers mean little (use -c release)\n".utf8))
#endif

let start = MonotonicClock.now()
let runner = BenchmarkRunner(options: options) { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
let results = await runner.run(benchmarks)
let seconds = Double((MonotonicClock.now() - start) / 1_000_000) / 1000

let markdown =
    MarkdownReport(results: results).render() + "\nTargets (issue 24):\n\n"
    + TargetTable.markdown(Target.issue24, results)
print(markdown)
print("\(results.count) rows in \(seconds) s")
do {
    try ReportWriter.write(try ReportWriter.json(results), to: options.jsonPath)
    try ReportWriter.write(markdown, to: options.markdownPath)
    try ReportWriter.write(SVGChart(results: results).render(), to: options.svgPath)
    print("wrote \(options.jsonPath), \(options.markdownPath), \(options.svgPath)")
} catch {
    FileHandle.standardError.write(Data("doubles-bench: writing the outputs failed: \(error)\n".utf8))
    exit(1)
}
