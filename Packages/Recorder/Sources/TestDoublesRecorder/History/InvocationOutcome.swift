/// What one call gave back to its caller, as inspection reads it.
///
/// ``InteractionObserving/outcomes()`` lists one per selected call, in the
/// order the calls arrived:
///
/// ```swift
/// switch loads.lastOutcome {
/// case .returned(let feed)?: #expect(feed.isEmpty)
/// case .threw(let error)?: Issue.record(error)
/// default: break
/// }
/// ```
public enum InvocationOutcome<Value>: @unchecked Sendable {
    /// The call returned this value.
    case returned(Value)
    /// The call threw this error.
    case threw(any Error)
    /// The call has not finished yet: its async behavior is still running or parked.
    case pending
    /// The call went to the real implementation (a spy), whose answer the double does not keep.
    case forwarded
    /// The call returned a value that is not a `Value` (such as a dynamic
    /// `Self` result read through a pattern of a wider type), or none could be made.
    case unavailable
}

extension InvocationOutcome {
    /// The outcome of a recorded completion; `.pending` when there is none yet.
    init(_ completion: CallCompletion?) {
        guard let completion else {
            self = .pending
            return
        }
        switch completion.answer {
        case .returned(let value):
            if let value = value as? Value {
                self = .returned(value)
            } else {
                self = .unavailable
            }
        case .threw(let error): self = .threw(error)
        case .forwarded: self = .forwarded
        case .unavailable: self = .unavailable
        }
    }
}
