import Synchronization

/// A counter the stress tests' tasks share.
public final class ReliabilityCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// A counter at zero.
    public init() {}

    /// The count so far.
    public var value: Int { count.load(ordering: .acquiring) }

    /// Adds one.
    public func increment() { count.add(1, ordering: .acquiringAndReleasing) }
}
