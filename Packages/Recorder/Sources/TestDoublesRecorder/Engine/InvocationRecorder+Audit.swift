extension InvocationRecorder {
    /// The end-of-test checks a recorder can run on itself.
    public struct AuditChecks: OptionSet, Hashable, Sendable {
        /// The raw bits of the set.
        public let rawValue: UInt8

        /// Creates a set of checks from raw bits.
        ///
        /// - Parameter rawValue: The bits of the checks.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Every registration with a behavior served at least one call.
        public static let unusedStubs = Self(rawValue: 1 << 0)
        /// Every call was covered by a successful verification.
        public static let unverifiedInteractions = Self(rawValue: 1 << 1)
        /// Every finite behavior (`times: n`, bare intermediate steps) was used up.
        public static let unconsumedBehaviors = Self(rawValue: 1 << 2)
        /// Every call parked by `thenSuspend()` was resumed.
        public static let pendingSuspensions = Self(rawValue: 1 << 3)
    }

    /// Runs end-of-test checks and describes each failure; reports nothing.
    ///
    /// - Parameter checks: The checks to run.
    /// - Returns: One message per failed check; empty when all pass.
    public func audit(_ checks: AuditChecks) -> [String] {
        let (registrations, ledger, suspensions) = state.withLock {
            ($0.registrations, $0.ledger, $0.suspensions)
        }
        var failures: [String] = []
        if checks.contains(.unusedStubs) {
            let unused = state.withLock { _ in registrations.filter { !$0.chain.isEmpty && $0.served == 0 } }
            if !unused.isEmpty {
                failures.append(
                    (["\(name): \(unused.count) registration(s) served no call:"]
                        + unused.map { "  #\($0.number) \($0.patternDescription) at \($0.site)" })
                        .joined(separator: "\n"))
            }
        }
        if checks.contains(.unverifiedInteractions) {
            let unverified = (0..<ledger.count).filter { !ledger.isVerified($0) }.map(ledger.invocation(at:))
            if !unverified.isEmpty {
                failures.append(
                    (["\(name): \(unverified.count) call(s) no successful verification covered:"]
                        + unverified.map { "  #\($0.number) \($0)" })
                        .joined(separator: "\n"))
            }
        }
        if checks.contains(.unconsumedBehaviors) {
            let lines: [String] = state.withLock { _ in
                registrations.flatMap { registration in
                    registration.chain.unconsumedSteps.map {
                        "  #\(registration.number) \(registration.patternDescription): \($0.name) has "
                            + "\($0.remaining) call(s) left"
                    }
                }
            }
            if !lines.isEmpty {
                failures.append((["\(name): finite behaviors were not used up:"] + lines).joined(separator: "\n"))
            }
        }
        if checks.contains(.pendingSuspensions) {
            let pending = suspensions.map(\.pendingCount).reduce(0, +)
            if pending > 0 {
                failures.append("\(name): \(pending) call(s) parked by thenSuspend() were never resumed")
            }
        }
        return failures
    }

    /// Reports audit failures at a call site; returns whether there were none.
    func report(_ failures: [String], at site: CallSite) -> Bool {
        for failure in failures {
            TestDoubleIssueReporting.report(TestDoubleIssue(kind: .unmetExpectation, message: failure, location: site))
        }
        return failures.isEmpty
    }

    /// The whole call log as readable, ordered text.
    ///
    /// - Returns: A header, then one line per call numbered from `#1` in arrival
    ///   order, with its arguments woven into the labels, its outcome and
    ///   serving registration.
    public func describeInteractions() -> String {
        let ledger = state.withLock { $0.ledger }
        guard ledger.count > 0 else { return "\(name): no calls" }
        var lines = ["\(name): \(ledger.count) call(s) in order:"]
        for position in 0..<ledger.count {
            let invocation = ledger.invocation(at: position)
            var line = "  #\(position + 1)  \(invocation) -> \(invocation.outcome)"
            if let registration = invocation.registration { line += " by registration #\(registration)" }
            if ledger.isVerified(position) { line += " (verified)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
