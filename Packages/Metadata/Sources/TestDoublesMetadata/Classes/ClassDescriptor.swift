/// The context descriptor of a Swift class, read for the members its vtable
/// and override table describe.
///
/// Layout after the common type header (flags, parent, name, metadata
/// accessor, field descriptor: 20 bytes): the superclass's mangled name
/// (relative, 20), the metadata's negative size in words or, with a
/// resilient superclass, a relative pointer to the metadata bounds variable
/// (24), the positive size in words or extra flags (28), the number of
/// immediate members (32), the number of stored properties (36) and the
/// field offset vector's offset (40). Then, each only when its flag says so:
/// the generic context, the resilient superclass reference, the metadata
/// initialization record, the vtable header and its method descriptors, the
/// override table header and its entries.
///
/// Kind-specific flags (bits 16-31 of the flags word): bit 31 has a vtable,
/// bit 30 has an override table, bit 29 has a resilient superclass, bit 28
/// immediate members are at negative offsets.
public struct ClassDescriptor: Hashable, @unchecked Sendable {
    /// The descriptor viewed as a nominal type descriptor.
    public let type: TypeContextDescriptor

    /// Views `type` as a class descriptor.
    ///
    /// - Parameter type: A nominal type descriptor.
    /// - Throws: ``MetadataError/unexpectedContextKind(rawValue:)`` when it describes a struct or enum.
    public init(_ type: TypeContextDescriptor) throws(MetadataError) {
        guard type.kind == .class else {
            throw .unexpectedContextKind(rawValue: UInt8(type.context.flags & 0x1F))
        }
        self.type = type
    }

    private var pointer: UnsafeRawPointer { type.pointer }
    private var flags: UInt32 { type.context.flags }

    /// The class's dotted name from its module down.
    public var qualifiedName: String { type.qualifiedName }

    /// Whether the class declares vtable entries of its own.
    public var hasVTable: Bool { flags & (1 << 31) != 0 }

    /// Whether the class overrides members of its ancestors.
    public var hasOverrideTable: Bool { flags & (1 << 30) != 0 }

    /// Whether the superclass comes from a library-evolution module, so the
    /// class's own members sit at offsets only known at run time.
    public var hasResilientSuperclass: Bool { flags & (1 << 29) != 0 }

    /// Whether the class's immediate members sit before the metadata's address point.
    public var areImmediateMembersNegative: Bool { flags & (1 << 28) != 0 }

    /// The number of stored properties the class declares (not its ancestors').
    public var storedPropertyCount: Int { Int(pointer.uint32(at: 36)) }

    /// The bytes between the descriptor's start and its first optional trailing
    /// record that is not part of the generic context.
    private func offsetAfterGenericContext() throws(MetadataError) -> Int {
        var offset = 44
        guard type.isGeneric else { return offset }
        // The generic context header: instantiation cache and default pattern
        // (relative, 4 bytes each), then parameter count, requirement count,
        // key argument count and flags (16 bits each).
        let parameterCount = Int(pointer.load(fromByteOffset: offset + 8, as: UInt16.self))
        let requirementCount = Int(pointer.load(fromByteOffset: offset + 10, as: UInt16.self))
        let genericFlags = pointer.load(fromByteOffset: offset + 14, as: UInt16.self)
        guard genericFlags == 0 else {
            // Parameter packs, conditional inverted protocols or value
            // generics add records whose size this reader does not compute.
            throw .unsupportedType(
                typeName: qualifiedName,
                reason:
                    "its generic signature has records this reader does not know (flags 0x\(String(genericFlags, radix: 16)))"
            )
        }
        offset += 16
        offset += (parameterCount + 3) & ~3
        offset += requirementCount * 12
        return offset
    }

    /// The offset of the vtable header, or of where it would be.
    private func vtableHeaderOffset() throws(MetadataError) -> Int {
        var offset = try offsetAfterGenericContext()
        if hasResilientSuperclass { offset += 4 }
        switch type.metadataInitialization {
        case 0: break
        case 1: offset += 12  // initialization cache, incomplete metadata or pattern, completion function
        case 2: offset += 4  // completion function
        default:
            throw .unsupportedType(
                typeName: qualifiedName,
                reason: "unknown metadata initialization kind \(type.metadataInitialization)"
            )
        }
        return offset
    }

    /// The method descriptors of the members the class itself declares with a
    /// vtable slot, in slot order.
    ///
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` when the
    ///   descriptor has records this reader cannot step over.
    public func methods() throws(MetadataError) -> [MethodDescriptor] {
        guard hasVTable else { return [] }
        let header = try vtableHeaderOffset()
        let count = Int(pointer.uint32(at: header + 4))
        return (0..<count).map { MethodDescriptor(pointer: pointer + header + 8 + 8 * $0) }
    }

    /// The overrides of ancestors' members the class declares.
    ///
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` when the
    ///   descriptor has records this reader cannot step over.
    public func overrides() throws(MetadataError) -> [MethodOverride] {
        guard hasOverrideTable else { return [] }
        var offset = try vtableHeaderOffset()
        if hasVTable { offset += 8 + 8 * Int(pointer.uint32(at: offset + 4)) }
        let count = Int(pointer.uint32(at: offset))
        return (0..<count).map { MethodOverride(pointer: pointer + offset + 4 + 12 * $0) }
    }

    /// Where the class's first own vtable slot is in a metadata object of the
    /// class, in words from the address point.
    ///
    /// Without a resilient superclass the descriptor records it. With one, it
    /// records the offset from the class's immediate members, whose start the
    /// metadata bounds variable holds once the runtime has laid out the class.
    ///
    /// - Throws: ``MetadataError/missingRecord(_:)`` when the class has no
    ///   vtable or its bounds are not initialized yet.
    public func vtableWordOffset() throws(MetadataError) -> Int {
        guard hasVTable else { throw .missingRecord("\(qualifiedName) declares no vtable") }
        let header = try vtableHeaderOffset()
        let recorded = Int(pointer.uint32(at: header))
        guard hasResilientSuperclass else { return recorded }
        guard let bounds = pointer.relativeDirect(at: 24) else {
            throw .missingRecord("metadata bounds of \(qualifiedName)")
        }
        let immediateMembersOffset = bounds.load(as: Int.self)
        guard immediateMembersOffset != 0, immediateMembersOffset % MemoryLayout<UInt>.size == 0 else {
            throw .missingRecord("initialized metadata bounds of \(qualifiedName)")
        }
        return immediateMembersOffset / MemoryLayout<UInt>.size + recorded
    }
}
