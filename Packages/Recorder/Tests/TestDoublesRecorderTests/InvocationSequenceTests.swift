import Synchronization
import Testing

@testable import TestDoublesRecorder

@Suite struct InvocationSequenceTests {
    @Test func numbersIncreaseWithinOneThread() {
        let first = InvocationSequence.next()
        let second = InvocationSequence.next()
        #expect(first >= 1)
        #expect(second > first)
    }

    @Test func concurrentCallersNeverShareANumber() async {
        let numbers = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<1_000).map { _ in InvocationSequence.next() } }
            }
            var all: [UInt64] = []
            for await part in group { all += part }
            return all
        }
        #expect(numbers.count == 8_000)
        #expect(Set(numbers).count == 8_000)
    }
}
