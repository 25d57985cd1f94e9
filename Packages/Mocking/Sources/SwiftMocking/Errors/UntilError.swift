/// Why `until` gave up.
public enum UntilError: Error, Sendable {
    /// No matching call arrived before the timeout.
    case timeout
}
