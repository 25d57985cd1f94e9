/// Checks that patterns were called in order, across one or several doubles.
enum OrderVerification {
    /// Greedy subsequence match over the merged ledgers of the doubles
    /// involved, by process-wide sequence number. `exhaustive` also requires
    /// that those doubles recorded no other calls.
    static func verify(_ steps: [CallSelection], exhaustive: Bool, purpose: String, site: CallSite) -> Bool {
        guard !steps.isEmpty else { return true }
        var recorders: [InvocationRecorder] = []
        for step in steps where !recorders.contains(where: { $0 === step.recorder }) { recorders.append(step.recorder) }
        // Each double's ledger is read in place; an `Invocation` is assembled
        // only for a diagnostic.
        let ledgers = recorders.map { $0.ledgerSnapshot(of: nil).ledger }
        var merged: [Call] = []
        merged.reserveCapacity(ledgers.reduce(0) { $0 + $1.count })
        for (double, ledger) in ledgers.enumerated() {
            for position in 0..<ledger.count {
                merged.append(Call(double: double, position: position, sequence: ledger.entry(at: position).sequence))
            }
        }
        merged.sort { $0.sequence < $1.sequence }

        var next = 0
        var matched: [[Int]] = Array(repeating: [], count: recorders.count)
        var extra: [Call] = []
        for call in merged {
            if next < steps.count, steps[next].recorder === recorders[call.double],
                steps[next].accepts(ledgers[call.double], at: call.position)
            {
                matched[call.double].append(call.position)
                next += 1
            } else if exhaustive {
                extra.append(call)
            }
        }
        func describe(_ call: Call) -> String {
            let invocation = ledgers[call.double].invocation(at: call.position)
            return "\(recorders[call.double].name) #\(invocation.number): \(invocation)"
        }
        if next == steps.count && extra.isEmpty {
            for (double, positions) in matched.enumerated() { recorders[double].markVerified(positions) }
            return true
        }
        var lines: [String] = []
        if next < steps.count {
            let found = steps[..<next].map { "  \($0.recorder.name): \($0.patternDescription)" }
            lines.append(
                "\(purpose): expected \(steps[next].recorder.name): \(steps[next].patternDescription) "
                    + "(step \(next + 1) of \(steps.count)) after the steps before it, but no such call followed.")
            if !found.isEmpty { lines.append("Found in order:"); lines += found }
        } else {
            lines.append("\(purpose): exhaustive order, but the doubles recorded other calls:")
            lines += extra.map { call in
                let invocation = ledgers[call.double].invocation(at: call.position)
                return "  \(recorders[call.double].name) #\(invocation.number): \(invocation)"
            }
        }
        lines.append("Calls, in order:")
        lines += merged.prefix(20).map { "  " + describe($0) }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .verificationFailed, message: lines.joined(separator: "\n"), location: site))
        return false
    }

    /// One call of the merged ledgers: which double, where in its ledger, and its place in the process-wide order.
    private struct Call {
        let double: Int
        let position: Int
        let sequence: UInt64
    }
}
