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
        // Optional, not `[]`: an empty array is released too.
        let observers = state.withLock { state -> [@Sendable () -> Void]? in
            guard state.generation == ticket.generation, ticket.position < state.ledger.count else { return nil }
            return recordCompletion(&state, outcome, time: time, at: ticket.position)
        }
        observers?.forEach { $0() }
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

    /// ``complete(_:_:)`` for a handler picked in one hold, whose run
    /// (see ``RunningHandlers``) ends in the hold that records its
    /// completion, even when the ledger was cleared since the call arrived.
    func completeHandlerRun(_ ticket: CallTicket, _ outcome: CallOutcome) {
        endHandlerRun(ticket) { $0.record(CallCompletion(outcome, sequence: $1, time: $2), at: $3) }
    }

    /// ``completeHandlerRun(_:_:)`` for an answer of `()` or a scalar,
    /// recorded unboxed (what a `then` handler with such a result answers):
    /// the same completion, number and time, read back as the boxed form would be.
    func completeHandlerRun(_ ticket: CallTicket, unboxed answer: ImmediateAnswer) {
        endHandlerRun(ticket) { $0.record(unboxed: answer, sequence: $1, time: $2, at: $3) }
    }

    /// Ends a one-hold handler's run and records its completion, which
    /// `record` writes to the log from its number, time and ledger position,
    /// unless the ledger was cleared since the call arrived; then tells
    /// those waiting for completions.
    @inline(__always)
    private func endHandlerRun(
        _ ticket: CallTicket,
        _ record: (_ log: inout CompletionLog, _ sequence: UInt64, _ time: InvocationTime, _ position: Int) -> Void
    ) {
        let time = InvocationTime.now
        let (observers, kept) = state.withLock { state -> ([@Sendable () -> Void]?, [Any]?) in
            let kept = state.runningHandlers.end()
            guard state.generation == ticket.generation, ticket.position < state.ledger.count else {
                return (nil, kept)
            }
            record(&state.completions, state.sequence.next(), time, ticket.position)
            return (state.completionObservers.isEmpty ? nil : Array(state.completionObservers.values), kept)
        }
        // What clearings kept for the handlers, released outside the lock: a deinit may run user code.
        _ = consume kept
        observers?.forEach { $0() }
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
