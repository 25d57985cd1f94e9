import BenchmarkHarness
import TestDoubles

/// Cost against history: 1,000 calls on a fresh double and after 100,000
/// recorded calls, and bytes retained per recorded call.
enum ScalingWorkloads {
    static let timedCalls = 1_000
    static let history = 100_000

    @MainActor
    static var all: [Benchmark] {
        scaling(recorded: 0, group: "scale.fresh") + scaling(recorded: history, group: "scale.after-100k")
            + memory()
    }

    @MainActor
    static func scaling(recorded: Int, group: String) -> [Benchmark] {
        func body(_ service: any BenchService) -> Workload {
            for index in 0..<recorded { blackHole(service.int(index)) }
            return .sync { count in for index in 0..<count { blackHole(service.int(index)) } }
        }
        return [
            Benchmark(group, Benchmark.mockVariant, .fixedOperations(timedCalls) { body(RecordingMockService()) }),
            Benchmark(
                group, "manual",
                .fixedOperations(timedCalls) {
                    let manual = ManualStub<ManualBenchService>()
                    manual.when { $0.int(Match.any()) }.thenReturn(1)
                    return body(manual())
                }),
            Benchmark(
                group, "stub",
                .fixedOperations(timedCalls) {
                    let stub = try Stub<any BenchService>()
                    stub.when { $0.int(Match.any()) }.thenReturn(1)
                    return body(stub())
                }),
        ]
    }

    /// Heap bytes still allocated after 10,000 `int` calls, per call.
    @MainActor
    static func memory() -> [Benchmark] {
        let group = "memory.bytes-per-call"
        let calls = 10_000
        func measure(_ service: any BenchService) throws -> Double {
            guard let before = HeapStatistics.inUse() else { throw HeapStatistics.Unavailable() }
            for index in 0..<calls { blackHole(service.int(index)) }
            let after = HeapStatistics.inUse() ?? before
            blackHole(service)
            return Double(after - before) / Double(calls)
        }
        return [
            Benchmark(group, Benchmark.mockVariant, .sampled(unit: .bytes) { try measure(RecordingMockService()) }),
            Benchmark(
                group, "manual",
                .sampled(unit: .bytes) {
                    let manual = ManualStub<ManualBenchService>()
                    manual.when { $0.int(Match.any()) }.thenReturn(1)
                    return try measure(manual())
                }),
            Benchmark(
                group, "stub",
                .sampled(unit: .bytes) {
                    let stub = try Stub<any BenchService>()
                    stub.when { $0.int(Match.any()) }.thenReturn(1)
                    let bytes = try measure(stub())
                    blackHole(stub)
                    return bytes
                }),
        ]
    }
}
