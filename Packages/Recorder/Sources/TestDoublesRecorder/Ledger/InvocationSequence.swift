import Synchronization

/// The process-wide order of invocations across every double.
///
/// Each recorded call takes the next number, so calls on different doubles
/// can be ordered against each other (`InvocationOrder`) without a shared
/// lock.
public enum InvocationSequence {
    private static let counter = Atomic<UInt64>(0)

    /// Takes the next sequence number; numbers start at 1 and never repeat.
    ///
    /// - Returns: A number greater than every number returned before it.
    public static func next() -> UInt64 {
        counter.add(1, ordering: .relaxed).newValue
    }
}
