/// The metadata of a tuple type: element types, offsets and labels.
///
/// Layout: kind, element count (word), labels (pointer to a space-separated
/// C string or null), then per element its type metadata and byte offset
/// (a word; the offset is a 32-bit value, the upper half is padding).
public struct TupleMetadata: Hashable, @unchecked Sendable {
    /// One element.
    public struct Element: Hashable, @unchecked Sendable {
        /// The element's label, nil when unlabeled.
        public let label: String?
        /// The byte offset of the element within the tuple.
        public let offset: Int
        /// The element's type.
        public let type: TypeMetadata
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as tuple metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/tuple``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.tuple, named: "tuple")
        self.metadata = metadata
    }

    /// The number of elements.
    public var count: Int { Int(metadata.pointer.word(at: 8)) }

    /// The elements in order.
    public var elements: [Element] {
        let word = MemoryLayout<UInt>.size
        var labels: [Substring] = []
        if let raw = metadata.pointer.pointer(at: 2 * word) {
            // Labels are space-terminated, one per element, empty for unlabeled ones.
            let text = String(cString: raw.assumingMemoryBound(to: CChar.self))
            labels = text.split(separator: " ", omittingEmptySubsequences: false)
        }
        return (0..<count).map { index in
            let element = metadata.pointer + 3 * word + index * 2 * word
            let label = index < labels.count && !labels[index].isEmpty ? String(labels[index]) : nil
            return Element(
                label: label, offset: Int(element.uint32(at: word)),
                type: TypeMetadata(pointer: element.pointer(at: 0)!))
        }
    }
}
