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
/// runtimes, see ``MainExecutorRedirect``). A caller on any other actor
/// keeps its passes on its own thread, unless a double needs a host: the
/// closure, isolated to that actor, would run off it, and Swift checks that
/// isolation at run time in the closures it passes on (`map { … }`).
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

    /// Whether a synchronous pass started here may run on a host whatever
    /// the doubles declare: its caller is on the main queue and the host
    /// can run as the main actor, or on no actor.
    static var synchronousPassMayRunOnHost: Bool {
        if MainQueue.isCurrent { return MainExecutorRedirect.isAvailable }
        return isOnNoActor
    }
}
