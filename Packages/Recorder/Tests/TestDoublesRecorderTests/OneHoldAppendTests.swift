import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A lent call served in one hold is recorded by one append whether it is
/// answered in that hold (an unboxed `thenReturn` value) or by a handler
/// after it: the handler's call is recorded without an answer, its
/// completion numbered after its arrival and before any later call, and
/// those observing completions are told once per call, when it finished
/// (at arrival for an answered call, after the handler for a handled one).
@Suite struct OneHoldAppendTests {
    /// What the observers of a double were told, counted.
    final class Notices: Sendable {
        let completions = Locked(0)
        let entries = Locked(0)
    }

    /// Counts the double's completion notices, and entry notices with `entries`, from now on.
    static func watch(_ double: ServiceDouble, entries: Bool = true) -> Notices {
        let notices = Notices()
        if entries { _ = double.recorder.addObserver(nil) { _ in notices.entries.withLock { $0 += 1 } } }
        double.recorder.state.withLock { state in
            let id = state.nextObserver
            state.nextObserver += 1
            state.completionObservers[id] = { notices.completions.withLock { $0 += 1 } }
        }
        return notices
    }

    /// The ledger entry of call `position` and its completion, as readers see them.
    static func record(_ double: ServiceDouble, _ position: Int) -> (entry: Ledger.Entry, completion: CallCompletion?) {
        let (ledger, _, completions) = double.recorder.completionSnapshot(of: nil)
        let entry = ledger.entry(at: position)
        return (entry, completions[position] ?? CallCompletion(immediate: entry, in: ledger))
    }

    @Test(arguments: [false, true])
    func aHandledCallAndAnAnsweredCallAreRecordedAndCompletedInOrder(consuming: Bool) throws {
        let double = ServiceDouble()
        let notices = Self.watch(double)
        // What the handler saw of its own call while it ran.
        let seen = Locked<[(completions: Int, entries: Int, running: Int)]>([])
        double.when { $0.lookup(Match.any()) }.then { [weak recorder = double.recorder] (key: String?) in
            seen.withLock { seen in
                seen.append(
                    (
                        notices.completions.withLock { $0 }, notices.entries.withLock { $0 },
                        recorder?.state.withLock { $0.runningHandlers.count } ?? -1
                    ))
            }
            return (key?.count ?? 0) * 10
        }
        double.when { $0.tags(Match.any()) }.thenReturn(3)
        let key = LentHandlerDispatchTests.name(1)

        let first = LentHandlerDispatchTests.lentCall(
            double, ServiceDouble.Requirements.lookup, [Optional(key) as Any], consuming: consuming)
        #expect(LentHandlerDispatchTests.returned(first) as? Int == key.count * 10)
        let second = LentHandlerDispatchTests.lentCall(
            double, ServiceDouble.Requirements.tags, [["a", "b"]], consuming: consuming)
        #expect(LentHandlerDispatchTests.returned(second) as? Int == 3)
        let third = LentHandlerDispatchTests.lentCall(
            double, ServiceDouble.Requirements.lookup, [String?.none as Any], consuming: consuming)
        #expect(LentHandlerDispatchTests.returned(third) as? Int == 0)

        // Each handler ran with its call recorded and observed, running, and not yet completed.
        let runs = seen.withLock { $0 }
        #expect(runs.map(\.entries) == [1, 3])
        #expect(runs.map(\.completions) == [0, 2])
        #expect(runs.map(\.running) == [1, 1])
        #expect(double.recorder.state.withLock { $0.runningHandlers.count } == 0)
        // One notice of each kind per call: an answered call's completion at its arrival, a handled one's after it.
        #expect(notices.entries.withLock { $0 } == 3)
        #expect(notices.completions.withLock { $0 } == 3)

        let records = (0..<3).map { Self.record(double, $0) }
        // The handled calls keep no answer in their entries; the answered call keeps its own.
        #expect(records.map(\.entry.answerKind) == [0, ScalarKind.int.rawValue, 0])
        #expect(records[0].entry.immediateResult == nil)
        #expect(records[1].entry.immediateResult as? Int == 3)
        #expect(records.map(\.entry.outcome) == [.computed, .returned, .computed])
        // Arrival, then completion, then the next call's arrival: numbers and times in that order.
        let completions = try records.map { try #require($0.completion) }
        let numbers = zip(records, completions).flatMap { [$0.entry.sequence, $1.sequence] }
        #expect(numbers == numbers.sorted() && Set(numbers).count == 5)
        #expect(completions[1].sequence == records[1].entry.sequence)
        let times = zip(records, completions).flatMap { [$0.entry.arrival, $1.reading] }
        #expect(times.map(\.nanoseconds) == times.map(\.nanoseconds).sorted())
        #expect(
            completions.map { completion -> Int? in
                if case .returned(let value) = completion.answer { value as? Int } else { nil }
            } == [key.count * 10, 3, 0])
    }

    /// With no one observing entries, those observing completions are still
    /// told of each call once it finished: an answered call at its arrival,
    /// a handled one after its handler.
    @Test(arguments: [false, true])
    func completionsAreToldWithNoEntryObserver(consuming: Bool) {
        let double = ServiceDouble()
        let notices = Self.watch(double, entries: false)
        double.when { $0.lookup(Match.any()) }.then { (key: String?) in key?.count ?? 0 }
        double.when { $0.tags(Match.any()) }.thenReturn(3)
        let answered = LentHandlerDispatchTests.lentCall(
            double, ServiceDouble.Requirements.tags, [["a"]], consuming: consuming)
        #expect(LentHandlerDispatchTests.returned(answered) as? Int == 3)
        #expect(notices.completions.withLock { $0 } == 1)
        let handled = LentHandlerDispatchTests.lentCall(
            double, ServiceDouble.Requirements.lookup, [Optional("abc") as Any], consuming: consuming)
        #expect(LentHandlerDispatchTests.returned(handled) as? Int == 3)
        #expect(notices.completions.withLock { $0 } == 2)
        #expect(notices.entries.withLock { $0 } == 0)
    }
}
