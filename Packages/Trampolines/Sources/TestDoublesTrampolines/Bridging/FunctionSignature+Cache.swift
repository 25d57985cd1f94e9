import Synchronization

extension FunctionSignature {
    /// The signature of `type`, read once per function type and then served
    /// from a process-wide cache.
    ///
    /// Reading a signature classifies every parameter and the result through
    /// the ABI and looks up type layouts; a closure argument crosses the
    /// bridge on every intercepted call, so the reading is kept. Type
    /// metadata lives as long as the process and function metadata is
    /// uniqued, so the metadata's identity is a stable key. Failures are
    /// cached too: a type that cannot be bridged fails the same way every
    /// time.
    ///
    /// - Parameter type: A function type such as `((Int) throws -> String).self`.
    /// - Returns: The signature, as `init(_:)` would build it.
    /// - Throws: `FunctionBridgeError` for anything outside the supported shape.
    static func cached(
        _ type: any Any.Type, abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) -> FunctionSignature {
        let key = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
        let known = cache.withLock { $0[key]?.first { $0.abstraction == abstraction }?.outcome }
        if let known { return try known.get() }
        // Built outside the lock: reading metadata may take other runtime
        // locks. Two threads may both build it; the first stored wins and
        // both results are equal.
        let built: Outcome
        do { built = .signature(try FunctionSignature(type, abstraction: abstraction)) } catch {
            built = .failure(error)
        }
        let stored = cache.withLock { entries in
            if let existing = entries[key]?.first(where: { $0.abstraction == abstraction }) { return existing.outcome }
            entries[key, default: []].append(Entry(abstraction: abstraction, outcome: built))
            return built
        }
        return try stored.get()
    }

    /// A signature read, or why it could not be.
    ///
    /// Not a `Result`, and the cache is keyed by the metadata's address as a `UInt64` with the
    /// abstractions beside it rather than by a `Hashable` key of its own: on its first use the runtime
    /// instantiates a dictionary type by name and checks its key's `Hashable` conformance and a
    /// `Result`'s `Failure: Error` by walking every conformance record of the process, ~700,000
    /// instructions of a process's first `Stub` for the two (`UInt64: Hashable` is checked already).
    private enum Outcome: Sendable {
        case signature(FunctionSignature)
        case failure(FunctionBridgeError)

        func get() throws(FunctionBridgeError) -> FunctionSignature {
            switch self {
            case .signature(let signature): return signature
            case .failure(let error): throw error
            }
        }
    }

    /// One abstraction's outcome for a function type.
    private struct Entry: Sendable {
        let abstraction: FunctionAbstraction
        let outcome: Outcome
    }

    /// The signatures read so far, by function type metadata (its address), then abstraction.
    private static let cache = Mutex<[UInt64: [Entry]]>([:])
}
