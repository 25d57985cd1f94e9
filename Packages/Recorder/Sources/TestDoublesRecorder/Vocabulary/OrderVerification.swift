/// Checks that patterns were called in order, across one or several doubles.
enum OrderVerification {
    /// Greedy subsequence match over the merged ledgers of the doubles
    /// involved, by process-wide sequence number. `exhaustive` also requires
    /// that those doubles recorded no other calls.
    static func verify(_ steps: [PatternCore], exhaustive: Bool, purpose: String, site: CallSite) -> Bool {
        guard !steps.isEmpty else { return true }
        var recorders: [ObjectIdentifier: InvocationRecorder] = [:]
        for step in steps { recorders[ObjectIdentifier(step.recorder)] = step.recorder }
        var merged: [(recorder: InvocationRecorder, index: Int, invocation: Invocation)] = []
        for recorder in recorders.values {
            merged += recorder.invocations(of: nil).map { (recorder, $0.index, $0.invocation) }
        }
        merged.sort { $0.invocation.sequence < $1.invocation.sequence }

        var next = 0
        var matched: [(InvocationRecorder, Int)] = []
        var extra: [Invocation] = []
        for entry in merged {
            if next < steps.count, steps[next].recorder === entry.recorder, steps[next].accepts(entry.invocation) {
                matched.append((entry.recorder, entry.index))
                next += 1
            } else if exhaustive {
                extra.append(entry.invocation)
            }
        }
        let leftover = extra
        if next == steps.count && leftover.isEmpty {
            for (recorder, index) in matched { recorder.markVerified([index]) }
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
            lines += leftover.map { "  #\($0.sequence) \($0)" }
        }
        lines.append("Calls, in order:")
        lines += merged.prefix(20).map { "  #\($0.invocation.sequence) \($0.recorder.name): \($0.invocation)" }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .verificationFailed, message: lines.joined(separator: "\n"), location: site))
        return false
    }
}
