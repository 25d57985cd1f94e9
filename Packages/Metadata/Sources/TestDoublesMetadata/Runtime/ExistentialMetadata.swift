/// The metadata of a protocol-composition existential (`any P`, `any A & B`,
/// `Any`, `AnyObject`, `any Error`, `any C & P`).
///
/// Layout: kind, 32-bit flags (witness-table count in bits 0-23, special
/// protocol in bits 24-29, superclass bit 30, bit 31 clear when class-bound),
/// 32-bit protocol count, then the superclass metadata when bit 30 is set,
/// then one protocol descriptor reference per protocol.
public struct ExistentialMetadata: Hashable, @unchecked Sendable {
    /// How a value of the existential is stored.
    public enum Representation: Hashable, Sendable {
        /// An opaque container: three-word buffer, type metadata, witness tables.
        case opaque
        /// A class reference followed by witness tables.
        case classBound
        /// A single reference to a boxed error (`any Error`).
        case error
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as existential metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/existential``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.existential, named: "existential")
        self.metadata = metadata
    }

    /// The raw flags word.
    public var flags: UInt32 { metadata.pointer.uint32(at: 8) }

    /// The number of witness tables a value carries.
    public var witnessTableCount: Int { Int(flags & 0x00FF_FFFF) }

    /// Whether the existential is constrained to classes (`AnyObject`, class-bound protocols).
    public var isClassConstrained: Bool { flags & 0x8000_0000 == 0 }

    /// Whether the composition names a superclass (`any C & P`).
    public var hasSuperclassConstraint: Bool { flags & 0x4000_0000 != 0 }

    /// The special protocol code: 0 none, 1 `Error`.
    public var specialProtocol: Int { Int((flags >> 24) & 0x3F) }

    /// How a value is stored.
    public var representation: Representation {
        if specialProtocol == 1 { return .error }
        return isClassConstrained ? .classBound : .opaque
    }

    /// The number of protocols in the composition.
    public var protocolCount: Int { Int(metadata.pointer.uint32(at: 12)) }

    /// The superclass constraint, if any.
    public var superclassConstraint: TypeMetadata? {
        guard hasSuperclassConstraint else { return nil }
        return metadata.pointer.pointer(at: 16).map(TypeMetadata.init(pointer:))
    }

    /// The protocols in the runtime's canonical order, which is the order of
    /// the witness tables in a value.
    public var protocols: [ProtocolDescriptor] {
        let word = MemoryLayout<UInt>.size
        let base = 16 + (hasSuperclassConstraint ? word : 0)
        return (0..<protocolCount).compactMap { index in
            // The low bit marks an Objective-C protocol where interop exists.
            let raw = metadata.pointer.word(at: base + index * word)
            guard raw & 1 == 0 else { return nil }
            return UnsafeRawPointer(bitPattern: raw).map(ProtocolDescriptor.init(pointer:))
        }
    }
}
