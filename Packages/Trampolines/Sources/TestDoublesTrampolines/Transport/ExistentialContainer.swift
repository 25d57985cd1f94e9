/// Where an opaque existential container (an `Any`, an `any P`) keeps what
/// it holds, as the runtime lays it out: a three-word value buffer, then the
/// held type's metadata word (then any witness tables). A value that fits the
/// buffer (at most three words, word-aligned, bitwise takable: the type's
/// `isInlineStorage`) sits in it; any other value sits in a heap box the
/// buffer's first word points to, after the box's two-word header, aligned.
enum ExistentialContainer {
    /// The bytes of the value buffer.
    static let bufferSize = 3 * MemoryLayout<UInt>.size
    /// The offset of the held type's metadata word.
    static let metadataOffset = bufferSize
    /// The bytes of a heap object's header (metadata and reference counts).
    static let heapHeaderSize = 2 * MemoryLayout<UInt>.size

    /// The offset of a boxed value of `alignment` in its heap box.
    static func boxedValueOffset(alignment: Int) -> Int {
        let mask = alignment - 1
        return (heapHeaderSize + mask) & ~mask
    }

    /// The address of the value the container at `container` holds.
    ///
    /// - Parameters:
    ///   - container: An initialized existential container.
    ///   - isInline: Whether the held type is kept in the buffer (its `isInlineStorage`).
    ///   - boxedValueOffset: ``boxedValueOffset(alignment:)`` of the held type.
    /// - Returns: The value's address, valid while the container is.
    @inline(__always)
    static func valueAddress(
        in container: UnsafeRawPointer, isInline: Bool, boxedValueOffset: Int
    ) -> UnsafeRawPointer {
        isInline ? container : container.load(as: UnsafeRawPointer.self) + boxedValueOffset
    }
}
