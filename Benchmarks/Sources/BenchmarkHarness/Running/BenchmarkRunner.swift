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
    /// The variants of one group (the direct call, the mock, the doubles)
    /// are sampled in turns, one sample of each per round, so a change of
    /// load during the group reaches every variant alike and their ratios
    /// stay comparable; groups run one after another.
    ///
    /// - Parameter benchmarks: Every row.
    /// - Returns: One result per selected row, with ratios filled in.
    public func run(_ benchmarks: [Benchmark]) async -> [BenchmarkResult] {
        let selected = benchmarks.filter { options.selects($0.name) }
        var results: [BenchmarkResult?] = Array(repeating: nil, count: selected.count)
        var reported = 0
        for group in Self.groups(of: selected) {
            let measured = await measureInTurns(group.map { selected[$0] })
            for (index, result) in zip(group, measured) {
                results[index] = result
                reported += 1
                let value = result.median.map { "\(Formatting.value($0)) \(result.unit.rawValue)/op" }
                progress("[\(reported)/\(selected.count)] \(result.name): \(value ?? "not available")")
            }
        }
        return results.compactMap { $0 }.withRatios()
    }

    /// The positions of the rows of each group, groups in the order their
    /// first row comes.
    static func groups(of benchmarks: [Benchmark]) -> [[Int]] {
        var order: [String] = []
        var positions: [String: [Int]] = [:]
        for (index, benchmark) in benchmarks.enumerated() {
            if positions[benchmark.group] == nil { order.append(benchmark.group) }
            positions[benchmark.group, default: []].append(index)
        }
        return order.map { positions[$0] ?? [] }
    }

    /// Measures one row; a setup that throws makes the row unavailable with the error.
    ///
    /// - Parameter benchmark: The row.
    /// - Returns: Its result.
    public func measure(_ benchmark: Benchmark) async -> BenchmarkResult {
        await measureInTurns([benchmark])[0]
    }

    /// Measures rows together: each is calibrated and warmed up, then every
    /// round takes one sample of each row in order. A row whose setup throws
    /// is unavailable with the error, and the others go on.
    ///
    /// - Parameter benchmarks: The rows, usually the variants of one group.
    /// - Returns: One result per row, in the same order.
    func measureInTurns(_ benchmarks: [Benchmark]) async -> [BenchmarkResult] {
        var rows = benchmarks.map(SampledRow.init)
        for index in rows.indices {
            await prepare(&rows[index])
        }
        for _ in 0..<options.samples {
            for index in rows.indices where rows[index].failure == nil {
                await takeSample(&rows[index])
            }
        }
        return rows.map(\.result)
    }

    /// Finds a row's operations per sample (calibrating when it asks for
    /// it and no count is given) and runs it once untimed.
    private func prepare(_ row: inout SampledRow) async {
        do {
            switch row.benchmark.measurement {
            case .unavailable(let reason):
                row.failure = reason
            case .sampled:
                row.operations = 1
            case .fixedOperations(let operations, let setup):
                row.operations = operations
                _ = try await time(setup, operations)  // warm-up
            case .perOperation(let setup):
                var operations = options.fixedOperations ?? 0
                if operations == 0 { operations = try await calibrate(setup) }
                row.operations = operations
                _ = try await time(setup, operations)  // warm-up
            }
        } catch {
            row.failure = "setup failed: \(error)"
        }
    }

    /// Takes one sample of a prepared row.
    private func takeSample(_ row: inout SampledRow) async {
        do {
            switch row.benchmark.measurement {
            case .unavailable(let reason):
                row.failure = reason
            case .sampled(_, let sample):
                row.samples.append(try await sample())
            case .fixedOperations(_, let setup), .perOperation(let setup):
                row.samples.append(Double(try await time(setup, row.operations)) / Double(row.operations))
            }
        } catch {
            row.failure = "setup failed: \(error)"
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
}
