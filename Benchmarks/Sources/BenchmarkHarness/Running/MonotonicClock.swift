#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from the monotonic clock.
public enum MonotonicClock {
    /// The current time in nanoseconds.
    ///
    /// - Returns: Nanoseconds since an arbitrary fixed point.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The CPU time the calling thread has used, in nanoseconds.
    ///
    /// - Returns: Nanoseconds of the thread's user and system time.
    public static func threadCPUNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
