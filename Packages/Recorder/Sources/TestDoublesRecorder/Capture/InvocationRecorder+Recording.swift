extension InvocationRecorder {
    /// A recorded call turned into a pattern: its requirement and one matcher per argument.
    struct RecordedPattern {
        let recorder: InvocationRecorder
        let requirement: Requirement
        let matchers: [ArgumentMatcher]
    }

    /// Runs a recording closure with a capture session for this recorder:
    /// on a thread of its own when a placeholder the pass may need cannot
    /// be made (see ``declareRecordingTypes(_:)``) or its caller loses
    /// nothing there (see ``CallerIsolation``), else on the caller's.
    func capturing(
        returning placeholder: Any? = nil, at site: CallSite? = nil, _ body: () throws -> Void
    ) -> CaptureSession {
        let host = hostsRecordingPasses || CallerIsolation.synchronousPassMayRunOnHost ? RecordingHost() : nil
        let session = CaptureSession(
            scope: .recorder(ObjectIdentifier(self)), resultPlaceholder: placeholder, owner: self, host: host,
            site: site)
        if let host, CaptureSession.run(session, hostedBy: host, body) { return session }
        CaptureSession.run(session, body)
        return session
    }

    /// Runs a test's async recording closure on `subject` with a capture
    /// session for this recorder, in a task of its own on a host (the
    /// caller's task waits, suspended), so that a call that needs a value no
    /// source can make (a bare `Match.any()` of a class handed to something
    /// that is not a double) stops the pass at the `when`/`verify` line
    /// instead of the process. That task runs its jobs as `actor` (see
    /// ``ActorLoan``): the entry points pass the closure's own isolation
    /// (`body.isolation` of their `@isolated(any)` parameter), else the
    /// caller's, so a closure isolated to an actor, whoever calls it, stays on
    /// the pass's thread, where a call may park.
    ///
    /// On Swift 6.2 and later `body` takes its subject `sending` (so a
    /// closure isolated to an actor may call a nonisolated async requirement
    /// of a protocol that is not `Sendable`). The subject is the double's
    /// value, shared with its other passes, so the compiler cannot prove it
    /// disconnected; it is handed over through a `nonisolated(unsafe)` local
    /// made inside each closure: every call through it reaches this
    /// recorder, which serializes them.
    ///
    /// The entry points hand `body` over as a plain async function: a call
    /// through it still hops to the closure's actor. A nonisolated closure
    /// and caller get the main actor lent too only while a live double may
    /// need a host (see ``declareRecordingTypes(_:)``): one of their
    /// requirements may be isolated to it.
    func capturing<Subject, R>(
        returning placeholder: Any? = nil, isolation: isolated (any Actor)?, lending actor: (any Actor)?,
        on subject: Subject, at site: CallSite? = nil, _ body: SubjectPassBody<Subject, R>
    ) async -> CaptureSession {
        let demanded = hostsRecordingPasses
        let host = RecordingHost()
        let session = CaptureSession(
            scope: .recorder(ObjectIdentifier(self)), resultPlaceholder: placeholder, owner: self, host: host,
            site: site)
        #if compiler(>=6.2)
        // Behind the runtime's native stack barrier (see RecordingClosureBarrier).
        // Both closures are nonisolated, as the plain form's is: the outer one
        // hops off the caller's actor, so nothing hops between the barrier and
        // the test's closure, which hops to its own isolation itself.
        if await CaptureSession.run(
            session, hostedBy: host, isolation: isolation, lending: actor, lendsMainActor: demanded,
            {
                await RecordingClosureBarrier.run(isolation: nil) {
                    nonisolated(unsafe) let subject = subject
                    _ = try? await body(subject)
                }
            })
        {
            return session
        }
        await CaptureSession.run(session, isolation: isolation) {
            await RecordingClosureBarrier.run(isolation: nil) {
                nonisolated(unsafe) let subject = subject
                _ = try? await body(subject)
            }
        }
        #else
        if await CaptureSession.run(
            session, hostedBy: host, isolation: isolation, lending: actor, lendsMainActor: demanded,
            { _ = try await body(subject) })
        {
            return session
        }
        await CaptureSession.run(session, isolation: isolation) { _ = try await body(subject) }
        #endif
        return session
    }

    /// Turns the calls of a session into patterns; reports an issue at `site`
    /// and returns `nil` when the recording cannot be used.
    static func patterns(
        from session: CaptureSession, purpose: String, expectingOne: Bool, site: CallSite, doubleName: String
    ) -> [RecordedPattern]? {
        var problems = session.problems
        let calls = session.calls
        // A pass parked because of a problem stopped where it was: the matchers
        // it left over and the calls it never made are consequences, not news.
        let stoppedByProblem = !problems.isEmpty && session.isParked
        if !stoppedByProblem && session.leftoverMatchers > 0 {
            problems.append(
                "\(session.leftoverMatchers) matcher(s) were not passed to a requirement of the double; "
                    + "write Match.* only as direct arguments of the call")
        }
        if calls.isEmpty {
            if !stoppedByProblem { problems.append("the closure called no requirement of \(doubleName)") }
        } else if expectingOne && calls.count > 1 {
            let names = calls.map(\.requirement.name).joined(separator: ", ")
            problems.append("the closure called \(calls.count) requirements (\(names)); \(purpose) takes exactly one")
        }
        var patterns: [RecordedPattern] = []
        for call in calls {
            switch pattern(for: call) {
            case .success(let pattern): patterns.append(pattern)
            case .failure(let problem): problems.append(problem.message)
            }
        }
        guard problems.isEmpty else {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: "\(doubleName): \(purpose) cannot use this recording: "
                        + problems.joined(separator: "; ") + ".",
                    location: site))
            return nil
        }
        return patterns
    }

    struct RecordingProblem: Error {
        let message: String
    }

    /// Applies the positional rule: no matchers (all literals) or exactly one per argument.
    static func pattern(for call: CaptureSession.CapturedCall) -> Swift.Result<RecordedPattern, RecordingProblem> {
        let requirement = call.requirement
        if call.matchers.count == call.arguments.count {
            return .success(RecordedPattern(recorder: call.recorder, requirement: requirement, matchers: call.matchers))
        }
        if call.matchers.count > call.arguments.count {
            // More matchers than arguments: some matcher stands for a parameter the front never forwards.
            return .failure(
                RecordingProblem(
                    message: """
                        \(requirement.name) received \(call.arguments.count) argument(s) but \(call.matchers.count) \
                        matcher(s) were written for it; a matcher counts only where the double forwards the \
                        argument, and a ManualStub conformer (doubles-gen, @Stubbable) forwards no non-escaping \
                        closure or autoclosure parameter (pass any closure there, not a matcher); it records a \
                        variadic parameter as one array, which takes one matcher per element only when the \
                        conformer calls stub.lineUpVariadicMatchers(at:_:) before forwarding, as doubles-gen and \
                        @Stubbable write it (regenerate the conformer, or add that call to a hand-written one)
                        """))
        }
        guard call.matchers.isEmpty else {
            let mixed =
                "\(requirement.name) mixes \(call.matchers.count) matcher(s) with literal arguments "
                + "(\(call.arguments.count) arguments); use a matcher for every argument or for none, for example "
            if let positions = MixedRecordingHint.positions(of: call.matcherValues, among: call.arguments) {
                var written: [Any] = call.arguments.map { RewriteHint(value: $0) }
                for (matcher, position) in zip(call.matchers, positions) {
                    written[position] = WrittenMatcher(matcher: matcher)
                }
                return .failure(
                    RecordingProblem(
                        message: mixed + """
                            \(requirement.describeCall(written)): your matchers where you wrote them, and \
                            Match.equal(...) around each literal (write the expressions you wrote for values shown \
                            as <Type value>)
                            """))
            }
            let rewrite = requirement.describeCall(call.arguments.map { RewriteHint(value: $0) })
            return .failure(
                RecordingProblem(
                    message: mixed + """
                        \(rewrite) with Match.equal(...) around each literal (each shows the value its argument had \
                        in the pass: keep the matchers you wrote where they stand, and write the expressions you \
                        wrote for values shown as <Type value>)
                        """))
        }
        var matchers: [ArgumentMatcher] = []
        for (index, argument) in call.arguments.enumerated() {
            guard let matcher = ArgumentMatcher.literal(argument) else {
                return .failure(
                    RecordingProblem(
                        message: """
                            \(requirement.describeArgument(index)) of \(requirement.name) is a \
                            \(type(of: argument)), which has no equality for a literal; \
                            use a matcher such as Match.any() or Match.matching(where:) for every argument
                            """))
            }
            matchers.append(matcher)
        }
        return .success(RecordedPattern(recorder: call.recorder, requirement: requirement, matchers: matchers))
    }

    /// Makes the pattern core of a recorded pattern and binds its captors.
    func makeCore(_ pattern: RecordedPattern, registering: Bool, site: CallSite) -> CallSelection {
        let registration = registering ? register(pattern.requirement, matchers: pattern.matchers, site: site) : nil
        let core = CallSelection(
            recorder: self, requirement: pattern.requirement, matchers: pattern.matchers, registration: registration,
            site: site)
        for (position, matcher) in pattern.matchers.enumerated() {
            for captor in matcher.captors { captor.bind(to: core, position: position) }
        }
        return core
    }
}

/// Prints a matcher the test wrote, in a rewrite hint, as it was written:
/// `Match.any()`, or a captor's `….capture()`.
private struct WrittenMatcher: CustomDebugStringConvertible {
    let matcher: ArgumentMatcher
    var debugDescription: String {
        let text = matcher.description
        return text.hasPrefix("capture(") ? "<captor>.\(text)" : "Match.\(text)"
    }
}

/// Prints an argument as `Match.equal(value)` in a rewrite hint.
private struct RewriteHint: CustomDebugStringConvertible {
    let value: Any
    var debugDescription: String {
        if let type = value as? any Any.Type { return "Match.equal(\(describeValue(type)).self)" }
        // No literal could stand here (no equality): the test wrote a matcher, or needs one.
        guard ArgumentMatcher.literal(value) != nil else { return "Match.any()" }
        // A value no Swift literal spells (a UUID, a Locale, a struct) is named with its type, not printed as
        // if it were source: `Match.equal(D0D0…)` or `Match.equal(13 indexes)` would not compile.
        return "Match.equal(\(RegistrationSuggestion.literal(value) ?? "<\(type(of: value)) \(describeValue(value))>"))"
    }
}
