/// A type's value-witness table: its layout and the functions that copy,
/// move and destroy its values.
///
/// Layout (64-bit): eight function pointers, then `size`, `stride`, a 32-bit
/// flags word and a 32-bit extra-inhabitant count; enums append three more
/// functions (`getEnumTag`, `destructiveProjectEnumData`,
/// `destructiveInjectEnumTag`).
public struct ValueWitnessTable: Hashable, @unchecked Sendable {
    /// The table's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the table at `pointer`.
    ///
    /// - Parameter pointer: The address of a value-witness table.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// Byte offsets of the fields after the eight leading witnesses.
    enum Offset {
        static let initializeWithCopy = 16
        static let initializeWithTake = 32
        static let destroy = 8
        static let size = 64
        static let stride = 72
        static let flags = 80
        static let extraInhabitantCount = 84
        static let getEnumTag = 88
        static let destructiveInjectEnumTag = 104
    }

    /// Bits of the flags word.
    enum Flag {
        static let alignmentMask: UInt32 = 0xFF
        static let isNonPOD: UInt32 = 0x0001_0000
        static let isNonInline: UInt32 = 0x0002_0000
        static let isNonBitwiseTakable: UInt32 = 0x0010_0000
        static let hasEnumWitnesses: UInt32 = 0x0020_0000
        static let isIncomplete: UInt32 = 0x0040_0000
        static let isNonCopyable: UInt32 = 0x0080_0000
    }

    /// The number of bytes a value occupies.
    public var size: Int { Int(pointer.word(at: Offset.size)) }

    /// The distance in bytes between consecutive values in an array.
    public var stride: Int { Int(pointer.word(at: Offset.stride)) }

    /// The raw flags word.
    public var flags: UInt32 { pointer.uint32(at: Offset.flags) }

    /// The required alignment in bytes.
    public var alignment: Int { Int(flags & Flag.alignmentMask) + 1 }

    /// Whether values are plain data: copied with `memcpy`, destroyed by doing nothing.
    public var isPOD: Bool { flags & Flag.isNonPOD == 0 }

    /// Whether a value fits in an existential's three-word inline buffer.
    public var isInlineStorage: Bool { flags & Flag.isNonInline == 0 }

    /// Whether values may be moved with `memcpy` (false for address-only types such as weak references).
    public var isBitwiseTakable: Bool { flags & Flag.isNonBitwiseTakable == 0 }

    /// Whether values can be copied (false for `~Copyable` types).
    public var isCopyable: Bool { flags & Flag.isNonCopyable == 0 }

    /// Whether the table carries the enum witnesses.
    public var hasEnumWitnesses: Bool { flags & Flag.hasEnumWitnesses != 0 }

    /// The number of bit patterns that are not valid values (used by enums to store tags).
    public var extraInhabitantCount: Int { Int(pointer.uint32(at: Offset.extraInhabitantCount)) }

    typealias CopyWitness =
        @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeRawPointer) -> UnsafeMutableRawPointer?
    typealias DestroyWitness = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    typealias InjectTagWitness = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void
    typealias GetTagWitness = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

    /// Loads the function pointer at `offset` as `Function`.
    func witness<Function>(at offset: Int, as type: Function.Type) -> Function? {
        guard let address = pointer.pointer(at: offset) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
