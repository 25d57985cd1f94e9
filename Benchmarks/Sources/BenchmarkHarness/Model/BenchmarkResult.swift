/// The measured values of one benchmark.
public struct BenchmarkResult: Codable, Sendable, Equatable {
    /// The workload.
    public var group: String
    /// The kind of double.
    public var variant: String
    /// The unit of ``median`` and ``p90``.
    public var unit: MeasurementUnit
    /// The median value per operation, or `nil` when the row is unavailable.
    public var median: Double?
    /// The 90th percentile per operation, or `nil` when the row is unavailable.
    public var p90: Double?
    /// Every sample, per operation.
    public var samples: [Double]
    /// Operations per sample.
    public var operationsPerSample: Int
    /// The median divided by the group's control median, when the group has one.
    public var ratioToControl: Double?
    /// The median divided by the group's hand-written mock median, when the group has one.
    public var ratioToMock: Double?
    /// Why the row was not measured, when it was not.
    public var unavailableReason: String?

    /// The row's name: `group/variant`.
    public var name: String { "\(group)/\(variant)" }

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - group: The workload.
    ///   - variant: The kind of double.
    ///   - unit: The unit of the values.
    ///   - samples: Every sample, per operation; empty when unavailable.
    ///   - operationsPerSample: Operations per sample.
    ///   - unavailableReason: Why the row was not measured, when it was not.
    public init(
        group: String, variant: String, unit: MeasurementUnit, samples: [Double], operationsPerSample: Int,
        unavailableReason: String? = nil
    ) {
        self.group = group
        self.variant = variant
        self.unit = unit
        self.samples = samples
        self.operationsPerSample = operationsPerSample
        self.median = Statistics.median(samples)
        self.p90 = Statistics.percentile(samples, 0.9)
        self.unavailableReason = unavailableReason
    }
}

extension [BenchmarkResult] {
    /// Fills in every result's ratios to its group's control and mock.
    ///
    /// - Returns: The results with ``BenchmarkResult/ratioToControl`` and
    ///   ``BenchmarkResult/ratioToMock`` set where the group has those rows.
    public func withRatios() -> [BenchmarkResult] {
        func median(_ group: String, _ variant: String) -> Double? {
            first { $0.group == group && $0.variant == variant }?.median
        }
        return map { result in
            var result = result
            if let value = result.median {
                if let control = median(result.group, Benchmark.controlVariant), control > 0 {
                    result.ratioToControl = value / control
                }
                if let mock = median(result.group, Benchmark.mockVariant), mock > 0 {
                    result.ratioToMock = value / mock
                }
            }
            return result
        }
    }
}
