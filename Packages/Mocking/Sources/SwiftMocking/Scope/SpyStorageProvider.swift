import Foundation

/// Where static spies live: per mock type name, per member name.
///
/// ``MockScope/currentStorage`` is a process-wide provider unless a scope
/// installs a fresh one, so that concurrent tests do not share static spies.
public final class SpyStorageProvider: @unchecked Sendable {
    /// Spies by mock type name, then by member name.
    public typealias Storage = [String: [String: [any AnySpy]]]

    /// The provider outside any scope.
    static let process = SpyStorageProvider()

    private let lock = NSLock()
    private var spies: Storage
    private var staticLogging = false

    /// Creates a provider.
    ///
    /// - Parameter storage: The spies it starts with.
    public init(storage: Storage = [:]) {
        spies = storage
    }

    /// The spies, by mock type name and member name.
    public var storage: Storage {
        get { locked { spies } }
        set { locked { spies = newValue } }
    }

    /// The static spy of a member with a signature, created on first use.
    func spy<each Input, Eff: Effect, Output>(
        ofType typeName: String, member: String
    ) -> Spy<
        repeat each Input, Eff, Output
    > {
        locked {
            if let spy = spies[typeName]?[member]?.lazy.compactMap({ $0 as? Spy<repeat each Input, Eff, Output> })
                .first
            {
                return spy
            }
            let spy = Spy<repeat each Input, Eff, Output>(label: "\(typeName).\(member)")
            spy.isLoggingEnabled = staticLogging
            spies[typeName, default: [:]][member, default: []].append(spy)
            return spy
        }
    }

    /// Whether new and existing static spies print each call.
    var isStaticLoggingEnabled: Bool { locked { staticLogging } }

    func setStaticLogging(_ enabled: Bool) {
        let existing = locked {
            staticLogging = enabled
            return spies.values.flatMap { $0.values.flatMap { $0 } }
        }
        for spy in existing { spy.isLoggingEnabled = enabled }
    }

    /// Clears the static spies of one mock type.
    func clear(ofType typeName: String) {
        for spy in locked({ spies[typeName]?.values.flatMap { $0 } ?? [] }) { spy.clear() }
    }

    /// Clears every static spy of every mock type.
    func clearAll() {
        for spy in locked({ spies.values.flatMap { $0.values.flatMap { $0 } } }) { spy.clear() }
    }

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
