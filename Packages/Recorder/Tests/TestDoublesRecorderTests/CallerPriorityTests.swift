import Foundation
import Testing

@testable import TestDoublesRecorder

/// A recorded call keeps exactly the priority `Task.currentPriority` gives
/// its caller, in a task of any priority and on a thread with no task.
@Suite struct CallerPriorityTests {
    @Test(arguments: [TaskPriority.high, .medium, .low, .background, .userInitiated, .utility])
    func insideATaskItIsTheTasksPriority(priority: TaskPriority) async {
        // Awaiting the task's value escalates it to this test's priority, which may happen between two
        // reads (seen under TSan: 9 read, then 21): the reading is the priority just before or just after.
        let (before, read, after) = await Task(priority: priority) {
            let before = Task.currentPriority.rawValue
            let read = CallerPriority().rawValue
            return (before, read, Task.currentPriority.rawValue)
        }.value
        #expect(read == before || read == after, "\(before) ≤ \(read) ≤ \(after)")
    }

    @Test func onAThreadWithNoTaskItIsTheThreadsPriority() async {
        let readings = await withCheckedContinuation { (continuation: CheckedContinuation<(UInt8, UInt8), Never>) in
            let thread = Thread {
                continuation.resume(returning: (CallerPriority().rawValue, Task.currentPriority.rawValue))
            }
            thread.start()
        }
        #expect(readings.0 == readings.1)
    }

    @Test func aRecordedCallKeepsItsCallersPriority() async {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(1)
        gauge.when { $0.describe(Match.any()) }.thenReturn("text")
        // The priority each call's task had just before and just after it: awaiting a
        // task's value escalates it to the waiter's priority, which may happen in between.
        var bounds: [(UInt8, UInt8)] = []
        for priority in [TaskPriority.low, .high, .background] {
            bounds += await Task(priority: priority) {
                var taken: [(UInt8, UInt8)] = []
                var before = Task.currentPriority.rawValue
                _ = gauge().add(1, true)
                taken.append((before, Task.currentPriority.rawValue))
                before = Task.currentPriority.rawValue
                _ = gauge().describe(2)
                taken.append((before, Task.currentPriority.rawValue))
                return taken
            }.value
        }
        let recorded = gauge.history.timeline.events.map(\.taskPriorityRawValue)
        #expect(recorded.count == bounds.count)
        for (value, bound) in zip(recorded, bounds) {
            #expect(value == bound.0 || value == bound.1, "recorded \(value), the task had \(bound)")
        }
    }
}
