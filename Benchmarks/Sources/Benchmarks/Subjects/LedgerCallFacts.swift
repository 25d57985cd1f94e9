import Synchronization

/// The facts a `Stub`'s ledger keeps of every call, for the API's readers
/// (`arguments()`, `verify`, `InvocationOrder`, `timings()`,
/// `interactionTimeline()`): each argument as an `Any`, the call's number in
/// the process-wide order, its arrival on the continuous clock and the
/// calling task's priority, written as a user would write them with the
/// standard library. The bench's `facts-mock` rows measure what keeping them
/// costs a hand-written mock (``FactsRecordingMockService``), so that the
/// `Stub`'s ratio to the plain mock can be split into the facts' share and
/// the machinery's.
struct LedgerCallFacts: @unchecked Sendable {
    /// One call: its requirement, number, arrival and priority, and where its arguments end in ``arguments``.
    struct Call {
        let requirement: Int
        let sequence: UInt64
        let arrival: ContinuousClock.Instant
        let priority: UInt8
        let argumentsEnd: Int
    }

    /// The calls in arrival order.
    var calls: [Call] = []
    /// Every call's arguments, one after another.
    var arguments: [Any] = []

    /// Keeps the facts of one call of the requirement numbered `requirement`.
    mutating func note<each Argument>(_ requirement: Int, _ arguments: repeat each Argument) {
        for argument in repeat each arguments { self.arguments.append(argument) }
        calls.append(
            Call(
                requirement: requirement, sequence: callSequence.wrappingAdd(1, ordering: .relaxed).oldValue,
                arrival: .now, priority: UInt8(truncatingIfNeeded: Task.currentPriority.rawValue),
                argumentsEnd: self.arguments.count))
    }
}

/// The process-wide order of the calls a ``LedgerCallFacts`` keeps.
private let callSequence = Atomic<UInt64>(0)
