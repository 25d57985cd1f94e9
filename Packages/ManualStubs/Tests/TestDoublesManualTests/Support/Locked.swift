import Synchronization

/// A value behind a mutex, for handlers that collect what they saw.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body(&value) }
    }
}
