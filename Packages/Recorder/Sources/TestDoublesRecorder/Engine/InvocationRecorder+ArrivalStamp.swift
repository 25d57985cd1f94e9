extension InvocationRecorder {
    /// What a call's ledger entry takes from the moment it is recorded: its
    /// number in the process-wide order, its arrival time and the calling
    /// task's priority.
    struct ArrivalStamp {
        let sequence: UInt64
        let arrival: InvocationTime
        let priority: UInt8
    }

    /// Takes a call's number, arrival and priority, in the lock hold that
    /// records the call (the number is the double's next: taken only for a
    /// call that is recorded in this hold).
    @inline(__always)
    func arrivalStamp(_ state: inout State) -> ArrivalStamp {
        ArrivalStamp(sequence: state.sequence.next(), arrival: .now, priority: callerPriority.rawValue)
    }
}
