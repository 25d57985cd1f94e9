/// What a front must do to answer a call, as the engine decided it.
public enum CallOutcome: @unchecked Sendable {
    /// Return this value; it has the requirement's result type (`()` for `Void`).
    case returned(Any)
    /// Throw this error; only produced for throwing requirements.
    case threw(any Error)
    /// Call the real implementation and return what it returns (a spy).
    case forward
    /// Nothing valid can be returned or thrown: the front must stop the
    /// process with this message (already written to standard error and
    /// reported as an issue).
    case trap(String)
}
