import Synchronization

// The answers of calls no behavior answers as configured: a recording pass's
// call, a thrown or misconfigured behavior, `thenFatalError`, an unmatched call.

extension InvocationRecorder {
    /// Records a call made during a recording pass and answers with a placeholder.
    ///
    /// The placeholder is the `returning:` value, else one from
    /// ``Match/Placeholders`` (which also reuses values the test handed
    /// over, such as this call's own arguments). A throwing requirement whose
    /// result has none ends the pass by throwing ``RecordingPassEnded``; any
    /// other takes a value one of the double's registrations answers with
    /// (``CaptureSession/configuredResult(of:)``), else parks the pass's thread for good when it runs on one of its
    /// own (see ``declareRecordingTypes(_:)``): the call is recorded already.
    func capture(_ session: CaptureSession, _ requirement: Requirement, _ arguments: [Any]) -> CallOutcome {
        session.record(self, requirement, arguments)
        if let placeholder = session.resultPlaceholder {
            return .returned(placeholder)
        }
        if let placeholder = Match.Placeholders.make(any: requirement.resultType) {
            return .returned(placeholder)
        }
        if requirement.effects.canThrow {
            return .threw(RecordingPassEnded(requirement: requirement.name))
        }
        // A value the double answers with elsewhere (`thenReturn`): only its first such pass parks.
        if let configured = session.configuredResult(of: requirement.resultType) {
            return .returned(configured)
        }
        // On its own thread, the pass ends here: the call is recorded and nothing after it matters.
        session.park(because: nil)
        let message = """
            \(name): recording \(requirement.name) needs a placeholder result of type \(requirement.resultType), \
            and none can be made (no registered, built-in or synthesized value, and the test handed over no \
            value of that type). Pass one with when(returning: someValue) { ... }, pass an instance as an \
            argument with Match.any(using: someValue), or register one with Match.Placeholders.register { someValue }
            """
        CaptureSession.reportStop(message, in: session)
        return .trap(message + ".")
    }

    func thrown(
        _ error: any Error, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    )
        -> CallOutcome
    {
        if requirement.effects.canThrow { return .threw(error) }
        return misconfigured(
            "\(requirement.name) cannot throw, but its behavior threw \(describeValue(error))",
            requirement, arguments, site: site)
    }

    func misconfigured(
        _ problem: String, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    )
        -> CallOutcome
    {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: "\(name): \(problem) (call: \(requirement.describeCall(arguments)))",
                location: site))
        return defaultAnswer(requirement, arguments, reason: problem)
    }

    /// A call that reached `thenFatalError`: the test asked for the process
    /// to stop here. One test's configuration must not end every other
    /// test of the run, so the request is reported at the line that
    /// configured it and the call finishes as an unstubbed one: a throwing
    /// requirement throws ``UnstubbedCall``, any other gets the default
    /// answer an unmatched call gets.
    func askedForFatalError(
        _ message: String?, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    ) -> CallOutcome {
        let call = requirement.describeCall(arguments)
        let given = message.map { ": \($0)" } ?? ""
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: """
                    \(name): \(call) reached thenFatalError\(given). The test asked for a fatal error here; \
                    the process was not stopped (one test must not end the whole run), and the call was answered \
                    as an unstubbed call.
                    """,
                location: site))
        if requirement.effects.canThrow { return .threw(UnstubbedCall(double: name, call: call)) }
        return defaultAnswer(requirement, arguments, reason: "the test asked for a fatal error")
    }

    /// Whether a call of `requirement` no registration matches goes to the
    /// front's implementation (``CallOutcome/forward``, recorded as
    /// forwarded) instead of being reported: every one of a spy's, and a
    /// stub's of a requirement whose unmatched calls run its default
    /// implementation (``Requirement/unmatchedCallsRunDefault``). A dummy's
    /// never: any call of a dummy is a use to report.
    @inline(__always)
    func forwardsUnmatched(_ requirement: Requirement) -> Bool {
        switch unmatchedCallPolicy {
        case .forward: true
        case .reportIssue: requirement.unmatchedCallsRunDefault
        case .failOnUse: false
        }
    }

    func unmatched(_ requirement: Requirement, _ arguments: [Any], tried: [Registration]) -> CallOutcome {
        if forwardsUnmatched(requirement) { return .forward }
        if unmatchedCallPolicy == .failOnUse {
            let message = """
                \(name) received \(requirement.describeCall(arguments)). A dummy must never be used: the code under \
                test calls it, so pass a Stub (and configure \(requirement.name)) instead.
                """
            TestDoubleIssueReporting.report(
                TestDoubleIssue(kind: .unmatchedCall, message: message, location: creationSite))
            return defaultAnswer(requirement, arguments, reason: "a dummy answers nothing")
        }
        var lines = ["\(name) received \(requirement.describeCall(arguments)), which no registration matches."]
        if tried.isEmpty {
            lines.append("No registration has a behavior for \(requirement.name).")
        } else {
            lines.append("Registrations tried, in order:")
            for registration in tried {
                let reasons = explainMismatch(requirement, registration.matchers, arguments)
                let why = reasons.isEmpty ? "its behaviors are used up" : reasons.joined(separator: "; ")
                lines.append(
                    "  #\(registration.number) \(registration.patternDescription) at \(registration.site): \(why)")
            }
        }
        if let suggestion = RegistrationSuggestion(requirement, arguments) {
            lines.append("Add a registration before the call, for example:\n    \(suggestion.code)")
        } else {
            lines.append("Add a registration with when { ... }.then...(...) before the call.")
        }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .unmatchedCall, message: lines.joined(separator: "\n"), location: creationSite))
        return defaultAnswer(requirement, arguments, reason: "no registration matched")
    }

    /// The value a call with no answer returns: a synthesized value of its
    /// result, else, for a requirement that cannot throw (a throwing one
    /// throws `UnstubbedCall` instead), an argument of the call of exactly
    /// the result type (an instance the test made, such as the object an
    /// echoing requirement is handed); `nil` when there is none.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The call's arguments.
    /// - Returns: The default value, or `nil`.
    func defaultValue(for requirement: Requirement, arguments: [Any]) -> Any? {
        if let value = Match.Placeholders.make(any: requirement.resultType) { return value }
        guard !requirement.effects.canThrow else { return nil }
        return arguments.first { type(of: $0) == requirement.resultType }
    }

    /// The default value (``defaultValue(for:arguments:)``), else
    /// `UnstubbedCall` for a throwing requirement, else a trap. The call was
    /// reported already: this only keeps the run going.
    func defaultAnswer(_ requirement: Requirement, _ arguments: [Any], reason: String) -> CallOutcome {
        if let value = defaultValue(for: requirement, arguments: arguments) { return .returned(value) }
        if requirement.effects.canThrow {
            return .threw(UnstubbedCall(double: name, call: requirement.describeCall(arguments)))
        }
        // No value of `Never` exists to configure or register: only a handler ends such a call.
        let advice =
            requirement.resultType == Never.self
            ? "The process stops here, as it would at a real conformer's call. Register a handler that ends "
                + "such a call your way (when { ... }.then { ... -> Never in ... }), or check the call in an exit test."
            : "Configure a behavior with when { ... }.thenReturn(...), or register a placeholder with "
                + "Match.Placeholders.register."
        let message = """
            \(name): \(requirement.describeCall(arguments)) cannot be answered (\(reason)): no default value of \
            \(requirement.resultType) can be made and \(requirement.name) cannot throw. \(advice)
            """
        TestDoubleIssueReporting.writeToStandardError("TestDoubles: \(message)\n")
        return .trap(message)
    }
}
