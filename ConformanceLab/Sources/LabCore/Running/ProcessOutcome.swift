/// How a case-runner process ended and what it printed.
public struct ProcessOutcome: Sendable, Equatable {
    /// How the process ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exit(Int32)
        /// A signal killed it.
        case signal(Int32)
        /// It ran past the time limit and was killed.
        case timeout(seconds: Double)
    }

    /// How the process ended.
    public var termination: Termination
    /// Everything it printed on standard output.
    public var output: String
    /// Everything it printed on standard error (crash messages).
    public var diagnostics: String

    /// Creates an outcome.
    /// - Parameters:
    ///   - termination: How the process ended.
    ///   - output: Its standard output.
    ///   - diagnostics: Its standard error.
    public init(termination: Termination, output: String, diagnostics: String = "") {
        self.termination = termination
        self.output = output
        self.diagnostics = diagnostics
    }

    /// Whether the process ended normally (exit status 0).
    public var isClean: Bool { termination == .exit(0) }

    /// A short description of an abnormal end, e.g. `signal 11 (SIGSEGV)`.
    public var terminationDescription: String {
        switch termination {
        case .exit(let status): return "exit status \(status)"
        case .signal(let signal): return "signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
        case .timeout(let seconds): return "timed out after \(Int(seconds)) s"
        }
    }

    private static let signalNames: [Int32: String] = [
        4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
    ]
}
