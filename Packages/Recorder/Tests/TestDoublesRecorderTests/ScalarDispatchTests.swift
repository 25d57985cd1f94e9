import Testing

@testable import TestDoublesRecorder

/// Calls handed to the recorder as raw words behave exactly like boxed ones:
/// recorded, matched, verified and answered the same way.
@Suite struct ScalarDispatchTests {
    /// The answer of a recorded call fits the registers a call returns in
    /// (four words): returned through memory, it cost two store-forwarding
    /// stalls a call (see ``ScalarCallOutcome/outcome(_:)``).
    @Test func anAnswerTravelsInRegisters() {
        #expect(MemoryLayout<ScalarCallOutcome>.size <= 4 * MemoryLayout<UInt64>.size)
        #expect(MemoryLayout<ScalarCallOutcome?>.size <= 4 * MemoryLayout<UInt64>.size)
    }

    @Test func scalarValuesComeBackUnboxedAndEverythingElseAsAnOutcome() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(41)
        gauge.when { $0.reset() }.thenDoNothing()
        gauge.when { $0.describe(Match.any()) }.thenReturn("text")
        // Recording passes go through the front too; keep only the real calls.
        gauge.outcomes.withLock { $0.removeAll() }
        #expect(gauge().add(1, true) == 41)
        gauge().reset()
        #expect(gauge().describe(3) == "text")
        let outcomes = gauge.outcomes.withLock { $0 }
        guard outcomes.count == 3 else {
            Issue.record("expected 3 outcomes, got \(outcomes.count)")
            return
        }
        guard case .returnedScalar(.int, 41) = outcomes[0] else {
            Issue.record("add: \(outcomes[0])")
            return
        }
        guard case .returnedVoid = outcomes[1] else {
            Issue.record("reset: \(outcomes[1])")
            return
        }
        guard case .returnedConfigured(let text) = outcomes[2], text.value as? String == "text" else {
            Issue.record("describe: \(outcomes[2])")
            return
        }
    }

    @Test func aForwardingDoublesUnmatchedScalarCallIsForwardedAndFinishedWhenRecorded() {
        let gauge = GaugeDouble(unmatchedCallPolicy: .forward)
        gauge.when { $0.add(Match.any(), Match.equal(true)) }.thenReturn(7)
        #expect(gauge().add(1, true) == 7)
        let declined = ScalarArguments(.int, 2, .bool, 0)
        // An async front's one-hold answer never forwards: the call goes on to dispatchAsync.
        #expect(gauge.recorder.answerImmediately(GaugeDouble.Requirements.add, scalars: declined) == nil)
        guard case .forward = gauge.recorder.dispatch(GaugeDouble.Requirements.add, scalars: declined) else {
            Issue.record("an unmatched call of a forwarding double is forwarded")
            return
        }
        guard case .forward = gauge.recorder.dispatch(GaugeDouble.Requirements.scale, scalars: .init(.double, 0))
        else {
            Issue.record("a requirement with no registration is forwarded")
            return
        }
        #expect(gauge.recorder.invocations.map(\.outcome) == [.returned, .forwarded, .forwarded])
        let events = gauge.history.timeline.events
        #expect(events.map(\.dispatch) == [.stubbed, .forwarded, .forwarded])
        #expect(events.allSatisfy { $0.completionSequence != nil })
        #expect(events.map(\.arguments) == [["1", "true"], ["2", "false"], ["0.0"]])
        #expect(issues { gauge.verify(1...1) { _ = $0.add(Match.equal(2), Match.equal(false)) } }.isEmpty)
    }

    @Test func argumentsAreRecordedMatchedAndVerifiedAsTheirTypes() {
        let gauge = GaugeDouble()
        let adds = gauge.when { $0.add(Match.any(), Match.equal(true)) }
        adds.then { (amount: Int, carry: Bool) in carry ? amount + 1 : amount }
        gauge.when { $0.add(Match.any(), Match.equal(false)) }.thenReturn(-1)
        #expect(gauge().add(-5, true) == -4)
        #expect(gauge().add(Int.max, false) == -1)
        #expect(gauge().add(Int.min + 1, true) == Int.min + 2)
        let recorded: [(Int, Bool)] = gauge.history.arguments()
        #expect(recorded.map(\.0) == [-5, Int.max, Int.min + 1])
        #expect(recorded.map(\.1) == [true, false, true])
        let found = issues {
            gauge.verify(2...2) { _ = $0.add(Match.any(), Match.equal(true)) }
            gauge.verify(1...1) { _ = $0.add(Match.equal(Int.max), Match.any()) }
        }
        #expect(found.isEmpty)
        #expect(
            gauge.history.invocations.map { "\($0)" } == [
                "add(-5, true)", "add(9223372036854775807, false)", "add(-9223372036854775807, true)",
            ])
    }

    @Test func narrowScalarsKeepOnlyTheirOwnBytes() {
        let gauge = GaugeDouble()
        let narrows = gauge.when { $0.narrow(Match.any()) }
        narrows.then { (value: Int8) in UInt16(bitPattern: Int16(value) * 100) }
        let scales = gauge.when { $0.scale(Match.any()) }
        scales.thenReturn(-0.0)
        #expect(gauge().narrow(-3) == UInt16(bitPattern: -300))
        #expect(gauge().narrow(127) == 12_700)
        let narrowed: [Int8] = narrows.arguments()
        #expect(narrowed == [-3, 127])
        let scaled = gauge().scale(.infinity)
        #expect(scaled == 0 && scaled.sign == .minus)
        let factors: [Double] = scales.arguments()
        #expect(factors == [.infinity])
    }

    @Test func anUnmatchedScalarCallIsReportedWithItsArguments() throws {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.equal(1), Match.any()) }.thenReturn(1)
        let found = issues { _ = gauge().add(2, false) }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("received add(2, false), which no registration matches"))
        #expect(gauge.history.invocations.first?.outcome == .unmatched)
    }

    @Test func chainsServeScalarStepsInOrderThenRepeatTheLast() {
        let gauge = GaugeDouble()
        gauge.when { $0.scale(Match.any()) }.thenReturn(1.5).thenReturn(2.5)
        #expect([gauge().scale(0), gauge().scale(0), gauge().scale(0)] == [1.5, 2.5, 2.5])
    }

    /// One value of each scalar kind, at an edge of its range.
    struct Sample: @unchecked Sendable, CustomStringConvertible {
        let kind: ScalarKind
        let value: Any
        var description: String { "\(kind) \(value)" }
    }

    static let samples: [Sample] = [
        Sample(kind: .int, value: -7), Sample(kind: .int64, value: Int64.min), Sample(kind: .int32, value: Int32(-2)),
        Sample(kind: .int16, value: Int16(-300)), Sample(kind: .int8, value: Int8(-1)),
        Sample(kind: .uint, value: UInt.max), Sample(kind: .uint64, value: UInt64(1) << 63),
        Sample(kind: .uint32, value: UInt32.max), Sample(kind: .uint16, value: UInt16(65_000)),
        Sample(kind: .uint8, value: UInt8(200)), Sample(kind: .bool, value: true), Sample(kind: .double, value: -1.25),
        Sample(kind: .float, value: Float(3.5)),
    ]

    @Test(arguments: samples)
    func everyKindRoundTripsThroughAWord(sample: Sample) throws {
        let kind = sample.kind
        #expect(ScalarKind(type(of: sample.value)) == kind)
        #expect(ObjectIdentifier(kind.type) == ObjectIdentifier(type(of: sample.value)))
        let word = try #require(kind.word(of: sample.value))
        #expect(kind.byteCount == 8 || word >> UInt64(kind.byteCount * 8) == 0)
        #expect(String(reflecting: kind.value(from: word)) == String(reflecting: sample.value))
        #expect(kind.word(of: "not a scalar") == nil)
    }

    @Test func wordsKeepOnlyTheirOwnBytesAndExactTypes() {
        #expect(ScalarKind.bool.word(of: false) == 0)
        #expect(ScalarKind.bool.word(of: true) == 1)
        #expect(ScalarKind.int32.word(of: Int32(-2)) == 0xFFFF_FFFE)
        #expect(ScalarKind.int8.word(of: Int8.min) == 0x80)
        #expect(ScalarKind.float.word(of: Float(-0.0)) == 0x8000_0000)
        #expect(ScalarKind.double.word(of: -Double.infinity) == (-Double.infinity).bitPattern)
        // Another scalar type is not this kind.
        #expect(ScalarKind.int.word(of: Int64(1)) == nil)
        #expect(ScalarKind.int32.word(of: UInt32(1)) == nil)
    }
}

