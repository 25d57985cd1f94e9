import Foundation
import Testing

@testable import TestDoublesRecorder

@Suite struct ConcurrencyTests {
    /// Calls per task: 10,000, or fewer when `TESTDOUBLES_STRESS_CALLS` asks
    /// (qemu and ThreadSanitizer runs, where each contended call costs far more).
    static let callsPerTask = min(
        10_000,
        ProcessInfo.processInfo.environment["TESTDOUBLES_STRESS_CALLS"].flatMap(Int.init).map { max(1, $0) }
            ?? 10_000)

    @Test func eightTasksOfTenThousandCallsAreEachRecordedExactlyOnce() async {
        let perTask = Self.callsPerTask
        let total = 8 * perTask
        let double = ServiceDouble()
        let answers = double.when { $0.isEnabled(Match.any(), for: Match.any()) }
            .then { (_: String, id: Int) in id.isMultiple(of: 2) }
        let service = double
        let correct = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var correct = 0
                    for call in 0..<perTask {
                        let id = task * perTask + call
                        if service.isEnabled("t\(task)", for: id) == id.isMultiple(of: 2) { correct += 1 }
                    }
                    return correct
                }
            }
            return await group.reduce(0, +)
        }
        #expect(correct == total)
        answers.verify(.exactly(total))
        let ids: [Int] = double.history.invocations.map { $0.arguments[1] as! Int }
        #expect(ids.count == total)
        #expect(Set(ids).count == total)
        let sequences = double.history.invocations.map(\.sequence)
        #expect(sequences == sequences.sorted())
        #expect(Set(sequences).count == total)
    }
}
