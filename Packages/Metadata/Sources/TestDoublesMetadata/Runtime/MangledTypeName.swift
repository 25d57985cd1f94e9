/// A mangled type name as stored in metadata: bytes that may embed symbolic
/// references (a control byte followed by a relative or absolute pointer).
public struct MangledTypeName: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The first byte of the name.
    public let pointer: UnsafeRawPointer

    /// Wraps the mangled name at `pointer`.
    ///
    /// - Parameter pointer: The first byte of a NUL-terminated mangled name.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The name's length in bytes, skipping over embedded symbolic references.
    ///
    /// Bytes 0x01-0x17 are followed by a 4-byte relative reference and
    /// 0x18-0x1F by a pointer-sized absolute one; either may contain zero bytes.
    public var length: Int {
        var index = 0
        while true {
            let byte = pointer.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case 0: return index
            case 0x01...0x17: index += 5
            case 0x18...0x1F: index += 1 + MemoryLayout<UInt>.size
            default: index += 1
            }
        }
    }

    /// Whether the name contains a symbolic reference.
    public var hasSymbolicReference: Bool {
        var index = 0
        while true {
            let byte = pointer.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case 0: return false
            case 0x01...0x1F: return true
            default: index += 1
            }
        }
    }

    /// The name with symbolic references shown as `<ref>`: for messages, not for lookups.
    public var description: String {
        var text = ""
        var index = 0
        let end = length
        while index < end {
            let byte = pointer.load(fromByteOffset: index, as: UInt8.self)
            switch byte {
            case 0x01...0x17:
                text += "<ref>"
                index += 5
            case 0x18...0x1F:
                text += "<ref>"
                index += 1 + MemoryLayout<UInt>.size
            default:
                text.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
            }
        }
        return text
    }

    /// Whether the name spells a `Builtin` type (`Bi64_`, `Bf32_`, `Bv4_Bf32_`, `Bo`, ...).
    public var isBuiltin: Bool {
        pointer.load(as: UInt8.self) == UInt8(ascii: "B") && !hasSymbolicReference
    }

    /// Resolves the name to metadata in a generic context.
    ///
    /// - Parameters:
    ///   - context: The descriptor of the declaration the name appears in.
    ///   - genericArguments: The generic argument vector of the instantiated context, if any.
    /// - Returns: The metadata the runtime resolves the name to.
    /// - Throws: ``MetadataError/unresolvableType(mangledName:context:)`` when the runtime cannot resolve it.
    public func resolve(
        in context: ContextDescriptor?, genericArguments: UnsafeRawPointer?
    ) throws(MetadataError) -> TypeMetadata {
        // A builtin type alone means the same in every context: resolved once (see `BuiltinTypeCache`).
        let builtin = pointer.load(as: UInt8.self) == UInt8(ascii: "B") ? BuiltinTypeCache.spelling(of: self) : nil
        if let builtin, let known = BuiltinTypeCache.metadata(for: builtin) { return TypeMetadata(pointer: known) }
        guard
            let type = RuntimeTypeLookup.type(
                mangledName: pointer.assumingMemoryBound(to: UInt8.self), length: length,
                context: context?.pointer, genericArguments: genericArguments)
        else {
            throw .unresolvableType(mangledName: description, context: context?.qualifiedName ?? "no context")
        }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        if let builtin { BuiltinTypeCache.remember(builtin, metadata) }
        return TypeMetadata(pointer: metadata)
    }
}
