extension CallSelection {
    /// Checks the number of selected calls now; reports an issue at `site` when it is outside `count`.
    @discardableResult
    func verify(_ count: CallCount, at site: CallSite) -> Bool {
        guard isValid else { return false }
        let selected = matchingIndices()
        if count.contains(selected.count) {
            recorder.markVerified(selected)
            return true
        }
        report(failureMessage(count, observed: matchingInvocations(), waited: nil), at: site)
        return false
    }

    /// Waits, without polling, until the number of selected calls is inside `count`.
    @discardableResult
    func verify(
        _ count: CallCount, within timeout: Duration, clock: any StubClock = StubClocks.continuous,
        isolation: isolated (any Actor)?, at site: CallSite
    ) async -> Bool {
        guard isValid else { return false }
        let events = recorder.observe(requirement?.id)
        let satisfied = await EventWaiting.wait(within: timeout, clock: clock, isolation: isolation, events: events) {
            [self] in
            count.contains(matchingIndices().count)
        }
        let selected = matchingIndices()
        if satisfied && count.contains(selected.count) {
            recorder.markVerified(selected)
            return true
        }
        report(failureMessage(count, observed: matchingInvocations(), waited: timeout), at: site)
        return false
    }

    func report(_ message: String, at site: CallSite, kind: TestDoubleIssue.Kind = .verificationFailed) {
        TestDoubleIssueReporting.report(TestDoubleIssue(kind: kind, message: message, location: site))
    }

    func failureMessage(_ count: CallCount, observed: [Invocation], waited: Duration?) -> String {
        let within = waited.map { " within \($0)" } ?? ""
        var lines = [
            "\(recorder.name): expected \(count) of \(patternDescription)\(within), observed \(observed.count)."
        ]
        if !observed.isEmpty {
            lines.append("Matching calls:")
            lines += observed.prefix(10).map { "  #\($0.number) \($0) [\($0.outcome)]" }
            if observed.count > 10 { lines.append("  ... and \(observed.count - 10) more") }
        }
        if let max = count.maximum, observed.count > max { return lines.joined(separator: "\n") }
        lines += closestCalls(excluding: Set(observed.map(\.sequence)))
        return lines.joined(separator: "\n")
    }

    /// The calls of the requirement that came closest to matching, and what rejected them.
    func closestCalls(excluding: Set<UInt64>) -> [String] {
        guard let requirement else { return [] }
        let candidates = recorder.invocations(of: requirement.id).map(\.invocation).filter {
            !excluding.contains($0.sequence)
        }
        if candidates.isEmpty {
            let others = recorder.invocations.suffix(5)
            guard !others.isEmpty else { return ["\(recorder.name) recorded no calls at all."] }
            return ["No calls of \(requirement.name). Latest calls on \(recorder.name):"]
                + others.map { "  #\($0.number) \($0)" }
        }
        let ranked = candidates.map { invocation -> (Invocation, [String]) in
            var reasons = explainMismatch(requirement, matchers, invocation.arguments)
            if !genericTypes.isEmpty, invocation.requirement.genericTypes != genericTypes {
                reasons.insert(
                    "it was made with the generic types \(invocation.requirement.genericTypesDescription), "
                        + "the pattern with \(requirement.genericTypesDescription)", at: 0)
            }
            if reasons.isEmpty {
                switch filter {
                case .all: break
                case .forwarded: reasons = ["it was \(invocation.outcome), not forwarded"]
                case .stubbed: reasons = ["it was \(invocation.outcome), not answered by a registration"]
                }
            }
            return (invocation, reasons)
        }
        .sorted { $0.1.count < $1.1.count }
        var lines = ["Closest calls:"]
        for (invocation, reasons) in ranked.prefix(3) {
            lines.append("  #\(invocation.number) \(invocation): \(reasons.joined(separator: "; "))")
        }
        return lines
    }
}
