import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A call whose boxed arguments the front lends from a buffer of its own
/// (`answerImmediately(_:borrowing:)`, `answerImmediately(_:consuming:)`),
/// whose requirement's first registration is a catch-all with a `then`
/// handler next, is picked and recorded in one hold and answered by the
/// handler after it, exactly as the general path answers it: the same
/// arguments kept, counts, answers, errors and completions.
@Suite struct LentHandlerDispatchTests {
    /// A string long enough to live on the heap, built at run time.
    static func name(_ index: Int) -> String { String(repeating: "key-\(index)-", count: 6) }

    /// What a front does: the arguments decoded into a buffer of its own,
    /// lent to the recorder, destroyed unless the recorder consumed them.
    static func lentCall(
        _ double: ServiceDouble, _ requirement: Requirement, _ arguments: [Any], consuming: Bool
    ) -> ScalarCallOutcome? {
        withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { buffer -> ScalarCallOutcome? in
            guard let base = buffer.baseAddress else { return nil }
            for (index, argument) in arguments.enumerated() { (base + index).initialize(to: argument) }
            let lent = UnsafeMutableBufferPointer(start: base, count: arguments.count)
            let answer =
                consuming
                ? double.recorder.answerImmediately(requirement, consuming: lent)
                : double.recorder.answerImmediately(requirement, borrowing: UnsafeBufferPointer(lent))
            if !consuming || answer == nil { lent.deinitialize() }
            return answer
        }
    }

    /// The value a call answered, as a front reads it (a handler's `()` or
    /// scalar answer comes back unboxed).
    static func returned(_ answer: ScalarCallOutcome?) -> Any? {
        // The boxed outcome is bound first: see `GaugeDouble.answer(_:_:)`.
        switch answer {
        case .outcome(let boxed)?:
            if case .returned(let value) = boxed { value } else { nil }
        case .returnedConfigured(let configured)?: configured.value
        case .returnedScalar(let kind, let word)?: kind.value(from: word)
        case .returnedVoid?: ()
        default: nil
        }
    }

    @Test(arguments: [false, true])
    func aHandlerAnswersALentCallAndTheCallIsRecordedAsOnTheGeneralPath(consuming: Bool) {
        let double = ServiceDouble()
        let pattern = double.when { $0.translate(Match.any()) }
        pattern.thenForEachCall { (count: Int, key: String) in "\(count):\(key)" }
        let keys = (0..<3).map(Self.name)
        for (index, key) in keys.enumerated() {
            let answer = Self.lentCall(double, ServiceDouble.Requirements.translate, [key], consuming: consuming)
            #expect(Self.returned(answer) as? String == "\(index + 1):\(key)")
        }
        // The general path answers the same way afterwards, counting on.
        #expect(double().translate("plain") == "4:plain")

        let recorded: [String] = double.history.arguments()
        #expect(recorded == keys + ["plain"])
        #expect(double.recorder.invocations.map(\.outcome) == Array(repeating: .computed, count: 4))
        #expect(pattern.results() == keys.enumerated().map { "\($0 + 1):\($1)" } + ["4:plain"])
        let timings = pattern.timings()
        #expect(timings.count == 4)
        #expect(timings.allSatisfy { $0.completedAt != nil && $0.duration != nil })
        let events = double.history.timeline.events
        #expect(events.allSatisfy { $0.completionSequence != nil })
        let found = issues {
            double.verify(1...1) { _ = $0.translate(Match.equal(keys[1])) }
            double.verify(4...4) { _ = $0.translate(Match.any()) }
        }
        #expect(found.isEmpty)
    }

    @Test(arguments: [false, true])
    func theLedgerKeepsALentReferenceArgumentAsLongAsItHoldsTheCall(consuming: Bool) {
        let double = ServiceDouble()
        double.when { $0.attach(Match.any()) }.then { (token: Token?) in token != nil }
        weak var kept: Token?
        do {
            let token = Token("lent")
            kept = token
            let answer = Self.lentCall(
                double, ServiceDouble.Requirements.attach, [Optional(token) as Any], consuming: consuming)
            #expect(Self.returned(answer) as? Bool == true)
        }
        #expect(kept != nil)
        do {
            let recorded: [Token?] = double.history.arguments()
            #expect(recorded.map { $0?.name } == ["lent"])
        }
        double.recorder.clearInvocations()
        #expect(kept == nil)
    }

