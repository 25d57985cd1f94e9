import Foundation
import Testing

@testable import TestDoublesRecorder

/// A recorded call keeps its task's base priority, the one the task was
/// created with, however the test awaits the task; on a thread with no task,
/// the thread's priority.
@Suite struct CallerPriorityTests {
    @Test(arguments: [TaskPriority.high, .medium, .low, .background, .userInitiated, .utility])
    func insideATaskItIsTheTasksBasePriority(priority: TaskPriority) async {
        let (read, base) = await Task(priority: priority) {
            (CallerPriority().rawValue, Task.basePriority?.rawValue)
        }.value
        #expect(read == base)
        #expect(read == priority.rawValue)
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

    /// Awaiting a task from this test escalates it to the test's priority,
    /// usually before it runs: a call made in it still records the priority
    /// the task was created with.
    @Test func aRecordedCallKeepsItsTasksPriorityThroughEscalation() async {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(1)
        gauge.when { $0.describe(Match.any()) }.thenReturn("text")
        let priorities = [TaskPriority.low, .high, .background, .utility]
        for priority in priorities {
            await Task(priority: priority) {
                _ = gauge().add(1, true)
                // Suspends: an awaiting test escalates the task by now if it had not before it ran.
                await Task.yield()
                _ = gauge().describe(2)
            }.value
        }
        let recorded = gauge.history.timeline.events.map(\.taskPriorityRawValue)
        #expect(recorded == priorities.flatMap { [$0.rawValue, $0.rawValue] })
    }
}
