/// The metadata of a metatype (`T.Type`) or an existential metatype (`any P.Type`).
///
/// Layout: kind, instance type; an existential metatype adds a flags word
/// laid out as an existential's (witness-table count in the low 24 bits).
public struct MetatypeMetadata: Hashable, @unchecked Sendable {
    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as metatype metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/metatype`` or ``MetadataKind/existentialMetatype``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.metatype, .existentialMetatype, named: "metatype")
        self.metadata = metadata
    }

    /// Whether this is an existential metatype (`any P.Type`).
    public var isExistential: Bool { metadata.kind == .existentialMetatype }

    /// The instance type (`T` of `T.Type`, the existential of `any P.Type`).
    public var instanceType: TypeMetadata { TypeMetadata(pointer: metadata.pointer.pointer(at: 8)!) }

    /// Whether a value of this metatype is a thin (zero-sized) value when passed
    /// to a concrete function: metatypes of structs, enums, tuples, functions and
    /// protocol compositions have a single value, so Swift passes nothing.
    /// Class metatypes and existential metatypes are thick (carry a pointer).
    public var isThin: Bool {
        guard !isExistential else { return false }
        switch instanceType.kind {
        case .struct, .enum, .optional, .tuple, .function, .existential, .extendedExistential: return true
        default: return false
        }
    }

    /// The number of witness tables an existential metatype value carries.
    public var witnessTableCount: Int {
        guard isExistential else { return 0 }
        return Int(metadata.pointer.uint32(at: 16) & 0x00FF_FFFF)
    }
}
