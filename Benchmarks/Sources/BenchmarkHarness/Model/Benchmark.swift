/// One measured row: a workload run through one kind of double.
///
/// A benchmark belongs to a group (the workload, such as `invoke.int`) and
/// names a variant (`direct`, `mock`, `facts-mock`, `manual`, `stub`). Rows of one group
/// are compared with the group's ``Benchmark/controlVariant`` measured in the
/// same run.
@MainActor
public struct Benchmark {
    /// The variant every group compares against: a direct call through `any P`.
    nonisolated public static let controlVariant = "direct"
    /// The variant of a hand-written recording mock.
    nonisolated public static let mockVariant = "mock"
    /// The variant of the hand-written mock that also keeps, per call, what
    /// a `Stub`'s ledger keeps (arguments as `Any`, process-wide number,
    /// arrival, priority).
    nonisolated public static let factsMockVariant = "facts-mock"

    /// The workload, such as `invoke.int`.
    public let group: String
    /// The kind of double, such as `stub`.
    public let variant: String
    /// What the row measures and how.
    public let measurement: Measurement

    /// The row's name: `group/variant`.
    public var name: String { "\(group)/\(variant)" }

    /// Creates a benchmark.
    ///
    /// - Parameters:
    ///   - group: The workload.
    ///   - variant: The kind of double.
    ///   - measurement: What the row measures and how.
    public init(_ group: String, _ variant: String, _ measurement: Measurement) {
        self.group = group
        self.variant = variant
        self.measurement = measurement
    }
}
