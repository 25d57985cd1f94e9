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

    /// Heap bytes still allocated after 10,000 calls, per call: of `int`
    /// (a scalar argument), of `string` and `five` (boxed arguments: one
    /// shared `String`, a 5-word struct), and of `fiveWords` (a scalar
    /// argument answered with a configured 5-word struct).
    @MainActor
    static func memory() -> [Benchmark] {
        memory("memory.bytes-per-call", pattern: { $0.int(Match.any()) }) { service, index in service.int(index) }
            + memory("memory.bytes-per-call.string", pattern: { $0.string(Match.any()) }) { service, _ in
                service.string(text)
            }
            + memory(
                "memory.bytes-per-call.struct5",
                pattern: { $0.five(Match.any(using: FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0))) }
            ) { service, index in service.five(FiveWords(a: index, b: 2, c: 3, d: 4, e: 5)) }
            + memory(
                "memory.bytes-per-call.result5", pattern: { $0.fiveWords(Match.any()) },
                answer: FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)
            ) { service, index in service.fiveWords(index) }
    }

    /// ``memory(_:pattern:answer:call:)`` for a requirement answered with `1`.
    @MainActor
    static func memory(
        _ group: String, pattern: @escaping @Sendable (any BenchService) -> Int,
        call: @escaping (any BenchService, Int) -> Int
    ) -> [Benchmark] {
        memory(group, pattern: pattern, answer: 1, call: call)
    }

    /// The one `String` every `memory.bytes-per-call.string` call passes (its storage is shared, not copied).
    static let text = opaque("a string longer than fifteen bytes")

    @MainActor
    static func memory<Answer: Sendable>(
        _ group: String, pattern: @escaping @Sendable (any BenchService) -> Answer, answer: Answer,
        call: @escaping (any BenchService, Int) -> Answer
    ) -> [Benchmark] {
        let calls = 10_000
        func measure(_ service: any BenchService) throws -> Double {
            guard let before = HeapStatistics.inUse() else { throw HeapStatistics.Unavailable() }
            for index in 0..<calls { blackHole(call(service, index)) }
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
                    manual.when { pattern($0) }.thenReturn(answer)
                    return try measure(manual())
                }),
            Benchmark(
                group, "stub",
                .sampled(unit: .bytes) {
                    let stub = try Stub<any BenchService>()
                    stub.when { pattern($0) }.thenReturn(answer)
                    let bytes = try measure(stub())
                    blackHole(stub)
                    return bytes
                }),
        ]
    }
}
