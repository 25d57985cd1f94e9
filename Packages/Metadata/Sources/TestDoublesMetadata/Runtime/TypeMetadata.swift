/// A type's runtime metadata record, read through a typed, fail-closed view.
///
/// Wrap any `Any.Type`; then ask for its kind, its value witnesses, or one of
/// the kind-specific views (`StructMetadata`, `EnumMetadata`, ...), each of
/// which throws ``MetadataError`` when the record is not of its kind.
public struct TypeMetadata: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The metadata record's address (what an `Any.Type` value holds).
    public let pointer: UnsafeRawPointer

    /// Wraps the metadata of `type`.
    ///
    /// - Parameter type: Any Swift type.
    public init(_ type: Any.Type) {
        self.pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// Wraps a metadata record found in memory.
    ///
    /// - Parameter pointer: The address of a complete metadata record.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The type this metadata describes.
    public var type: Any.Type { unsafeBitCast(pointer, to: Any.Type.self) }

    /// The raw kind word.
    public var rawKind: UInt { pointer.word(at: 0) }

    /// The kind of the record.
    public var kind: MetadataKind { MetadataKind(rawValue: rawKind) }

    /// The value-witness table, stored one word before the record.
    public var valueWitnesses: ValueWitnessTable {
        ValueWitnessTable(pointer: (pointer - MemoryLayout<UInt>.size).pointer(at: 0)!)
    }

    /// Whether the type is `Optional<Wrapped>` for some `Wrapped`.
    public var isOptional: Bool { kind == .optional }

    /// The type's name as the runtime prints it (`Swift.Int`, `(Swift.Int, Swift.String)`).
    public var description: String { _typeName(type, qualified: true) }

    /// The nominal type descriptor, for struct, enum, optional and class metadata.
    public var typeDescriptor: TypeContextDescriptor? {
        switch kind {
        case .struct, .enum, .optional:
            return pointer.pointer(at: 8).map(TypeContextDescriptor.init(pointer:))
        case .class:
            return (try? ClassMetadata(self))?.descriptor
        default:
            return nil
        }
    }

    /// Fails with ``MetadataError/unexpectedMetadataKind(expected:found:)`` unless the kind is one of `kinds`.
    func require(_ kinds: MetadataKind..., named name: String) throws(MetadataError) {
        guard kinds.contains(kind) else {
            if case .unknown(let raw) = kind { throw .unknownMetadataKind(rawValue: raw) }
            throw .unexpectedMetadataKind(expected: name, found: kind)
        }
    }
}
