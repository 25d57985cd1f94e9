#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The priority of the task making a call, as a recorded call keeps it.
///
/// `Task.currentPriority` retains and releases the current task around its
/// read, and outside the concurrency library `TaskPriority` is a resilient
/// type (its metadata is looked up and each value copied and destroyed
/// through value witnesses): about 110 instructions a call, an eighth of a
/// recorded scalar call. Inside a task this asks the concurrency runtime the
/// same question through the same two entry points `Task.currentPriority`
/// calls, without the reference counting (the task is running this code, so
/// it outlives the read). Outside a task, or if the runtime did not export
/// them, it asks `Task.currentPriority`, which then reads the thread's priority.
///
/// The entry points are found by name once (`dlsym`): naming them with
/// `@_silgen_name` is reserved to the Swift runtime. Both take at most one
/// pointer and return one word, which the Swift and C calling conventions
/// pass in the same registers on every supported architecture.
struct CallerPriority: Sendable {
    /// The runtime's entry points; nil when it does not export them.
    private let entries = RuntimeEntries.shared

    /// Finds the runtime's entry points (once per process). A recorder keeps
    /// one, so a call reads the entry points from it without taking the
    /// once-token of a lazy global.
    init() {}

    /// The raw value of `Task.currentPriority` on the calling thread.
    @inline(__always)
    var rawValue: UInt8 {
        if let entries, let task = entries.currentTask() {
            // The runtime's `JobPriority` is a word whose low byte is the
            // raw value; `Task.currentPriority` keeps that byte the same way.
            return UInt8(truncatingIfNeeded: entries.currentPriority(task))
        }
        return outsideTask()
    }

    /// `Task.currentPriority` itself, out of line (its resilient
    /// `TaskPriority` would put a metadata lookup on every caller's path).
    @inline(never)
    private func outsideTask() -> UInt8 {
        Task.currentPriority.rawValue
    }

    /// The concurrency runtime's entry points `Task.currentPriority` calls.
    private struct RuntimeEntries: @unchecked Sendable {
        /// `swift_task_getCurrent`: the running task, unretained; nil on a thread that runs none.
        let currentTask: @convention(c) () -> OpaquePointer?
        /// `swift_task_currentPriority`: a task's priority (its base priority, escalated if it was).
        let currentPriority: @convention(c) (OpaquePointer) -> Int

        /// Nil when either is missing: then every read takes `Task.currentPriority`.
        static let shared: RuntimeEntries? = {
            guard let image = dlopen(nil, RTLD_NOW),
                let current = dlsym(image, "swift_task_getCurrent"),
                let priority = dlsym(image, "swift_task_currentPriority")
            else { return nil }
            return RuntimeEntries(
                currentTask: unsafeBitCast(current, to: (@convention(c) () -> OpaquePointer?).self),
                currentPriority: unsafeBitCast(priority, to: (@convention(c) (OpaquePointer) -> Int).self))
        }()
    }
}
