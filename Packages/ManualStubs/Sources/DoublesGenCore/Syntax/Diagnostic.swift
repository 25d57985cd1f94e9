/// A message about the input, printed as `file:line:column: severity: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        /// The input cannot be generated for; the command fails.
        case error
        /// The output was generated but may need attention.
        case warning
        /// Information about something skipped or adapted.
        case note
    }

    /// How serious the diagnostic is.
    public var severity: Severity
    /// Where in the input it applies.
    public var location: SourceLocation
    /// What happened and, where possible, what to do.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: How serious it is.
    ///   - location: Where it applies.
    ///   - message: What happened.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// The compiler-style line: `file:line:column: error: message`.
    public var description: String {
        guard location.line > 0 else { return "\(location.file): \(severity.rawValue): \(message)" }
        return "\(location): \(severity.rawValue): \(message)"
    }
}
