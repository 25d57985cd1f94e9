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
        let key = Key(type: ObjectIdentifier(type), abstraction: abstraction)
        if let known = cache.withLock({ $0[key] }) { return try known.get() }
        // Built outside the lock: reading metadata may take other runtime
        // locks. Two threads may both build it; the first stored wins and
        // both results are equal.
        let built = Result { () throws(FunctionBridgeError) in try FunctionSignature(type, abstraction: abstraction) }
        let stored = cache.withLock { entries in
            if let existing = entries[key] { return existing }
            entries[key] = built
            return built
        }
        return try stored.get()
    }

    /// What a signature is cached under: the function type and its abstraction.
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let abstraction: FunctionAbstraction
    }

    /// The signatures read so far, by function type metadata and abstraction.
    private static let cache = Mutex<[Key: Result<FunctionSignature, FunctionBridgeError>]>([:])
}
