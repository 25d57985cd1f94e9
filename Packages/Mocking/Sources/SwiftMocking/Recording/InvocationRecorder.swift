import Foundation

/// Every spy call in order, across spies: what `verifyInOrder` reads.
///
/// Spies append to ``MockScope/invocationRecorder``, which is ``shared``
/// unless a scope (`.mocking`, `MockingTestCase`, ``MockScope``'s
/// functions) installs a fresh one.
public final class InvocationRecorder: @unchecked Sendable {
    /// The recorder outside any scope, shared by the whole process.
    public static let shared = InvocationRecorder()

    private let lock = NSLock()
    private var entries: [Recorded] = []

    /// Creates an empty recorder.
    public init() {}

    /// Appends a call.
    ///
    /// - Parameters:
    ///   - spyID: The spy.
    ///   - invocationID: The call's ID in the spy.
    ///   - methodLabel: The spy's label.
    ///   - arguments: The arguments, boxed.
    /// - Returns: The entry.
    @discardableResult
    public func record(spyID: UUID, invocationID: UUID, methodLabel: String?, arguments: [Any]) -> Recorded {
        lock.lock()
        defer { lock.unlock() }
        let entry = Recorded(
            index: entries.count, spyID: spyID, invocationID: invocationID, methodLabel: methodLabel,
            arguments: arguments)
        entries.append(entry)
        return entry
    }

    /// The calls so far, in order.
    ///
    /// - Returns: A copy of the entries.
    public func snapshot() -> [Recorded] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// Forgets every call.
    public func clear() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }

    /// How many calls were recorded.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
