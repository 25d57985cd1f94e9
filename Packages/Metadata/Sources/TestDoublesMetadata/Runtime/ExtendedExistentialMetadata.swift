/// The metadata of an extended existential (`any Sequence<Int>`, kind 0x307):
/// the kind word, then a pointer to its shape, then the generalization
/// arguments (`Metadata.h`, `TargetExtendedExistentialTypeMetadata`).
///
/// The shape's flags (its first 32-bit word) say how a value is stored:
/// special kind 0 is an opaque container (three-word buffer, type metadata,
/// witness tables; address-only), 1 a class reference then witness tables,
/// 2 a metatype then witness tables, 3 an explicit layout.
public struct ExtendedExistentialMetadata: @unchecked Sendable {
    /// How a value of the existential is stored.
    public enum Representation: Equatable, Sendable {
        /// An opaque container: three-word buffer, type metadata, witness tables.
        case opaque
        /// A class reference followed by witness tables.
        case classBound
        /// A metatype followed by witness tables.
        case metatype
        /// A layout the shape describes with its own value witnesses.
        case explicitLayout
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as extended existential metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/extendedExistential``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.extendedExistential, named: "extended existential")
        self.metadata = metadata
    }

    /// How a value is stored, from the shape's special kind.
    public var representation: Representation {
        guard let shape = metadata.pointer.pointer(at: MemoryLayout<UInt>.size) else { return .explicitLayout }
        switch shape.uint32(at: 0) & 0xFF {
        case 0: return .opaque
        case 1: return .classBound
        case 2: return .metatype
        default: return .explicitLayout
        }
    }

    /// The generalization arguments: the types the existential binds, in the
    /// order the shape's generalization signature lists them (for
    /// `any AsyncSequence<Int, any Error>`, `Int` then `any Error`).
    public var generalizationArguments: [Any.Type] {
        let word = MemoryLayout<UInt>.size
        guard let shape = metadata.pointer.pointer(at: word), shape.uint32(at: 0) & 0x100 != 0 else { return [] }
        // The generalization signature's header follows the requirement signature's (both 8 bytes) after
        // the flags and the existential type's relative pointer.
        let count = Int(shape.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
        return (0..<count).compactMap { index in
            metadata.pointer.pointer(at: 2 * word + index * word).map { unsafeBitCast($0, to: Any.Type.self) }
        }
    }
}
