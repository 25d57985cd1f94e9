import Synchronization

/// The one route to the runtime's type-by-mangled-name lookup
/// (`swift_getTypeByMangledNameInContext`, which the standard library
/// declares as `_getTypeByMangledNameInContext`): standalone names, DWARF
/// linkage names, and names with symbolic references read from an image in
/// a generic context.
///
/// Only standalone names are cached. Misses are not: an image loaded later
/// may define the type.
public enum RuntimeTypeLookup {
    /// Metatypes are stored as `ObjectIdentifier`-keyed boxes so the cache is `Sendable` under Swift 6.0.
    private static let cache = Mutex<[String: Any.Type]>([:])

    /// The type `length` bytes of mangled name at `name` denote in a generic context.
    ///
    /// - Parameters:
    ///   - name: The mangled name; it may hold symbolic references relative to its own address.
    ///   - length: Its length in bytes.
    ///   - context: The descriptor of the declaration the name appears in, if any.
    ///   - genericArguments: The generic argument vector of the instantiated context, if any.
    /// - Returns: The type, nil when the runtime cannot build it.
    static func type(
        mangledName name: UnsafePointer<UInt8>, length: Int, context: UnsafeRawPointer?,
        genericArguments: UnsafeRawPointer?
    ) -> Any.Type? {
        _getTypeByMangledNameInContext(
            name, UInt(length), genericContext: context, genericArguments: genericArguments)
    }

    /// The type a standalone mangled name (no `$s`, no `D`) denotes, nil when the runtime cannot build it.
    ///
    /// A standalone name holds no symbolic references: a name with one of
    /// their marker bytes (0x01-0x1F) or a NUL is refused, as the standard
    /// library's `_typeByName` refuses it, rather than read as an offset
    /// from a copy of the string.
    ///
    /// - Parameter name: The mangled name, such as `Si` or `SaySSG`.
    /// - Returns: The type, or nil.
    public static func type(forMangledName name: String) -> Any.Type? {
        guard !name.isEmpty, !name.utf8.contains(where: { $0 <= 0x1F }) else { return nil }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        let bytes = Array(name.utf8)
        let found = bytes.withUnsafeBufferPointer { buffer -> Any.Type? in
            guard let base = buffer.baseAddress else { return nil }
            return type(mangledName: base, length: buffer.count, context: nil, genericArguments: nil)
        }
        if let found { cache.withLock { $0[name] = found } }
        return found
    }

    /// The type a DWARF linkage name (`$s...D`) denotes.
    ///
    /// - Parameter name: The linkage name, such as `$sSiD`.
    /// - Returns: The type, or nil for another spelling or a name the runtime cannot build.
    public static func type(forDebugName name: String) -> Any.Type? {
        var trimmed = Substring(name)
        guard trimmed.hasPrefix("$s"), trimmed.hasSuffix("D") else { return nil }
        trimmed = trimmed.dropFirst(2).dropLast()
        return type(forMangledName: String(trimmed))
    }
}
