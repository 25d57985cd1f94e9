/// One call a test double received, as its ledger keeps it.
public struct Invocation: @unchecked Sendable, CustomStringConvertible {
    /// How a call was answered.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// A configured value (or nothing, for `thenDoNothing`).
        case returned
        /// A configured error.
        case threw
        /// A handler computed the answer.
        case computed
        /// The call went to the real implementation.
        case forwarded
        /// The call was parked by an async behavior (suspend, delay, never, await cancellation).
        case suspended
        /// No registration matched; the front answered with a default.
        case unmatched

        /// The outcome as diagnostics print it.
        public var description: String {
            switch self {
            case .returned: "returned"
            case .threw: "threw"
            case .computed: "computed"
            case .forwarded: "forwarded"
            case .suspended: "suspended"
            case .unmatched: "unmatched"
            }
        }
    }

    /// The process-wide sequence number of the call: greater than the number
    /// of every call that happened before it, on any double; unique, not
    /// consecutive (see ``InvocationSequence``).
    public let sequence: UInt64
    /// The requirement called.
    public let requirement: Requirement
    /// The arguments, boxed by the front, in declaration order.
    public let arguments: [Any]
    /// How the call was answered.
    public let outcome: Outcome
    /// The number of the registration that served the call (1 for the first `when`); `nil` when none did.
    public let registration: Int?
    /// The call's number on its double, from 1, as `history` lists it (and
    /// diagnostics name it: `#2`); 0 for a call read from no ledger. Unlike
    /// ``sequence``, it starts again when the double's calls are cleared.
    let number: Int
    /// When the call arrived, to the kernel's tick: read from the coarse
    /// monotonic clock (a few nanoseconds instead of about twenty), so it can
    /// be a few milliseconds before the precise arrival, never after it.
    /// Order calls by ``sequence``.
    public var time: ContinuousClock.Instant { arrival.instant }
    /// When the call arrived, as a trivial reading (see ``InvocationTime``).
    let arrival: InvocationTime

    init(
        sequence: UInt64, requirement: Requirement, arguments: [Any], outcome: Outcome, registration: Int?,
        arrival: InvocationTime, number: Int = 0
    ) {
        self.number = number
        self.sequence = sequence
        self.requirement = requirement
        self.arguments = arguments
        self.outcome = outcome
        self.registration = registration
        self.arrival = arrival
    }

    /// The call as diagnostics print it: `track(event: "purchase", value: 42)`.
    public var description: String { requirement.describeCall(arguments) }
}
