#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The priority of the task making a call, as a recorded call keeps it: the
/// task's base priority (`Task.basePriority`), the priority it was created
/// with or inherited, which escalation does not change.
///
/// Why the base priority and not `Task.currentPriority`: a task is escalated
/// to the priority of whoever awaits it, so the current priority of a call
/// made in `Task(priority: .background) { … }` depends on when the test
/// happened to start awaiting that task: usually before it ran, which reads
/// the test's own priority. The base priority is the one the test chose,
/// whatever the timing. Reading it is also a plain load, where the current
/// priority is a 16-byte atomic read of the task's status (`cmpxchg16b` on
/// x86_64), about 15 ns, a fifth of a recorded call.
///
/// Inside a task this asks the concurrency runtime through the entry points
/// `Task.basePriority` calls, without its reference counting and resilient
/// `TaskPriority` (the task is running this code, so it outlives the read).
/// On a thread with no task (a synchronous XCTest test, a thread of the
/// code under test) it asks the runtime for the thread's priority, through
/// the entry point `Task.currentPriority` calls there: the public property
/// took about 285 instructions a call (two task-local lookups, a resilient
/// `TaskPriority`), the entry point about 20. If the runtime did not export
/// them, it asks `Task.basePriority` and, outside a task,
/// `Task.currentPriority`.
///
/// The entry points are found by name once (`dlsym`): naming them with
/// `@_silgen_name` is reserved to the Swift runtime. Each takes at most one
/// pointer and return one word, which the Swift and C calling conventions
/// pass in the same registers on every supported architecture.
struct CallerPriority: Sendable {
    /// The runtime's entry points; nil when it does not export them.
    private let entries = RuntimeEntries.shared

    /// Finds the runtime's entry points (once per process). A recorder keeps
    /// one, so a call reads the entry points from it without taking the
    /// once-token of a lazy global.
    init() {}

    /// The raw value of the calling task's base priority, or of the calling
    /// thread's priority outside a task.
    @inline(__always)
    var rawValue: UInt8 {
        guard let entries else { return fromTaskAPI() }
        // The runtime's `JobPriority` is a word whose low byte is the raw
        // value; `Task.basePriority` and `Task.currentPriority` keep that
        // byte the same way.
        guard let task = entries.currentTask() else { return UInt8(truncatingIfNeeded: entries.threadPriority()) }
        return UInt8(truncatingIfNeeded: entries.basePriority(task))
    }

    /// The same answer through the public API, out of line (its resilient
    /// `TaskPriority` would put a metadata lookup on every caller's path).
    @inline(never)
    private func fromTaskAPI() -> UInt8 {
        (Task.basePriority ?? Task.currentPriority).rawValue
    }

    /// The concurrency runtime's entry points `Task.basePriority` calls.
    private struct RuntimeEntries: @unchecked Sendable {
        /// `swift_task_getCurrent`: the running task, unretained; nil on a thread that runs none.
        let currentTask: @convention(c) () -> OpaquePointer?
        /// `swift_task_basePriority`: a task's base priority, not escalated.
        let basePriority: @convention(c) (OpaquePointer) -> Int
        /// `swift_task_getCurrentThreadPriority`: the calling thread's
        /// priority, which `Task.currentPriority` reads outside a task.
        let threadPriority: @convention(c) () -> Int

        /// Nil when either is missing: then every read takes the public API.
        static let shared: RuntimeEntries? = {
            guard let image = dlopen(nil, RTLD_NOW),
                let current = dlsym(image, "swift_task_getCurrent"),
                let priority = dlsym(image, "swift_task_basePriority"),
                let thread = dlsym(image, "swift_task_getCurrentThreadPriority")
            else { return nil }
            return RuntimeEntries(
                currentTask: unsafeBitCast(current, to: (@convention(c) () -> OpaquePointer?).self),
                basePriority: unsafeBitCast(priority, to: (@convention(c) (OpaquePointer) -> Int).self),
                threadPriority: unsafeBitCast(thread, to: (@convention(c) () -> Int).self))
        }()
    }
}
