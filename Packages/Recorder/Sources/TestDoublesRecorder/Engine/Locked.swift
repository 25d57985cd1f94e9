import Synchronization

/// A value behind a mutex, shareable across threads.
///
/// `Mutex` itself cannot be stored in a class that must be `Sendable`
/// without becoming the class's only storage; this wrapper keeps the
/// `sending` rules of `Mutex.withLock` out of the rest of the engine, whose
/// state holds user values (`Any`) that the engine hands between threads by design.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: Mutex<Void>
    private var value: Value

    init(_ value: Value) {
        self.mutex = Mutex(())
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body(&value) }
    }
}
