import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A call whose arguments arrive boxed, served in one lock hold because the
/// requirement's first registration is a catch-all whose next answer is a
/// configured scalar or `Void`, is recorded, answered, completed and
/// verified exactly as the general path would: arguments kept, chains
/// consumed once per call, hooks still run.
@Suite struct BoxedImmediateDispatchTests {
    /// Strings long enough to live on the heap, built at run time.
    static func names(_ count: Int) -> [String] {
        (0..<count).map { String(repeating: "flag-\($0)-", count: 6) }
    }

    @Test func aCatchAllAnswerKeepsTheArgumentsTheAnswersAndTheCompletions() {
        let flags = ServiceDouble()
        let pattern = flags.when { $0.isEnabled(Match.any(), for: Match.any()) }
        pattern.thenReturn(true, false)
        let names = Self.names(3)
        #expect(flags().isEnabled(names[0], for: 1) == true)
        #expect(flags().isEnabled(names[1], for: 2) == false)
        #expect(flags().isEnabled(names[2], for: 3) == false)

        let recorded: [(String, Int)] = flags.history.arguments()
        #expect(recorded.map(\.0) == names)
        #expect(recorded.map(\.1) == [1, 2, 3])
        #expect(pattern.results() == [true, false, false])
        let timings = pattern.timings()
        #expect(timings.count == 3)
        #expect(timings.allSatisfy { $0.completedAt != nil && $0.duration != nil })
        #expect(flags.history.timeline.events.allSatisfy { $0.completionSequence != nil })
        let found = issues {
            flags.verify(1...1) { _ = $0.isEnabled(Match.equal(names[1]), for: Match.any()) }
            flags.verify(3...3) { _ = $0.isEnabled(Match.any(), for: Match.any()) }
        }
        #expect(found.isEmpty)
    }

    @Test func actionsAroundTheCallsStillRun() {
        let flags = ServiceDouble()
        let seen = Locked<[String]>([])
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }
            .beforeEachCall { (flag: String) in seen.withLock { $0.append(flag) } }
            .thenReturn(true)
        let names = Self.names(2)
        #expect(flags().isEnabled(names[0], for: 1))
        #expect(flags().isEnabled(names[1], for: 2))
        #expect(seen.withLock { $0 } == names)
    }

    @Test func concurrentCallsConsumeEachStepOnceAndAreAllRecorded() async {
        let flags = ServiceDouble()
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(true, times: 300).thenReturn(false)
        let names = Self.names(8)
        let trues = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var count = 0
                    for call in 0..<100 where flags().isEnabled(names[task], for: call) { count += 1 }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(trues == 300)
        let recorded: [(String, Int)] = flags.history.arguments()
        #expect(recorded.count == 800)
        for (task, name) in names.enumerated() {
            #expect(recorded.filter { $0.0 == name }.map(\.1).sorted() == Array(0..<100), "task \(task)")
        }
    }
}
