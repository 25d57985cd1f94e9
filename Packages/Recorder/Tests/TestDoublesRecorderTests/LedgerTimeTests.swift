import Testing

@testable import TestDoublesRecorder

@Suite struct LedgerTimeTests {
    @Test func arrivalTimesAreContinuousClockInstantsInCallOrder() {
        let double = ServiceDouble()
        double.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let before = ContinuousClock.now
        for value in 0..<3 { double().track(event: "tick", value: value) }
        let after = ContinuousClock.now
        let calls = double.recorder.invocations
        #expect(calls.count == 3)
        // Each call read the clock once, on this thread, in call order.
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.time <= $1.time })
        // The stored reading converts to the ContinuousClock's own scale (a
        // wrong clock would be off by the boot time or the suspended time).
        // The coarse clock lags the precise one by up to a few ticks, and the
        // conversion's own reads add well under a millisecond; the slack covers both.
        let slack = Duration.milliseconds(50)
        #expect(calls.allSatisfy { before - slack <= $0.time && $0.time <= after + slack })
    }

    @Test func timeConversionRoundTripsThroughTheOrigin() {
        let origin = InvocationTime.Origin.shared
        let later = InvocationTime(nanoseconds: origin.reading.nanoseconds + 1_500)
        #expect(later.instant - origin.instant == .nanoseconds(1_500))
        #expect(origin.reading.instant == origin.instant)
    }

    @Test func anyArgumentPatternCountsOnlyItsRequirementsCalls() {
        let double = ServiceDouble()
        let tracks = double.when { $0.track(event: Match.any(), value: Match.any()) }
        tracks.thenDoNothing()
        double.when { $0.translate(Match.any()) }.thenReturn("t")
        for value in 0..<5 { double().track(event: "e\(value)", value: value) }
        _ = double().translate("x")
        _ = double().translate("y")
        let found = issues {
            tracks.verify(5...5)
            double.verify(2...2) { _ = $0.translate(Match.any()) }
            double.verify(1...1) { _ = $0.translate(Match.equal("y")) }
        }
        #expect(found.isEmpty)
        let failures = issues { tracks.verify(4...4) }
        #expect(failures.count == 1)
    }
}
