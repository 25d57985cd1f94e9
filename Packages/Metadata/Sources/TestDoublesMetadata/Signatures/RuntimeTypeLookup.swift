import Synchronization

/// Resolves standalone mangled type names to metadata through the runtime's
/// own lookup (`swift_getTypeByMangledNameInContext`), caching hits.
///
/// Misses are not cached: an image loaded later may define the type.
enum RuntimeTypeLookup {
    /// Metatypes are stored as `ObjectIdentifier`-keyed boxes so the cache is `Sendable` under Swift 6.0.
    private static let cache = Mutex<[String: Any.Type]>([:])

    /// The type a standalone mangled name (no `$s`, no `D`) denotes, nil when the runtime cannot build it.
    static func type(forMangledName name: String) -> Any.Type? {
        guard !name.isEmpty, !name.utf8.contains(0) else { return nil }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        let bytes = Array(name.utf8)
        let found = bytes.withUnsafeBufferPointer { buffer -> Any.Type? in
            guard let base = buffer.baseAddress else { return nil }
            return _getTypeByMangledNameInContext(
                base, UInt(buffer.count), genericContext: nil, genericArguments: nil)
        }
        if let found { cache.withLock { $0[name] = found } }
        return found
    }

    /// The type a DWARF linkage name (`$s...D`) denotes.
    static func type(forDebugName name: String) -> Any.Type? {
        var trimmed = Substring(name)
        guard trimmed.hasPrefix("$s"), trimmed.hasSuffix("D") else { return nil }
        trimmed = trimmed.dropFirst(2).dropLast()
        return type(forMangledName: String(trimmed))
    }
}
