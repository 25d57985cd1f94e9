import BenchmarkHarness
import TestDoubles

/// One workload called through every kind of double: the same calls, the
/// same answers, configured the way each double is configured.
@MainActor
protocol InvokeScenario: Sendable {
    /// The workload's name, such as `invoke.int`.
    var group: String { get }
    /// Registers the workload's behavior on a recorder-backed double.
    nonisolated func configure<D: RecordingTestDouble & Sendable>(
        _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService) async
    /// Configures the hand-written mock's answers.
    func configure(_ state: inout RecordingMockService.State)
    /// Performs `count` calls, suspending as needed (async workloads only).
    nonisolated func runAsync(_ service: any BenchService, _ count: Int) async
    /// Whether `run` suspends; synchronous workloads are timed without an async hop.
    var isAsync: Bool { get }
    /// Performs `count` calls synchronously (synchronous workloads only).
    func runSync(_ service: any BenchService, _ count: Int)
}

extension InvokeScenario {
    var isAsync: Bool { false }
    func configure(_ state: inout RecordingMockService.State) {}
    nonisolated func runAsync(_ service: any BenchService, _ count: Int) async {}
    func runSync(_ service: any BenchService, _ count: Int) {}

    /// The body of one sample for a value.
    func workload(_ service: any BenchService) -> Workload {
        isAsync ? .async { await runAsync(service, $0) } : .sync { runSync(service, $0) }
    }

    /// The direct, mock, facts-keeping mock, ManualStub and Stub rows of this workload.
    func benchmarks(includeControl: Bool = true) -> [Benchmark] {
        var rows: [Benchmark] = []
        if includeControl {
            rows.append(Benchmark(group, Benchmark.controlVariant, .perOperation { workload(makeControl()) }))
        }
        rows.append(
            Benchmark(
                group, Benchmark.mockVariant,
                .perOperation { workload(RecordingMockService { configure(&$0) }) }))
        rows.append(
            Benchmark(
                group, Benchmark.factsMockVariant,
                .perOperation { workload(FactsRecordingMockService { configure(&$0) }) }))
        rows.append(
            Benchmark(
                group, "manual",
                .perOperation {
                    let manual = ManualStub<ManualBenchService>()
                    await configure(manual) { $0 }
                    return workload(manual())
                }))
        rows.append(
            Benchmark(
                group, "stub",
                .perOperation {
                    let stub = try Stub<any BenchService>()
                    await configure(stub) { $0 }
                    return workload(stub())
                }))
        return rows
    }
}
