#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The arrival time of a recorded call, kept as plain nanoseconds.
///
/// `ContinuousClock.Instant` is a resilient type: storing it in every ledger
/// entry made `Invocation` address-only, so each copy of an entry went
/// through value witnesses. A ledger entry keeps this trivial reading
/// instead and turns it into an instant only when asked.
///
/// On Linux the reading is the kernel's coarse monotonic clock
/// (`CLOCK_MONOTONIC_COARSE`), which the vDSO answers from memory in a few
/// nanoseconds; the precise clocks cost about 20 ns a read, more than the
/// rest of a recorded call. The kernel advances it on its timer tick
/// (`clock_getres(CLOCK_MONOTONIC_COARSE)`, 1-4 ms), so a reading is the
/// time of the last tick: a few milliseconds at most before the precise time
/// of the call, never after it, and readings never go backwards. Calls are
/// ordered by ``Invocation/sequence``, never by time.
/// It converts to the `ContinuousClock` instant of the same moment on that
/// clock's own scale (`CLOCK_BOOTTIME`). Elsewhere it is an offset from
/// `ContinuousClock.now`.
struct InvocationTime: Sendable, Hashable {
    /// Nanoseconds on the clock's own scale.
    let nanoseconds: Int64

    /// The time now.
    @inline(__always)
    static var now: InvocationTime {
        #if canImport(Glibc) || canImport(Musl)
        read(CLOCK_MONOTONIC_COARSE)
        #else
        let elapsed = ContinuousClock.now - Origin.shared.instant
        let (seconds, attoseconds) = elapsed.components
        return InvocationTime(nanoseconds: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// One reading of `clock`.
    @inline(__always)
    static func read(_ clock: clockid_t) -> InvocationTime {
        var reading = timespec()
        // Unprotected: the address-taken reading made every function that reads the clock
        // (a recorded call, a completion) set and check a stack canary.
        _ = _withUnprotectedUnsafeMutablePointer(to: &reading) { clock_gettime(clock, $0) }
        return InvocationTime(nanoseconds: Int64(reading.tv_sec) &* 1_000_000_000 &+ Int64(reading.tv_nsec))
    }
    #endif

    /// The same moment as a `ContinuousClock` instant.
    var instant: ContinuousClock.Instant {
        let origin = Origin.shared
        return origin.instant.advanced(by: .nanoseconds(nanoseconds &- origin.reading.nanoseconds))
    }

    /// One moment read on both clocks, to convert between them.
    struct Origin: Sendable {
        let instant: ContinuousClock.Instant
        let reading: InvocationTime

        static let shared: Origin = {
            #if canImport(Glibc) || canImport(Musl)
            // `ContinuousClock` reads CLOCK_BOOTTIME; the coarse readings are on
            // CLOCK_MONOTONIC's scale (it stops while the machine is suspended).
            // The instant between two precise CLOCK_MONOTONIC readings maps one
            // scale onto the other; of three tries, the closest pair.
            var best = Origin(instant: .now, reading: InvocationTime.read(CLOCK_MONOTONIC))
            var closest = Int64.max
            for _ in 0..<3 {
                let before = InvocationTime.read(CLOCK_MONOTONIC)
                let instant = ContinuousClock.now
                let gap = InvocationTime.read(CLOCK_MONOTONIC).nanoseconds &- before.nanoseconds
                if gap < closest {
                    closest = gap
                    best = Origin(instant: instant, reading: InvocationTime(nanoseconds: before.nanoseconds &+ gap / 2))
                }
            }
            return best
            #else
            return Origin(instant: .now, reading: InvocationTime(nanoseconds: 0))
            #endif
        }()
    }
}
