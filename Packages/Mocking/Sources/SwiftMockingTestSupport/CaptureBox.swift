import Foundation

/// A locked list of values for `@Sendable` handlers to append to:
/// `when(mock.save(.any)).do { box.append($0) }`.
public final class CaptureBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    /// Creates an empty box.
    public init() {}

    /// Appends a value.
    ///
    /// - Parameter value: The value.
    public func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    /// The values appended so far, in order.
    public var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
