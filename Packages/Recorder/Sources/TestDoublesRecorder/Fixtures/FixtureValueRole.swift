/// Which value of a recorded call a ``FixtureRedactor`` is shown.
public enum FixtureValueRole: Hashable, Sendable, CustomStringConvertible {
    /// The argument at this position (0 for the first), in the order the
    /// double's recorder lists arguments (declaration order).
    case argument(Int)
    /// The value the call returned.
    case result
    /// The payload of the error the call threw.
    case error
    /// The request value a `thenRecord(as:into:recording:calling:)` pattern
    /// derived from the call's arguments and stored in their place.
    case request

    /// The role as diagnostics print it: `argument 1`, `result`, `error`, `request`.
    public var description: String {
        switch self {
        case .argument(let index): "argument \(index + 1)"
        case .result: "result"
        case .error: "error"
        case .request: "request"
        }
    }
}
