import Synchronization

/// A value behind a mutex, shareable across threads.
///
/// The doubles keep user values (conformers, closures, `Any` arguments)
/// behind locks and hand them between threads by design; this wrapper keeps
/// `Mutex.withLock`'s `sending` rules out of that code.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { _ in try body(&value) }
    }
}
