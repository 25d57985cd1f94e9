/// A problem a test double reports: a failed verification, an unmatched
/// call, a recording that cannot be used, a misconfigured behavior.
public struct TestDoubleIssue: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem an issue is.
    public enum Kind: Hashable, Sendable {
        /// A `verify` saw a call count outside the expected range.
        case verificationFailed
        /// A call matched no registration.
        case unmatchedCall
        /// A `when` or `verify` closure could not be turned into a pattern.
        case invalidRecording
        /// A registration can never serve a call.
        case unreachableRegistration
        /// A behavior cannot run on the requirement it was configured for.
        case invalidBehavior
        /// An eventual verification or wait ran out of time.
        case timedOut
        /// A teardown or explicit check found state the test did not account for.
        case unmetExpectation
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The full diagnostic text.
    public var message: String
    /// Where in the user's code the problem is reported; `nil` when no call site is known.
    public var location: CallSite?

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - message: The full diagnostic text.
    ///   - location: Where in the user's code to report it.
    public init(kind: Kind, message: String, location: CallSite?) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// The message, prefixed with the location when there is one.
    public var description: String {
        guard let location else { return message }
        return "\(location): \(message)"
    }
}
