import Testing

@testable import TestDoublesRecorder

@Suite struct ConcurrencyTests {
    @Test func eightTasksOfTenThousandCallsAreEachRecordedExactlyOnce() async {
        let double = ServiceDouble()
        let answers = double.when { $0.isEnabled(Match.any(), for: Match.any()) }
            .then { (_: String, id: Int) in id.isMultiple(of: 2) }
        let service = double
        let correct = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var correct = 0
                    for call in 0..<10_000 {
                        let id = task * 10_000 + call
                        if service.isEnabled("t\(task)", for: id) == id.isMultiple(of: 2) { correct += 1 }
                    }
                    return correct
                }
            }
            return await group.reduce(0, +)
        }
        #expect(correct == 80_000)
        answers.verify(.exactly(80_000))
        let ids: [Int] = double.history.invocations.map { $0.arguments[1] as! Int }
        #expect(ids.count == 80_000)
        #expect(Set(ids).count == 80_000)
        let sequences = double.history.invocations.map(\.sequence)
        #expect(sequences == sequences.sorted())
        #expect(Set(sequences).count == 80_000)
    }
}
