import Synchronization

/// A value behind a mutex, shareable across threads.
///
/// The value lives in its own allocation rather than in a stored `var`, so
/// access through the lock needs no dynamic exclusivity check; the `sending`
/// rules of `Mutex.withLock` stay out of the rest of the engine, whose state
/// holds user values (`Any`) that the engine hands between threads by design.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private let value: UnsafeMutablePointer<Value>

    init(_ initialValue: Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    @inline(__always)
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body(&value.pointee) }
    }
}
