import BenchmarkHarness
import TestDoubles

/// Eight tasks calling one double at once; ns per call across all tasks.
enum ConcurrentWorkloads {
    static let tasks = 8
    /// Calls per sample: fixed and large, so spawning and joining eight tasks
    /// on a busy machine stays a small part of every sample.
    static let fastCalls = 400_000
    static let recorderCalls = 40_000

    @MainActor
    static var all: [Benchmark] {
        let group = "concurrent.8-tasks"
        return [
            Benchmark(group, Benchmark.controlVariant, .fixedOperations(fastCalls) { workload { makeControl() } }),
            Benchmark(
                group, Benchmark.mockVariant,
                .fixedOperations(fastCalls) {
                    let mock = RecordingMockService()
                    return workload { mock }
                }),
            Benchmark(
                group, "manual",
                .fixedOperations(recorderCalls) {
                    let manual = ManualStub<ManualBenchService>()
                    manual.when { $0.int(Match.any()) }.thenReturn(1)
                    return workload { manual() }
                }),
            Benchmark(
                group, "stub",
                .fixedOperations(recorderCalls) {
                    let stub = try Stub<any BenchService>()
                    stub.when { $0.int(Match.any()) }.thenReturn(1)
                    return workload { stub() }
                }),
        ]
    }

    /// Splits `count` calls over eight child tasks, each calling through its own `any BenchService`.
    @MainActor
    static func workload(_ service: @escaping @Sendable () -> any BenchService) -> Workload {
        .async { count in
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<tasks {
                    let share = count / tasks + (task < count % tasks ? 1 : 0)
                    group.addTask {
                        let value = service()
                        for index in 0..<share { blackHole(value.int(index)) }
                    }
                }
            }
        }
    }
}
