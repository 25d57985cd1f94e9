/// How a benchmark is measured.
@MainActor
public enum Measurement {
    /// A calibrated loop: `setup` runs untimed before every sample and returns
    /// the body, which performs the given number of operations.
    case perOperation(setup: () async throws -> Workload)
    /// A fixed number of operations per sample, after an untimed `setup`.
    case fixedOperations(Int, setup: () async throws -> Workload)
    /// One value per sample, produced by `sample` (for example, nanoseconds
    /// measured in a child process, or bytes per call).
    case sampled(unit: MeasurementUnit, sample: () async throws -> Double)
    /// A row that cannot be measured in this build, with the reason.
    case unavailable(String)
}

/// The unit of a benchmark's values.
public enum MeasurementUnit: String, Codable, Sendable {
    /// Nanoseconds per operation.
    case nanoseconds = "ns"
    /// Bytes per operation.
    case bytes = "B"
}

/// The timed body of a benchmark.
@MainActor
public enum Workload {
    /// Performs the given number of operations synchronously.
    case sync((Int) -> Void)
    /// Performs the given number of operations, suspending as needed.
    case async((Int) async -> Void)
}
