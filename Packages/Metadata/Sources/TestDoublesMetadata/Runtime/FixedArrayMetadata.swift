/// The metadata of a builtin fixed-size array, `Builtin.FixedArray<count, Element>`: the storage of
/// `InlineArray<count, Element>` (SE-0453, Swift 6.2+).
///
/// Layout: kind, the count (a signed word; the runtime gives a count below zero no elements), the
/// element type's metadata. The elements sit one after another at the element's stride, and each is
/// stored as generic code stores an `Element` (a metatype is thick, a word).
public struct FixedArrayMetadata: Hashable, @unchecked Sendable {
    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as fixed-array metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/fixedArray``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.fixedArray, named: "fixed-size array")
        self.metadata = metadata
    }

    /// The number of elements (zero when the count is negative).
    public var count: Int { max(0, metadata.pointer.load(fromByteOffset: 8, as: Int.self)) }

    /// The element type.
    public var element: TypeMetadata {
        TypeMetadata(pointer: metadata.pointer.load(fromByteOffset: 16, as: UnsafeRawPointer.self))
    }

    /// The byte offset of each element, in order.
    public var elementOffsets: StrideTo<Int> {
        stride(from: 0, to: count * element.valueWitnesses.stride, by: max(1, element.valueWitnesses.stride))
    }
}
