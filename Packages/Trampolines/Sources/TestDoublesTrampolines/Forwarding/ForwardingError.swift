/// Why a call could not be forwarded to a real conformer.
public enum ForwardingError: Error, Equatable, Sendable {
    /// The forwarding target is not a value of a protocol existential type this layer forwards to.
    case unsupportedTarget(String)
    /// The target has no witness table for the protocol (by descriptor address).
    case missingWitnessTable(protocolDescriptor: UInt)
    /// The target's witness table has no function at this requirement index.
    case missingWitness(requirementIndex: Int)
    /// The call passes more stack-argument words than forwarding copies.
    case tooManyStackWords(count: Int, limit: Int)
    /// The call's stack arguments are gone (a frame inside `CallFrame.suspend`):
    /// prepare the forwarding before suspending.
    case stackArgumentsUnavailable
    /// The plan puts the `Self` metadata or witness table somewhere other than one word.
    case malformedPlan(String)
    /// A value supplied for an owned argument is not of the argument's type.
    case argumentTypeMismatch(expected: String, actual: String)
    /// A sync frame was forwarded with an async plan or the other way around.
    case conventionMismatch(String)
}
