import Dispatch

/// Whether the calling thread is running the main queue's work: the main
/// thread, or (on Linux, once the test runner called `dispatch_main()`) the
/// thread draining the main queue, where the main actor's jobs run.
///
/// Read through a value the main queue carries (`setSpecific`), which never
/// stops the process, unlike `dispatch_assert_queue`.
@_spi(TestDoublesInternals)
public enum MainQueue {
    /// The key of the value (a box: `DispatchSpecificKey` is `Sendable` on
    /// some toolchains only, and never mutated).
    private final class Key: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
    }

    private static let marked: Key = {
        let made = Key()
        DispatchQueue.main.setSpecific(key: made.key, value: true)
        return made
    }()

    /// Whether the calling thread runs the main queue's work now.
    public static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: marked.key) ?? false
    }
}
