extension CallSelection {
    /// One selected call with its completion, if it finished.
    struct CompletedCall {
        let sequence: UInt64
        let arrival: ContinuousClock.Instant
        let completion: CallCompletion?
    }

    /// The calls the pattern selects, in call order, each with how it finished.
    func matchingCompletions() -> [CompletedCall] {
        guard isValid else { return [] }
        let (ledger, positions, completions) = recorder.completionSnapshot(of: requirement?.id)
        let selected = (positions ?? Array(0..<ledger.count)).filter { accepts(ledger, at: $0) }
        return selected.map { position in
            let entry = ledger.entry(at: position)
            return CompletedCall(
                sequence: entry.sequence, arrival: entry.arrival.instant,
                completion: completions[position] ?? CallCompletion(immediate: entry, in: ledger))
        }
    }

    /// Waits, without polling, until at least `count` selected calls have finished.
    @discardableResult
    func waitForCompletion(
        count: Int, within timeout: Duration, isolation: isolated (any Actor)?, at site: CallSite
    ) async -> Bool {
        guard isValid else { return false }
        let events = recorder.observeCompletions()
        let finished = await EventWaiting.wait(within: timeout, isolation: isolation, events: events) { [self] in
            matchingCompletions().count { $0.completion != nil } >= count
        }
        if finished { return true }
        let calls = matchingCompletions()
        let done = calls.count { $0.completion != nil }
        report(
            "\(recorder.name): expected \(count) finished call\(count == 1 ? "" : "s") of \(patternDescription) "
                + "within \(timeout), observed \(done) finished and \(calls.count - done) still pending.",
            at: site)
        return false
    }
}
