/// The metadata of a struct: its descriptor, stored properties and their offsets.
///
/// Layout: kind, descriptor pointer, generic arguments (from word 2), and a
/// vector of 32-bit field offsets at the word offset the descriptor names.
public struct StructMetadata: Hashable, @unchecked Sendable {
    /// One stored property.
    public struct Field: Hashable, @unchecked Sendable {
        /// The property's name.
        public let name: String
        /// The byte offset of the property within the struct.
        public let offset: Int
        /// The property's mangled type name as the compiler recorded it.
        public let mangledTypeName: MangledTypeName
        /// The property's type, resolved in the struct's generic context.
        public let type: TypeMetadata
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as struct metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/struct``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.struct, named: "struct")
        self.metadata = metadata
    }

    /// The struct's nominal type descriptor.
    public var descriptor: TypeContextDescriptor {
        TypeContextDescriptor(pointer: metadata.pointer.pointer(at: 8)!)
    }

    /// The number of stored properties.
    public var fieldCount: Int { Int(descriptor.pointer.uint32(at: 20)) }

    /// The byte offset of each stored property, in declaration order.
    public var fieldOffsets: [Int] {
        let vectorOffset = Int(descriptor.pointer.uint32(at: 24))
        guard fieldCount > 0, vectorOffset > 0 else { return [] }
        let vector = metadata.pointer + vectorOffset * MemoryLayout<UInt>.size
        return (0..<fieldCount).map { Int(vector.uint32(at: $0 * 4)) }
    }

    /// The generic argument vector (word 2 of the record).
    var genericArguments: UnsafeRawPointer { metadata.pointer + 2 * MemoryLayout<UInt>.size }

    /// The stored properties with names, offsets and resolved types.
    ///
    /// - Throws: ``MetadataError/missingRecord(_:)`` when the type has no field records
    ///   (reflection metadata stripped), or an unresolvable field type.
    public func fields() throws(MetadataError) -> [Field] {
        let count = fieldCount
        guard count > 0 else { return [] }
        guard let fieldDescriptor = descriptor.fieldDescriptor else {
            throw .missingRecord("field records of \(descriptor.qualifiedName)")
        }
        let records = fieldDescriptor.records
        let offsets = fieldOffsets
        guard records.count == count, offsets.count == count else {
            throw .missingRecord("\(count) field records of \(descriptor.qualifiedName)")
        }
        var fields: [Field] = []
        fields.reserveCapacity(count)
        for (record, offset) in zip(records, offsets) {
            guard let mangled = record.mangledTypeName else {
                throw .missingRecord("type of field \(record.name) of \(descriptor.qualifiedName)")
            }
            let type = try mangled.resolve(in: descriptor.context, genericArguments: genericArguments)
            fields.append(Field(name: record.name, offset: offset, mangledTypeName: mangled, type: type))
        }
        return fields
    }
}
