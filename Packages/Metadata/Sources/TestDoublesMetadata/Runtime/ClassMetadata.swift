/// The metadata of a class.
///
/// Layout without Objective-C interop (Linux): kind, superclass, 32-bit
/// flags, instance address point, instance size, 16-bit instance alignment
/// mask, reserved, class size, class address point, descriptor, ivar destroyer.
public struct ClassMetadata: Hashable, @unchecked Sendable {
    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as class metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/class``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.class, named: "class")
        self.metadata = metadata
    }

    #if _runtime(_ObjC)
    private static let swiftFieldsOffset = 40
    #else
    private static let swiftFieldsOffset = 16
    #endif

    /// Whether this is the metadata of a class defined in Swift (not a pure
    /// Objective-C class): it carries a Swift nominal type descriptor.
    public var isSwiftClass: Bool {
        #if _runtime(_ObjC)
        guard metadata.pointer.word(at: 32) & 0x3 != 0 else { return false }
        #endif
        return metadata.pointer.pointer(at: Self.swiftFieldsOffset + 24) != nil
    }

    /// The superclass's metadata, nil for a root class.
    public var superclass: TypeMetadata? {
        metadata.pointer.pointer(at: 8).map(TypeMetadata.init(pointer:))
    }

    /// The size in bytes of an instance, header included.
    public var instanceSize: Int { Int(metadata.pointer.uint32(at: Self.swiftFieldsOffset + 8)) }

    /// The required alignment of an instance in bytes.
    public var instanceAlignment: Int {
        Int(metadata.pointer.load(fromByteOffset: Self.swiftFieldsOffset + 12, as: UInt16.self)) + 1
    }

    /// The class's nominal type descriptor, nil for a class not defined in Swift.
    public var descriptor: TypeContextDescriptor? {
        guard isSwiftClass else { return nil }
        return metadata.pointer.pointer(at: Self.swiftFieldsOffset + 24).map(TypeContextDescriptor.init(pointer:))
    }
}
