import Synchronization

/// The process-wide order of invocations across every double.
///
/// Each recorded call takes a number greater than every number taken by a
/// call that happened before it, on any double, so calls on different
/// doubles can be ordered against each other (`InvocationOrder`) without a
/// shared lock. Numbers are unique but not consecutive.
///
/// A number is an epoch (high bits) and a count within the epoch (low
/// `countBits` bits). The epoch is one process-wide atomic counter; a
/// double keeps a `Cursor` with the epoch it took last. While no other
/// double has taken a number since, the epoch is unchanged and the double
/// counts on within it: one atomic load instead of an atomic
/// read-modify-write per call, which all doubles would contend on. When the
/// epoch moved, the double takes a new one. Why the order holds: a call
/// that happens after another call on a different double sees the epoch
/// that call took (or a later one), which differs from its own double's
/// cursor, so it takes a new, greater epoch.
public enum InvocationSequence {
    private static let epoch = Atomic<UInt64>(0)
    /// The bits of a number that count calls within one epoch.
    static let countBits = 24

    /// Where one double is in the sequence: the epoch it took last and how
    /// many numbers it has taken in it. Used under the double's lock.
    struct Cursor {
        /// `.max` until the double takes its first epoch: no epoch ever equals it.
        var epoch: UInt64 = .max
        var count: UInt64 = 0

        /// The next number for the double.
        @inline(__always)
        mutating func next() -> UInt64 {
            let current = InvocationSequence.epoch.load(ordering: .relaxed)
            if current == epoch, count < (1 << InvocationSequence.countBits) - 1 {
                count += 1
                return epoch << InvocationSequence.countBits | count
            }
            self = Cursor(epoch: InvocationSequence.newEpoch(), count: 0)
            return epoch << InvocationSequence.countBits
        }
    }

    /// Takes a new epoch; epochs start at 1 (wrapping would take 2^40 of them).
    private static func newEpoch() -> UInt64 {
        epoch.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Takes a number in a new epoch, greater than every number taken before it.
    ///
    /// - Returns: A number greater than every number returned or recorded before it.
    public static func next() -> UInt64 {
        newEpoch() << countBits
    }
}
