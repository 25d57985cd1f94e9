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
/// On Linux the reading is `CLOCK_BOOTTIME`, the clock `ContinuousClock`
/// reads, so the instant it converts to is the one `ContinuousClock.now`
/// would have returned; elsewhere it is an offset from `ContinuousClock.now`.
struct InvocationTime: Sendable, Hashable {
    /// Nanoseconds on the clock's own scale.
    let nanoseconds: Int64

    /// The time now.
    @inline(__always)
    static var now: InvocationTime {
        #if canImport(Glibc) || canImport(Musl)
        var reading = timespec()
        clock_gettime(CLOCK_BOOTTIME, &reading)
        return InvocationTime(nanoseconds: Int64(reading.tv_sec) &* 1_000_000_000 &+ Int64(reading.tv_nsec))
        #else
        let elapsed = ContinuousClock.now - Origin.shared.instant
        let (seconds, attoseconds) = elapsed.components
        return InvocationTime(nanoseconds: seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
        #endif
    }

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
            // The instant between two readings; of three tries, the closest pair.
            var best = Origin(instant: .now, reading: .now)
            var closest = Int64.max
            for _ in 0..<3 {
                let first = InvocationTime.now
                let instant = ContinuousClock.now
                let gap = InvocationTime.now.nanoseconds &- first.nanoseconds
                if gap < closest {
                    closest = gap
                    best = Origin(instant: instant, reading: InvocationTime(nanoseconds: first.nanoseconds &+ gap / 2))
                }
            }
            return best
            #else
            return Origin(instant: .now, reading: InvocationTime(nanoseconds: 0))
            #endif
        }()
    }
}
