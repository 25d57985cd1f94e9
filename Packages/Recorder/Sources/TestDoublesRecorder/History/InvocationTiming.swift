/// When one call arrived and when it finished.
///
/// Instants are on `ContinuousClock`, read from the kernel's coarse
/// monotonic clock: each can be up to one timer tick (a few milliseconds)
/// before the precise moment, never after it, so a duration is a whole
/// number of ticks (zero for a call that finished within one). A call that has not finished has no completion and no
/// duration. A forwarded call (a spy's) finishes, for the double, when it is
/// handed to the real implementation.
public struct InvocationTiming: Sendable, Identifiable, Hashable {
    /// The call's process-wide sequence number (``Invocation/sequence``).
    public let id: UInt64
    /// When the call arrived.
    public let startedAt: ContinuousClock.Instant
    /// When the call finished; nil while it is pending.
    public let completedAt: ContinuousClock.Instant?
    /// The time from arrival to completion; nil while the call is pending.
    public let duration: Duration?

    init(id: UInt64, startedAt: ContinuousClock.Instant, completedAt: ContinuousClock.Instant?) {
        self.id = id
        self.startedAt = startedAt
        self.completedAt = completedAt
        // The coarse arrival is never after the precise completion; clamp anyway.
        self.duration = completedAt.map { Swift.max(.zero, $0 - startedAt) }
    }
}