    /// A consumed call's arguments move into the ledger and the handler reads
    /// them there: clearing the ledger while the handler runs leaves them
    /// readable to the end of the handler, and released after it.
    @Test func aConsumedCallsArgumentsOutliveAClearWhileItsHandlerRuns() {
        let double = ServiceDouble()
        let recorder = double.recorder
        weak var kept: Token?
        double.when { $0.attach(Match.any()) }.appendingCompute(
            { arguments, _ in
                recorder.clearInvocations()
                return (arguments[0] as? Token?)??.name == "lent"
            }, times: nil, site: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
        do {
            let token = Token("lent")
            kept = token
            let answer = Self.lentCall(
                double, ServiceDouble.Requirements.attach, [Optional(token) as Any], consuming: true)
            #expect(Self.returned(answer) as? Bool == true)
        }
        #expect(recorder.invocations.isEmpty)
        #expect(kept == nil)
    }

    @Test func aHandlersErrorIsThrownToTheCallerAndRecordedAsItsCompletion() {
        let double = ServiceDouble()
        let pattern = double.when { try $0.fetch(id: Match.any()) }
        pattern.then { (_: Int) throws -> String in throw ServiceError.denied }
        let answer = Self.lentCall(double, ServiceDouble.Requirements.fetch, [5], consuming: true)
        guard case .outcome(let boxed)? = answer, case .threw(let error) = boxed else {
            Issue.record("expected a thrown error, got \(String(describing: answer))")
            return
        }
        #expect(error as? ServiceError == .denied)
        #expect(pattern.timings().count == 1)
        #expect(double.history.timeline.events.first?.completionSequence != nil)
    }

    @Test func aHandlerOfParametersOfOtherTypesStillCastsAndAMisuseIsReported() throws {
        let double = ServiceDouble()
        double.when { $0.translate(Match.any()) }.then { (key: Any) in "any:\(key)" }
        let answer = Self.lentCall(double, ServiceDouble.Requirements.translate, ["k"], consuming: false)
        #expect(Self.returned(answer) as? String == "any:k")

        let lookups = ServiceDouble()
        lookups.when { $0.lookup(Match.any()) }.then { (_: Int) in 1 }
        var lookupAnswer: ScalarCallOutcome?
        let found = issues {
            lookupAnswer = Self.lentCall(
                lookups, ServiceDouble.Requirements.lookup, [String?.some("x") as Any], consuming: true)
        }
        #expect(found.count == 1)
        #expect(try #require(found.first).message.contains("lookup"))
        #expect(lookups.recorder.invocations.count == 1)
        _ = lookupAnswer
    }

    @Test func callsWithActionsAroundThemOrAMatcherFirstTakeTheGeneralPath() {
        let double = ServiceDouble()
        let seen = Locked<[String]>([])
        double.when { $0.translate(Match.any()) }
            .beforeEachCall { (key: String) in seen.withLock { $0.append(key) } }
            .then { (key: String) in key }
        #expect(Self.lentCall(double, ServiceDouble.Requirements.translate, ["a"], consuming: true) == nil)
        #expect(double.recorder.invocations.isEmpty)
        #expect(double().translate("a") == "a")
        #expect(seen.withLock { $0 } == ["a"])

        let matched = ServiceDouble()
        matched.when { $0.translate(Match.equal("b")) }.then { (key: String) in key + key }
        #expect(Self.lentCall(matched, ServiceDouble.Requirements.translate, ["b"], consuming: false) == nil)
        #expect(matched.recorder.invocations.isEmpty)
        #expect(matched().translate("b") == "bb")
    }

    @Test func aLimitedHandlerGivesWayToTheNextBehavior() {
        let double = ServiceDouble()
        double.when { $0.lookup(Match.any()) }.then(times: 1) { (_: String?) in 5 }.thenReturn(9)
        let first = Self.lentCall(double, ServiceDouble.Requirements.lookup, [String?.none as Any], consuming: true)
        #expect(Self.returned(first) as? Int == 5)
        let second = Self.lentCall(double, ServiceDouble.Requirements.lookup, [String?.none as Any], consuming: true)
        guard case .returnedScalar(.int, 9)? = second else {
            Issue.record("the next behavior is an immediate value: \(String(describing: second))")
            return
        }
        #expect(double.recorder.invocations.map(\.outcome) == [.computed, .returned])
    }
}
