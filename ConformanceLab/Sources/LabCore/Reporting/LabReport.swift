/// Everything a lab run found: its parameters, the cases, and per
/// architecture the results and timings. Written as JSON and Markdown.
public struct LabReport: Codable, Sendable {
    /// One architecture's part of a run.
    public struct ArchitectureRun: Codable, Sendable {
        /// The architecture.
        public var architecture: Architecture
        /// Why it did not run, when it did not.
        public var unavailableReason: String?
        /// Seconds spent building the generated package.
        public var buildSeconds: Double = 0
        /// Seconds spent running the cases.
        public var runSeconds: Double = 0
        /// One result per case, in case order.
        public var results: [CaseResult] = []

        /// Creates an architecture's part.
        /// - Parameters:
        ///   - architecture: The architecture.
        ///   - unavailableReason: Why it did not run, if it did not.
        public init(architecture: Architecture, unavailableReason: String? = nil) {
            self.architecture = architecture
            self.unavailableReason = unavailableReason
        }

        /// The number of results with the given status.
        /// - Parameter status: The status to count.
        /// - Returns: The count.
        public func count(_ status: CaseStatus) -> Int { results.filter { $0.status == status }.count }
    }

    /// The run seed.
    public var seed: UInt64
    /// The requested size (`nil`: every generated shape).
    public var size: Int?
    /// The `--filter` substring, if any.
    public var filter: String?
    /// The backend the checks used.
    public var backend: Backend
    /// Why the backend was chosen (for `auto`).
    public var backendNote: String
    /// The configuration the generated package was built in.
    public var configuration: BuildConfiguration
    /// Seconds spent generating and writing the sources.
    public var generateSeconds: Double
    /// The cases of the run.
    public var cases: [LabCase]
    /// Per architecture, the results.
    public var architectures: [ArchitectureRun]
    /// The fault injected with `--inject-fault`, if any (its failures are expected).
    public var injectedFault: String?

    /// Creates a report.
    /// - Parameters:
    ///   - seed: The run seed.
    ///   - size: The requested size.
    ///   - filter: The filter substring.
    ///   - backend: The backend used.
    ///   - backendNote: Why that backend.
    ///   - configuration: The build configuration.
    ///   - generateSeconds: Seconds spent generating.
    ///   - cases: The cases.
    ///   - architectures: The per-architecture results.
    public init(
        seed: UInt64, size: Int?, filter: String?, backend: Backend, backendNote: String,
        configuration: BuildConfiguration, generateSeconds: Double, cases: [LabCase], architectures: [ArchitectureRun]
    ) {
        self.seed = seed
        self.size = size
        self.filter = filter
        self.backend = backend
        self.backendNote = backendNote
        self.configuration = configuration
        self.generateSeconds = generateSeconds
        self.cases = cases
        self.architectures = architectures
    }

    /// Whether the run must fail: any wrong value or crash on any architecture.
    public var hasFailures: Bool {
        architectures.contains { run in run.results.contains { $0.status.isFailure } }
    }

    /// The number of distinct shapes (by signature key) in the run.
    public var distinctShapes: Int { Set(cases.map(\.shape.key)).count }
}
