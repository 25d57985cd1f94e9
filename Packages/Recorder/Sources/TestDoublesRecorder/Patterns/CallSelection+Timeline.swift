extension CallSelection {
    /// The calls the pattern selects as timeline events, in arrival order.
    func timelineEvents() -> [InteractionTimeline.Event] {
        guard isValid else { return [] }
        let (ledger, positions, completions, stacks, registrations) = recorder.timelineSnapshot(of: requirement?.id)
        return (positions ?? Array(0..<ledger.count)).filter { accepts(ledger, at: $0) }.map { position in
            let entry = ledger.entry(at: position)
            let completion = completions[position] ?? CallCompletion(immediate: entry, in: ledger)
            let started = entry.arrival.instant
            let requirement = ledger.requirement(at: position)
            let arguments = ledger.arguments(at: position).values
            return InteractionTimeline.Event(
                id: entry.sequence, completionSequence: completion?.sequence,
                requirement: requirement.name, arguments: arguments.map(describeValue),
                dispatch: entry.outcome == .forwarded ? .forwarded : .stubbed,
                registration: entry.registration == 0
                    ? nil : registrations[Int(entry.registration)] ?? "#\(entry.registration)",
                taskPriorityRawValue: entry.priority, callStack: stacks[position], startedAt: started,
                completedAt: completion?.time, duration: completion.map { Swift.max(.zero, $0.time - started) },
                call: requirement.describeCall(arguments))
        }
    }
}

extension InvocationRecorder {
    /// What a timeline reads, in one lock hold: the ledger, the positions of
    /// a requirement's calls (`nil` for every call), the completions, the
    /// captured stacks and each registration's description by number.
    func timelineSnapshot(
        of requirement: RequirementID?
    ) -> (
        ledger: Ledger, positions: [Int]?, completions: [Int: CallCompletion], stacks: [Int: [String]],
        registrations: [Int: String]
    ) {
        state.withLock { state in
            var positions: [Int]?
            if let requirement {
                indexPositions(&state)
                positions = state.slots[requirement]?.positions ?? []
            }
            var registrations: [Int: String] = [:]
            for registration in state.registrations {
                registrations[registration.number] = "#\(registration.number) \(registration.patternDescription)"
            }
            return (state.ledger, positions, state.completions.byPosition, state.callStacks, registrations)
        }
    }
}
