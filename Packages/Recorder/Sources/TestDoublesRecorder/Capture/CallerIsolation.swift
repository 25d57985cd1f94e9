#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a synchronous recording pass may run instead of on its caller's
/// thread, read from what the caller holds.
///
/// A pass on a ``RecordingHost`` can stop at a call that needs a value no
/// source can make (a bare `Match.any()` of a class handed to something
/// that is not a double) with an issue at the line; on the caller's thread
/// the process stops. A caller on no actor loses nothing on a host: the
/// closure is nonisolated. A caller on the main queue holds the main actor
/// while it waits, which the host's thread then runs as (Swift 6.2+
/// runtimes, see ``MainExecutorRedirect``; on older ones the pass's task
/// runs isolated to the main actor's executor). A caller on any other actor
/// holds that actor while it waits too, and the pass's task runs isolated
/// to its executor (``heldActorExecutor``): the closure, isolated to that
/// actor, stays on it, as Swift checks at run time in the closures it
/// passes on (`map { … }`).
enum CallerIsolation {
    /// The two words of a `SerialExecutorRef` (identity, implementation),
    /// returned in the registers a C function returns this structure in on
    /// every supported architecture (see ``MainExecutorRedirect``).
    private typealias ExecutorWords = timespec

    /// The runtime's `swift_task_getCurrentExecutor`.
    private static let currentExecutor: (@convention(c) () -> ExecutorWords)? = {
        guard let image = dlopen(nil, RTLD_NOW), let symbol = dlsym(image, "swift_task_getCurrentExecutor") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) () -> ExecutorWords).self)
    }()

    /// Whether the calling code runs on no actor: the runtime's current
    /// executor is the generic one (identity 0); false when it cannot tell.
    static var isOnNoActor: Bool {
        guard let currentExecutor else { return false }
        return currentExecutor().tv_sec == 0
    }

    /// The executor of the actor the calling code runs on and holds, when
    /// it is neither the generic executor nor the main actor's (a global
    /// actor of the test's own, an actor's method, an actor with a custom
    /// executor); nil otherwise, or when it cannot tell.
    ///
    /// A synchronous caller that waits for its pass keeps that actor held
    /// (its thread runs the actor's job), so the pass's task may run isolated
    /// to the same executor on a host's thread: the closure, written on that
    /// actor, finds itself on it, and no job of the actor runs meanwhile.
    static var heldActorExecutor: UnownedSerialExecutor? {
        guard MemoryLayout<UnownedSerialExecutor>.size == MemoryLayout<ExecutorWords>.size,
            !MainQueue.isCurrent, let currentExecutor
        else { return nil }
        let words = currentExecutor()
        guard words.tv_sec != 0 else { return nil }
        // The main actor is served through the main queue (see `MainQueue`); never claimed from elsewhere.
        let main = unsafeBitCast(MainActor.sharedUnownedExecutor, to: ExecutorWords.self)
        guard words.tv_sec != main.tv_sec else { return nil }
        return unsafeBitCast(words, to: UnownedSerialExecutor.self)
    }

    /// The executor a synchronous caller holds while it waits for its
    /// pass, which the pass's task may then run isolated to: the main
    /// actor's for a caller on the main queue, else ``heldActorExecutor``.
    static var heldExecutor: UnownedSerialExecutor? {
        MainQueue.isCurrent ? MainActor.sharedUnownedExecutor : heldActorExecutor
    }

    /// Whether a synchronous pass started here may run on a host whatever
    /// the doubles declare: its caller is on no actor, or holds the actor
    /// it is on while it waits (the main actor on the main queue, another
    /// one: ``heldExecutor``) and the host can run as that actor (Swift 6.2+
    /// runtimes give the main actor's role to the pass's executor, see
    /// ``MainExecutorRedirect``; otherwise, where task executors exist, the
    /// pass's task runs isolated to the held executor itself).
    static var synchronousPassMayRunOnHost: Bool {
        if MainQueue.isCurrent { return MainExecutorRedirect.isAvailable || RecordingExecutor.isAvailable }
        if isOnNoActor { return true }
        return RecordingExecutor.isAvailable && heldActorExecutor != nil
    }
}
