/// What the Recorder knows of Swift's runtime layout, all of it to read a
/// value inside an `Any` without opening it: where the container keeps the
/// value's type, where it keeps the value, and which type metadata a box can
/// never be made with. ``BoxedCast`` reads through it; no other Recorder code
/// reads type metadata or a container's words.
///
/// Each constant is fixed by the Swift ABI on every 64-bit platform the
/// package supports (x86_64, arm64): the existential container layout of
/// `docs/ABI/TypeLayout.rst`, the metadata layout of
/// `docs/ABI/TypeMetadata.rst`, and the value witness flags and metadata
/// kinds of the runtime's `MetadataValues.h` and `MetadataKind.def`.
@usableFromInline
enum AnyContainerLayout {
    /// The size of a pointer, the unit of every offset below.
    @inlinable
    static var word: Int { MemoryLayout<UnsafeRawPointer>.stride }

    // MARK: The container

    /// Words in an opaque existential container's value buffer: three (the
    /// runtime's `NumWords_ValueBuffer`). A value that fits and is bitwise
    /// takable sits in the buffer itself; any other is boxed on the heap and
    /// the buffer's first word points at the box.
    @inlinable
    static var valueBufferWords: Int { 3 }

    /// Byte offset of the type metadata word in an opaque existential
    /// container: right after the value buffer. `Any` has no witness tables,
    /// so this is its last word.
    @inlinable
    static var metadataOffset: Int { valueBufferWords * word }

    /// Words of a heap object's header (metadata, reference counts) before
    /// the value in a box the buffer points at (`HeapObject`, the layout
    /// `swift_allocBox` gives every box); the value then starts at the header
    /// rounded up to its own alignment.
    @inlinable
    static var heapObjectHeaderWords: Int { 2 }

    // MARK: Type metadata

    /// Byte offset of the value witness table pointer from a type's metadata
    /// address: the word before it (the full metadata's prefix,
    /// `TypeMetadata.rst`, "Common Metadata Layout").
    @inlinable
    static var valueWitnessTableOffset: Int { -word }

    /// Byte offset of the flags in a value witness table: after its eight
    /// function witnesses (initializeBufferWithCopyOfBuffer through
    /// storeEnumTagSinglePayload), the size and the stride, one word each.
    /// The flags are a 32-bit field.
    @inlinable
    static var valueWitnessFlagsOffset: Int { 10 * word }

    /// Byte offset of the size in a value witness table: after its eight
    /// function witnesses, one word.
    @inlinable
    static var valueWitnessSizeOffset: Int { 8 * word }

    /// The value witness flag set when a type's values are not plain data:
    /// copying one is more than copying its bytes, destroying one is not
    /// nothing (`ValueWitnessFlags::IsNonPOD`).
    @inlinable
    static var isNonPODFlag: UInt32 { 0x0001_0000 }

    /// The value witness flag set when a type's values do not fit inline in
    /// a value buffer (`ValueWitnessFlags::IsNonInline`).
    @inlinable
    static var isNonInlineFlag: UInt32 { 0x0002_0000 }

    /// The bits of the value witness flags that hold a type's alignment
    /// minus one (`ValueWitnessFlags::AlignmentMask`).
    @inlinable
    static var alignmentMaskBits: UInt32 { 0xFF }

    /// The metadata kinds of existential types: `Existential` (0x303: `any
    /// P`, `Any`), `ExistentialMetatype` (0x306: `any P.Type`) and
    /// `ExtendedExistential` (0x307: `any P<T>`), each a number ORed with
    /// the non-heap (0x200) and runtime-private (0x100) bits
    /// (`MetadataKind.def`). The kind is the metadata's first word; a class's
    /// first word is 0 or an isa pointer, never one of these.
    @inlinable
    static var existentialKinds: (UInt, UInt, UInt) { (0x303, 0x306, 0x307) }

    // MARK: Reads

    /// Whether `type`'s metadata kind is one of ``existentialKinds``.
    @inlinable
    @inline(__always)
    static func isExistential(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        let existential = existentialKinds
        return kind == existential.0 || kind == existential.1 || kind == existential.2
    }

    /// The metadata word of the `Any` container at `box`: the type the box
    /// was made with.
    @inlinable
    @inline(__always)
    static func metadata(at box: UnsafePointer<Any>) -> Any.Type {
        UnsafeRawPointer(box).load(fromByteOffset: metadataOffset, as: Any.Type.self)
    }

    /// The address of the `T` in the `Any` container at `box`, whose
    /// metadata word must be `T`: the value buffer when `T`'s value witness
    /// flags say it is inline, else the value in the heap box the buffer's
    /// first word points at, after the header aligned to `T`'s alignment.
    @inlinable
    @inline(__always)
    static func value<T>(at box: UnsafePointer<Any>, as _: T.Type) -> UnsafePointer<T> {
        let flags = valueWitnessFlags(of: T.self)
        let buffer = UnsafeRawPointer(box)
        if flags & isNonInlineFlag == 0 { return buffer.assumingMemoryBound(to: T.self) }
        let alignmentMask = Int(flags & alignmentMaskBits)
        let object = buffer.load(as: UnsafeRawPointer.self)
        let header = heapObjectHeaderWords * word
        return (object + ((header + alignmentMask) & ~alignmentMask)).assumingMemoryBound(to: T.self)
    }

    /// Whether a box of a `T` keeps the value in its buffer (the value
    /// witness flags lack ``isNonInlineFlag``), where only that box holds
    /// it; otherwise it is in a heap box, which copies of the box share.
    @inlinable
    @inline(__always)
    static func keepsInline<T>(_: T.Type) -> Bool {
        valueWitnessFlags(of: T.self) & isNonInlineFlag == 0
    }

    /// The value witness flags of `T`'s metadata.
    @inlinable
    @inline(__always)
    static func valueWitnessFlags<T>(of _: T.Type) -> UInt32 {
        valueWitnesses(of: T.self).load(fromByteOffset: valueWitnessFlagsOffset, as: UInt32.self)
    }

    /// The value witness table of `type`'s metadata.
    @inlinable
    @inline(__always)
    static func valueWitnesses(of type: Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(
            fromByteOffset: valueWitnessTableOffset, as: UnsafeRawPointer.self)
    }

    /// Whether destroying the `Any` container at `box` does nothing: the
    /// value it holds is plain data (no ``isNonPODFlag``) kept in its
    /// buffer (no ``isNonInlineFlag``, so no heap box to release), as the
    /// value witness flags of the container's type give it.
    @inline(__always)
    static func destroysNothing(at box: UnsafePointer<Any>) -> Bool {
        let flags = valueWitnesses(of: metadata(at: box)).load(fromByteOffset: valueWitnessFlagsOffset, as: UInt32.self)
        return flags & (isNonPODFlag | isNonInlineFlag) == 0
    }

    /// The size of `type`'s values and whether they are plain data (see
    /// ``isNonPODFlag``), as its value witness table gives them.
    @inline(__always)
    static func layout(of type: Any.Type) -> (size: Int, isPlainData: Bool) {
        let witnesses = valueWitnesses(of: type)
        let flags = witnesses.load(fromByteOffset: valueWitnessFlagsOffset, as: UInt32.self)
        return (witnesses.load(fromByteOffset: valueWitnessSizeOffset, as: Int.self), flags & isNonPODFlag == 0)
    }
}
