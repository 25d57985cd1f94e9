import Synchronization
import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// Those waiting for completions (`waitForCompletion`) are told of every
/// call that finishes, including one answered in the lock hold that records
/// it (an unboxed value, a configured value), which records no separate
/// completion: otherwise a wait saw such a call only when its timeout ran out.
@Suite struct CompletionWaitTests {
    /// A count shared with an observer.
    final class Counter: Sendable {
        let value = Mutex(0)
    }

    /// Counts the completions `recorder` tells its observers of, as `waitForCompletion` hears them.
    private func countingCompletions(of recorder: InvocationRecorder) -> Counter {
        let count = Counter()
        recorder.state.withLock { state in
            state.completionObservers[state.nextObserver] = { count.value.withLock { $0 += 1 } }
            state.nextObserver += 1
        }
        return count
    }

    @Test func aCallAnsweredWithAnUnboxedValueIsToldAsFinished() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(3)
        gauge.when { $0.reset() }.thenReturn(())
        let completions = countingCompletions(of: gauge.recorder)
        #expect(gauge().add(1, true) == 3)
        gauge().reset()
        #expect(completions.value.withLock { $0 } == 2)
    }

    @Test func aCallAnsweredWithAConfiguredValueIsToldAsFinished() {
        let gauge = GaugeDouble()
        gauge.when { $0.describe(Match.any()) }.thenReturn("text")
        let completions = countingCompletions(of: gauge.recorder)
        #expect(gauge().describe(1) == "text")
        #expect(gauge().describe(2) == "text")
        #expect(completions.value.withLock { $0 } == 2)
    }
}
