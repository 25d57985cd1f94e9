import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The main actor's executor as the task of a recording pass sees it: the
/// pass's own ``RecordingExecutor``, while the pass holds the main actor on
/// an ``ActorLoan``.
///
/// A recording closure isolated to the main actor (a `@MainActor` test's)
/// that awaits another actor comes back through the main actor's executor:
/// the main queue, served by a thread that serves every main-actor job (on
/// Linux, after the async test runner's `dispatch_main()`, a libdispatch
/// worker thread draining the main queue). A synchronous call there that
/// needs a value no source can make could neither return nor park. Swift
/// 6.2 and later runtimes ask `swift_task_getMainExecutor_hook` for the main
/// actor's executor on every hop to it and every isolation check of it
/// (measured on 6.3.1: `MainActor.assertIsolated()`,
/// `MainActor.assumeIsolated` and the compiler's hops). While a pass's task
/// is registered here, the hook answers that task, and that task only, with
/// the pass's executor: the task's hops back to the main actor are enqueued
/// there, and the executor runs them on its own thread isolated to itself
/// while it holds the real main actor on a loan, so main-actor code still
/// never runs on two threads at once, and a call there may park. Every
/// other task gets the runtime's own answer.
///
/// The hook is installed once per process, only when the runtime exports it
/// and no one else installed one (then, and on Swift 6.0 and 6.1 runtimes,
/// which do not export it, ``isAvailable`` is false and such a call keeps
/// its stop). It takes no argument the runtime cares about but the original
/// function, and returns the runtime's `SerialExecutorRef`: two words,
/// which the Swift calling convention returns in the same two registers a C
/// function returns a structure of two `long`s in, on every supported
/// architecture (x86_64: rax and rdx; arm64: x0 and x1); `timespec` is such
/// a structure. The hook calls nothing that asks the main actor's executor
/// again (`withUnsafeCurrentTask` does, measured: it recursed): it finds the
/// current task through `swift_task_getCurrent`.
@_spi(TestDoublesInternals)
public enum MainExecutorRedirect {
    /// The two words of a `SerialExecutorRef` (identity, implementation).
    private typealias ExecutorWords = timespec
    /// The runtime's `swift_task_getMainExecutor` (Swift calling convention, no argument).
    private typealias Original = @convention(c) () -> ExecutorWords
    /// `swift_task_getMainExecutor_hook`'s type: the original comes in, the executor goes out.
    private typealias Hook = @convention(c) (UnsafeRawPointer) -> ExecutorWords

    /// The pass tasks registered, by address, with their executors' words.
    private static let redirected = Locked<[UnsafeRawPointer: ExecutorWords]>([:])
    /// How many tasks are registered: while none is, the hook asks no lock.
    private static let count = Atomic<Int>(0)

    /// Whether the hook is installed (done on the first read, once per
    /// process): whether a recording pass's task can get its own executor
    /// as the main actor's.
    public static var isAvailable: Bool { installation != nil }

    /// `swift_task_getCurrent`, found when the hook was installed.
    private static let installation: (@convention(c) () -> UnsafeRawPointer?)? = {
        guard let image = dlopen(nil, RTLD_NOW),
            let slot = dlsym(image, "swift_task_getMainExecutor_hook"),
            let current = dlsym(image, "swift_task_getCurrent")
        else { return nil }
        let hookSlot = slot.assumingMemoryBound(to: Hook?.self)
        // Someone else's hook stays: chaining it could answer a task another way than it expects.
        guard hookSlot.pointee == nil else { return nil }
        hookSlot.pointee = { original in MainExecutorRedirect.answer(original) }
        return unsafeBitCast(current, to: (@convention(c) () -> UnsafeRawPointer?).self)
    }()

    /// The hook's answer: the registered executor for a registered task, else the runtime's own.
    private static func answer(_ original: UnsafeRawPointer) -> ExecutorWords {
        // A task is registered only once `installation` is set, so reading it here takes no once-token wait.
        if count.load(ordering: .acquiring) > 0, let currentTask = installation, let task = currentTask(),
            let words = redirected.withLock({ $0[task] })
        {
            return words
        }
        return unsafeBitCast(original, to: Original.self)()
    }

    /// Makes `executor` the main actor's executor for the task at `task`
    /// (until ``end(task:)``); false when the hook is not available.
    static func redirect(task: UnsafeRawPointer, to executor: UnownedSerialExecutor) -> Bool {
        guard isAvailable, MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<ExecutorWords>.size else {
            return false
        }
        let words = unsafeBitCast(executor, to: ExecutorWords.self)
        let added = redirected.withLock { $0.updateValue(words, forKey: task) == nil }
        if added { count.add(1, ordering: .releasing) }
        return true
    }

    /// Gives the task at `task` the runtime's main executor again. Call it
    /// before that task ends: a later task may get the same address.
    static func end(task: UnsafeRawPointer) {
        let removed = redirected.withLock { $0.removeValue(forKey: task) != nil }
        if removed { count.subtract(1, ordering: .releasing) }
    }
}
