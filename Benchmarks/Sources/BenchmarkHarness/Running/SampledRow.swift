/// One row while it is measured: its operations per sample once prepared,
/// the samples taken so far, or why it cannot be measured.
@MainActor
struct SampledRow {
    let benchmark: Benchmark
    /// The operations each timed sample runs (1 for a row that samples a value).
    var operations = 0
    var samples: [Double] = []
    /// Why the row has no result (its setup threw, or it is unavailable); nil while it can be sampled.
    var failure: String?

    init(_ benchmark: Benchmark) {
        self.benchmark = benchmark
    }

    /// The row's result: its samples, or unavailable with the reason.
    var result: BenchmarkResult {
        let unit: MeasurementUnit
        if case .sampled(let sampledUnit, _) = benchmark.measurement { unit = sampledUnit } else { unit = .nanoseconds }
        if let failure {
            return BenchmarkResult(
                group: benchmark.group, variant: benchmark.variant, unit: unit, samples: [], operationsPerSample: 0,
                unavailableReason: failure)
        }
        return BenchmarkResult(
            group: benchmark.group, variant: benchmark.variant, unit: unit, samples: samples,
            operationsPerSample: operations)
    }
}
