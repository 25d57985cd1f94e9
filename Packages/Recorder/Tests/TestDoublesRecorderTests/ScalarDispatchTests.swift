import Testing

@testable import TestDoublesRecorder

/// Calls handed to the recorder as raw words behave exactly like boxed ones:
/// recorded, matched, verified and answered the same way.
@Suite struct ScalarDispatchTests {
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
        guard case .outcome(.returned(let text)) = outcomes[2], text as? String == "text" else {
            Issue.record("describe: \(outcomes[2])")
            return
        }
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

    @Test func anUnmatchedScalarCallIsReportedWithItsArguments() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.equal(1), Match.any()) }.thenReturn(1)
        let found = issues { _ = gauge().add(2, false) }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("received add(2, false), which no registration matches") == true)
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
}
