import Foundation
import Testing

@testable import TestDoublesRecorder

/// A recorded call keeps exactly the priority `Task.currentPriority` gives
/// its caller, in a task of any priority and on a thread with no task.
@Suite struct CallerPriorityTests {
    @Test(arguments: [TaskPriority.high, .medium, .low, .background, .userInitiated, .utility])
    func insideATaskItIsTheTasksPriority(priority: TaskPriority) async {
        let (read, expected) = await Task(priority: priority) {
            (CallerPriority().rawValue, Task.currentPriority.rawValue)
        }.value
        #expect(read == expected)
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
        var expected: [UInt8] = []
        for priority in [TaskPriority.low, .high, .background] {
            expected.append(
                await Task(priority: priority) {
                    _ = gauge().add(1, true)
                    _ = gauge().describe(2)
                    return Task.currentPriority.rawValue
                }.value)
        }
        let recorded = gauge.history.timeline.events.map(\.taskPriorityRawValue)
        #expect(recorded == expected.flatMap { [$0, $0] })
    }
}
