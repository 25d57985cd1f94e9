extension InvocationRecorder.Selection {
    /// The ledger entry of the call the selection answers.
    var ticket: CallTicket {
        switch self {
        case .behavior(_, _, let ticket, _), .unmatched(_, let ticket): ticket
        }
    }

    /// The actions to run around the call, when its registration has any.
    var hooks: CallHooks? {
        if case .behavior(_, _, _, let hooks) = self { return hooks }
        return nil
    }
}

extension InvocationRecorder {
    /// Records how the call of `ticket` finished, unless the ledger was cleared since it arrived,
    /// and tells those waiting for completions.
    func complete(_ ticket: CallTicket, _ outcome: CallOutcome) {
        // Read on the same coarse clock as the arrival, so a duration is whole
        // ticks and never counts the gap between the two clocks.
        let time = InvocationTime.now
        let observers = state.withLock { state -> [@Sendable () -> Void] in
            guard state.generation == ticket.generation, ticket.position < state.ledger.count else { return [] }
            return recordCompletion(&state, outcome, time: time, at: ticket.position) ?? []
        }
        for observer in observers { observer() }
    }

    /// Records, in a hold of the lock, how the call at ledger `position`
    /// finished; gives the completion observers to tell once the hold is
    /// over, nil when there are none.
    func recordCompletion(
        _ state: inout State, _ outcome: CallOutcome, time: InvocationTime, at position: Int
    ) -> [@Sendable () -> Void]? {
        // The completion number comes from the double's own cursor, like
        // an arrival's: it orders across doubles the same way, and a run of
        // calls on one double takes no process-wide epoch per completion
        // (an atomic add, and a new epoch for the next call's number too).
        state.completions.record(CallCompletion(outcome, sequence: state.sequence.next(), time: time), at: position)
        return state.completionObservers.isEmpty ? nil : Array(state.completionObservers.values)
    }

    /// ``complete(_:_:)`` for an answer of `()` or a scalar, recorded
    /// unboxed (what a `then` handler with such a result answers): the same
    /// completion, number and time, read back as the boxed form would be.
    func complete(_ ticket: CallTicket, unboxed answer: ImmediateAnswer) {
        let time = InvocationTime.now
        let observers = state.withLock { state -> [@Sendable () -> Void] in
            guard state.generation == ticket.generation, ticket.position < state.ledger.count else { return [] }
            state.completions.record(
                CallCompletion(answer, sequence: state.sequence.next(), time: time), at: ticket.position)
            return state.completionObservers.isEmpty ? [] : Array(state.completionObservers.values)
        }
        for observer in observers { observer() }
    }

    /// The ledger, the positions of a requirement's calls (`nil` for every
    /// call) and the completions, read in one lock hold.
    func completionSnapshot(
        of requirement: RequirementID?
    ) -> (ledger: Ledger, positions: [Int]?, completions: [Int: CallCompletion]) {
        let (ledger, positions, log) = state.withLock { state -> (Ledger, [Int]?, CompletionLog) in
            guard let requirement else { return (state.ledger, nil, state.completions) }
            indexPositions(&state)
            return (state.ledger, state.slots[requirement]?.positions ?? [], state.completions)
        }
        // The log is a snapshot (a copy); it is indexed outside the lock.
        return (ledger, positions, log.byPosition)
    }

    /// A stream that yields each time a call of this double finishes from now on.
    func observeCompletions() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let token = state.withLock { state in
            let id = state.nextObserver
            state.nextObserver += 1
            state.completionObservers[id] = { continuation.yield() }
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.completionObservers.removeValue(forKey: token) }
        }
        return stream
    }
}