/// Registrations whose matchers test raw words (`any()`, `equal` of a
/// scalar, captures) pick the same registration, in the same order, as the
/// boxed path: the first in `when` order that matches and has a behavior left.
@Suite struct ScalarMatchingTests {
    @Test func theFirstMatchingRegistrationAnswersWithoutBoxing() throws {
        let gauge = GaugeDouble()
        for amount in 0..<8 { gauge.when { $0.add(Match.equal(amount), Match.any()) }.thenReturn(amount * 10) }
        gauge.when { $0.add(Match.any(), Match.equal(true)) }.thenReturn(-1)
        gauge.outcomes.withLock { $0.removeAll() }
        #expect(gauge().add(7, false) == 70)
        #expect(gauge().add(0, true) == 0)
        #expect(gauge().add(9, true) == -1)
        let served = gauge.outcomes.withLock { $0 }.map { outcome -> Bool in
            if case .returnedScalar = outcome { return true }
            return false
        }
        #expect(served == [true, true, true])
        let found = issues { _ = gauge().add(9, false) }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("received add(9, false), which no registration matches"))
        #expect(gauge.history.invocations.map(\.registration) == [8, 1, 9, nil])
    }

    @Test func floatingPointEqualityIsTheTypesOwn() {
        let gauge = GaugeDouble()
        gauge.when { $0.scale(Match.equal(0.0)) }.thenReturn(1)
        gauge.when { $0.scale(Match.equal(Double.nan)) }.thenReturn(2)
        gauge.when { $0.scale(Match.any()) }.thenReturn(3)
        #expect(gauge().scale(-0.0) == 1)
        #expect(gauge().scale(0.0) == 1)
        // NaN equals nothing, itself included.
        #expect(gauge().scale(.nan) == 3)
        #expect(gauge().scale(5) == 3)
    }

    @Test func aMatcherWithoutAWordTestHandsTheCallToTheBoxedPathInOrder() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.greaterThan(5), Match.any()) }.thenReturn(1)
        gauge.when { $0.add(Match.equal(9), Match.any()) }.thenReturn(2)
        gauge.outcomes.withLock { $0.removeAll() }
        // The first registration (no word test) matches 9 and must win.
        #expect(gauge().add(9, false) == 1)
        var unmatched = 0
        #expect(issues { unmatched = gauge().add(3, false) }.count == 1)
        #expect(unmatched == 0)
        let outcomes = gauge.outcomes.withLock { $0 }
        guard outcomes.count == 2, case .outcome = outcomes[0] else {
            Issue.record("expected boxed outcomes, got \(outcomes)")
            return
        }
    }

    @Test func aUsedUpRegistrationLetsTheNextOneAnswer() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.equal(1), Match.any()) }.thenReturn(10, times: 2)
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(99)
        #expect([gauge().add(1, true), gauge().add(1, true), gauge().add(1, true)] == [10, 10, 99])
        #expect(gauge.history.invocations.map(\.registration) == [1, 1, 2])
    }

    @Test func aHandlerStepIsServedByTheBoxedPathAndTheChainGoesOn() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.equal(4), Match.equal(false)) }
            .thenReturn(1)
            .then { (amount: Int, _: Bool) in amount * 100 }
            .thenReturn(3)
        #expect([gauge().add(4, false), gauge().add(4, false), gauge().add(4, false)] == [1, 400, 3])
    }

    @Test func literalArgumentsInARecordingMatchByEquality() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(2, true) }.thenReturn(5)
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        #expect(gauge().add(2, true) == 5)
        #expect(gauge().add(2, false) == 0)
        #expect(gauge().add(3, true) == 0)
    }

    @Test func aConfiguredValueThatIsNotAScalarIsAnsweredAndFinishedOnceInOrder() {
        let gauge = GaugeDouble()
        let describes = gauge.when { $0.describe(Match.any()) }
        describes.thenReturn("first", times: 1).thenReturn("then")
        gauge.outcomes.withLock { $0.removeAll() }
        #expect([gauge().describe(1), gauge().describe(2), gauge().describe(3)] == ["first", "then", "then"])
        // Answered in the lane by reference to the configured value, which the front copies.
        let outcomes = gauge.outcomes.withLock { $0 }
        #expect(outcomes.count == 3)
        for outcome in outcomes {
            guard case .returnedConfigured(let configured) = outcome, configured.value is String else {
                Issue.record("expected a configured String, got \(outcome)")
                return
            }
        }
        // One completion per call: answered in the hold that recorded it, the call finished as it arrived,
        // before the next call's arrival.
        #expect(describes.results() == ["first", "then", "then"])
        let events = gauge.history.timeline.events
        #expect(events.count == 3)
        let completions = events.compactMap(\.completionSequence)
        #expect(completions.count == 3)
        for (index, event) in events.enumerated() {
            guard let completion = event.completionSequence else { continue }
            #expect(completion == event.id)
            if index + 1 < events.count { #expect(completion < events[index + 1].id) }
        }
        #expect(gauge.history.invocations.map(\.registration) == [1, 1, 1])
        #expect(issues { gauge.verify(3...3) { _ = $0.describe(Match.any()) } }.isEmpty)
    }

    @Test func aValueStepBehindAMatcherTheLaneCannotRunTakesTheGeneralPath() {
        let gauge = GaugeDouble()
        gauge.when { $0.describe(Match.matching { (value: Int) in value > 5 }) }.thenReturn("large")
        gauge.when { $0.describe(Match.any()) }.thenReturn("small")
        #expect([gauge().describe(9), gauge().describe(1)] == ["large", "small"])
        #expect(gauge.history.invocations.map(\.registration) == [1, 2])
    }
}
