/// Runs benchmarks: calibrates each loop to the target sample time, warms it
/// up, takes the samples and reduces them to median and p90.
@MainActor
public struct BenchmarkRunner {
    /// The options the run uses.
    public let options: BenchmarkOptions
    /// Receives one progress line per row.
    public var progress: (String) -> Void

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - options: Samples and the target sample time.
    ///   - progress: Receives one progress line per row.
    public init(options: BenchmarkOptions, progress: @escaping (String) -> Void = { _ in }) {
        self.options = options
        self.progress = progress
    }

    /// Runs the rows the options select, in order.
    ///
    /// - Parameter benchmarks: Every row.
    /// - Returns: One result per selected row, with ratios filled in.
    public func run(_ benchmarks: [Benchmark]) async -> [BenchmarkResult] {
        let selected = benchmarks.filter { options.selects($0.name) }
        var results: [BenchmarkResult] = []
        for (index, benchmark) in selected.enumerated() {
            let result = await measure(benchmark)
            let value = result.median.map { "\(Formatting.value($0)) \(result.unit.rawValue)/op" }
            progress("[\(index + 1)/\(selected.count)] \(benchmark.name): \(value ?? "not available")")
            results.append(result)
        }
        return results.withRatios()
    }

    /// Measures one row; a setup that throws makes the row unavailable with the error.
    ///
    /// - Parameter benchmark: The row.
    /// - Returns: Its result.
    public func measure(_ benchmark: Benchmark) async -> BenchmarkResult {
        do {
            switch benchmark.measurement {
            case .unavailable(let reason):
                return unavailable(benchmark, .nanoseconds, reason)
            case .sampled(let unit, let sample):
                var samples: [Double] = []
                for _ in 0..<options.samples { samples.append(try await sample()) }
                return BenchmarkResult(
                    group: benchmark.group, variant: benchmark.variant, unit: unit, samples: samples,
                    operationsPerSample: 1)
            case .fixedOperations(let operations, let setup):
                _ = try await time(setup, operations)  // warm-up
                var samples: [Double] = []
                for _ in 0..<options.samples {
                    samples.append(Double(try await time(setup, operations)) / Double(operations))
                }
                return BenchmarkResult(
                    group: benchmark.group, variant: benchmark.variant, unit: .nanoseconds, samples: samples,
                    operationsPerSample: operations)
            case .perOperation(let setup):
                var operations = options.fixedOperations ?? 0
                if operations == 0 { operations = try await calibrate(setup) }
                _ = try await time(setup, operations)  // warm-up
                var samples: [Double] = []
                for _ in 0..<options.samples {
                    samples.append(Double(try await time(setup, operations)) / Double(operations))
                }
                return BenchmarkResult(
                    group: benchmark.group, variant: benchmark.variant, unit: .nanoseconds, samples: samples,
                    operationsPerSample: operations)
            }
        } catch {
            return unavailable(benchmark, .nanoseconds, "setup failed: \(error)")
        }
    }

    /// The operations per sample that make one sample last about the target
    /// time: pilot runs grow the count until one lasts a tenth of the target
    /// and grew with the count (so a fixed cost per sample, such as an
    /// executor hop, does not pass for per-operation cost), then the count is
    /// scaled to the target.
    func calibrate(_ setup: () async throws -> Workload) async throws -> Int {
        var operations = 1
        var elapsed: UInt64 = 0
        var previous: (operations: Int, elapsed: UInt64)?
        let pilotTarget = max(options.sampleNanoseconds / 10, 100_000)
        while true {
            elapsed = try await time(setup, operations)
            let grewWithCount =
                previous.map { Double(elapsed) >= 0.75 * Double(operations / $0.operations) * Double($0.elapsed) }
                ?? false
            if (elapsed >= pilotTarget && grewWithCount) || elapsed >= options.sampleNanoseconds
                || operations >= 1 << 30
            {
                break
            }
            previous = (operations, elapsed)
            operations *= elapsed < pilotTarget / 16 ? 8 : 2
        }
        let perOperation = Double(max(elapsed, 1)) / Double(operations)
        return max(1, Int(Double(options.sampleNanoseconds) / perOperation))
    }

    /// Runs `setup` untimed, then times the body over `operations`.
    func time(_ setup: () async throws -> Workload, _ operations: Int) async throws -> UInt64 {
        let workload = try await setup()
        switch workload {
        case .sync(let body):
            let clock = options.threadCPUTime ? MonotonicClock.threadCPUNow : MonotonicClock.now
            let start = clock()
            body(operations)
            return clock() - start
        case .async(let body):
            let start = MonotonicClock.now()
            await body(operations)
            return MonotonicClock.now() - start
        }
    }

    private func unavailable(_ benchmark: Benchmark, _ unit: MeasurementUnit, _ reason: String) -> BenchmarkResult {
        BenchmarkResult(
            group: benchmark.group, variant: benchmark.variant, unit: unit, samples: [], operationsPerSample: 0,
            unavailableReason: reason)
    }
}
