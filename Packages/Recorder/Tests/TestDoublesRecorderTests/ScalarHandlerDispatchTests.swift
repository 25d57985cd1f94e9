import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A typed `then` handler whose result is `()` or a scalar answers a call
/// served in one hold unboxed (`.returnedScalar`, `.returnedVoid`), and the
/// call is recorded exactly as when it answers boxed: the same arguments,
/// outcome, results, errors and issues.
@Suite struct ScalarHandlerDispatchTests {
    typealias Lent = LentHandlerDispatchTests

    @Test(arguments: [false, true])
    func anIntHandlerAnswersUnboxedAndItsResultIsRecordedBoxed(consuming: Bool) {
        let double = ServiceDouble()
        let pattern = double.when { $0.lookup(Match.any()) }
        pattern.then { (key: String?) in (key?.count ?? 0) * 10 - 7 }
        let keys: [String?] = ["abc", nil, "a longer key on the heap, past fifteen bytes"]
        for key in keys {
            let answer = Lent.lentCall(double, ServiceDouble.Requirements.lookup, [key as Any], consuming: consuming)
            let expected = (key?.count ?? 0) * 10 - 7
            guard case .returnedScalar(.int, let word)? = answer else {
                Issue.record("expected an unboxed Int, got \(String(describing: answer))")
                return
            }
            #expect(Int(truncatingIfNeeded: word) == expected)
        }
        let recorded: [String?] = double.history.arguments()
        #expect(recorded == keys)
        #expect(double.recorder.invocations.map(\.outcome) == [.computed, .computed, .computed])
        #expect(pattern.results() == keys.map { ($0?.count ?? 0) * 10 - 7 })
        #expect(pattern.timings().allSatisfy { $0.completedAt != nil })
        let found = issues { double.verify(1...1) { _ = $0.lookup(Match.equal(nil)) } }
        #expect(found.isEmpty)
    }

    @Test func boolAndCountedHandlersAnswerTheirOwnKinds() {
        let double = ServiceDouble()
        double.when { $0.attach(Match.any()) }.then { (token: Token?) in token == nil }
        let answer = Lent.lentCall(double, ServiceDouble.Requirements.attach, [Token?.none as Any], consuming: true)
        guard case .returnedScalar(.bool, 1)? = answer else {
            Issue.record("expected an unboxed true, got \(String(describing: answer))")
            return
        }
        let other = Lent.lentCall(
            double, ServiceDouble.Requirements.attach, [Optional(Token("t")) as Any], consuming: false)
        guard case .returnedScalar(.bool, 0)? = other else {
            Issue.record("expected an unboxed false, got \(String(describing: other))")
            return
        }
        #expect(double.recorder.invocations.count == 2)
    }

    @Test(arguments: [false, true])
    func aVoidHandlerRunsAndAnswersVoid(consuming: Bool) {
        let double = ServiceDouble()
        let seen = Locked<[Int]>([])
        let pattern = double.when { $0.track(event: Match.any(), value: Match.any()) }
        pattern.then { (_: String, value: Int) in seen.withLock { $0.append(value) } }
        let answer = Lent.lentCall(
            double, ServiceDouble.Requirements.track, ["opened", 3], consuming: consuming)
        guard case .returnedVoid? = answer else {
            Issue.record("expected an unboxed (), got \(String(describing: answer))")
            return
        }
        #expect(seen.withLock { $0 } == [3])
        #expect(double.recorder.invocations.map(\.outcome) == [.computed])
        #expect(pattern.timings().first?.completedAt != nil)
    }

    @Test func aMisusedScalarHandlerIsReportedAndAnswersBoxed() throws {
        let double = ServiceDouble()
        double.when { $0.tags(Match.any()) }.then { (_: Int) in 1 }
        var answer: ScalarCallOutcome?
        let found = issues {
            answer = Lent.lentCall(double, ServiceDouble.Requirements.tags, [["a"]], consuming: true)
        }
        #expect(found.count == 1)
        #expect(try #require(found.first).message.contains("tags"))
        guard case .outcome? = answer else {
            Issue.record("a misuse answers as the general path does, got \(String(describing: answer))")
            return
        }
        #expect(double.recorder.invocations.count == 1)
    }

    /// A requirement that cannot throw: the handler's error is reported, as on the general path.
    @Test func aScalarHandlersErrorIsHandledAsTheGeneralPathHandlesIt() throws {
        let double = ServiceDouble()
        let pattern = double.when { $0.lookup(Match.any()) }
        pattern.then { (_: String?) throws -> Int in throw ServiceError.denied }
        var answer: ScalarCallOutcome?
        let found = issues {
            answer = Lent.lentCall(double, ServiceDouble.Requirements.lookup, [String?.none as Any], consuming: true)
        }
        #expect(found.count == 1)
        #expect(try #require(found.first).message.contains("cannot throw"))
        guard case .outcome? = answer else {
            Issue.record("expected the general path's answer, got \(String(describing: answer))")
            return
        }
        #expect(pattern.timings().count == 1)
    }
    /// A scalar or `()` handler answer is kept unboxed in the completion
    /// log; read back, it is exactly what the boxed completion gives: the
    /// same value, bit for bit (`-0.0`, a NaN payload), and `()` for `Void`.
    @Test func anUnboxedCompletionReadsBackAsTheBoxedOne() {
        let payload = Float(bitPattern: 0x7FC0_1234)
        let cases: [(ImmediateAnswer, Any)] = [
            (.scalar(.double, (-0.0 as Double).bitPattern), -0.0 as Double),
            (.scalar(.float, UInt64(payload.bitPattern)), payload),
            (.scalar(.int8, UInt64(truncatingIfNeeded: Int8.min)), Int8.min),
            (.scalar(.bool, 1), true),
            (.void, ()),
        ]
        for (unboxed, value) in cases {
            let fromWord = CallCompletion(unboxed, sequence: 7, time: InvocationTime(nanoseconds: 11))
            let boxed = CallCompletion(.returned(value), sequence: 7, time: InvocationTime(nanoseconds: 11))
            #expect(fromWord.sequence == boxed.sequence && fromWord.reading == boxed.reading)
            guard case .returned(let read) = fromWord.answer, case .returned(let expected) = boxed.answer else {
                Issue.record("expected a returned answer for \(unboxed)")
                continue
            }
            #expect(type(of: read) == type(of: expected))
            #expect(String(reflecting: read) == String(reflecting: expected))
            if let read = read as? Double, let expected = expected as? Double {
                #expect(read.bitPattern == expected.bitPattern)
            }
            if let read = read as? Float, let expected = expected as? Float {
                #expect(read.bitPattern == expected.bitPattern)
            }
        }
    }
}
