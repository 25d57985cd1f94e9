import TestDoublesMetadata

/// One element of a tuple result that is not itself a tuple: where its
/// bytes sit in the tuple, and, for an element returned in registers, in the
/// tuple of the directly returned elements.
public struct TupleResultElement: Sendable, Hashable {
    /// The element's byte offset in the (outermost) tuple.
    public var offset: Int
    /// The element's size (`MemoryLayout.size`).
    public var size: Int
    /// For an element returned in registers: its offset in the tuple of the
    /// directly returned elements, laid out on their own. Unused for an
    /// element returned by address.
    public var packedOffset: Int

    /// Describes one element.
    ///
    /// - Parameters:
    ///   - offset: The element's byte offset in the tuple.
    ///   - size: The element's size.
    ///   - packedOffset: Its offset among the directly returned elements (0 for one returned by address).
    public init(offset: Int, size: Int, packedOffset: Int = 0) {
        self.offset = offset
        self.size = size
        self.packedOffset = packedOffset
    }
}

/// How Swift returns a tuple holding elements passed by address (an
/// existential, a resilient or generic value): each such element through a
/// result address of its own, which the caller passes as a leading argument
/// (before the visible arguments, after nothing; on x86_64 rdi, rsi, ...),
/// and the other elements, laid out as a tuple of their own, in the result
/// registers. Measured with `swiftc -emit-ir -O` and the caller's machine
/// code (Swift 6.3.1, x86_64): `(Int, any P, String, any P)` is called with
/// two result addresses first and answers `{i64, i64, ptr}`;
/// `(Int32, any P, Int32)` answers one `i64` (the two `Int32`s side by side);
/// nested tuples are flattened.
public struct TupleResultLowering: Sendable, Hashable {
    /// The elements returned by address, in order.
    public var addressed: [TupleResultElement]
    /// The elements returned in registers, in order.
    public var direct: [TupleResultElement]
    /// The lowering of the directly returned elements taken together (at
    /// their packed offsets).
    public var remainder: ValueLowering

    /// Describes a split tuple result.
    ///
    /// - Parameters:
    ///   - addressed: The elements returned by address, in order.
    ///   - direct: The elements returned in registers, in order.
    ///   - remainder: The lowering of the directly returned elements together.
    public init(addressed: [TupleResultElement], direct: [TupleResultElement], remainder: ValueLowering) {
        self.addressed = addressed
        self.direct = direct
        self.remainder = remainder
    }
}

/// Where a tuple result split by ``TupleResultLowering`` goes in the frame.
public struct SplitResult: Sendable, Hashable {
    /// Each element returned by address: its place in the tuple and where
    /// the caller passed its result address (an argument location).
    public var addressed: [AddressedElement]
    /// The elements returned in registers, in order.
    public var direct: [TupleResultElement]
    /// The directly returned elements' fragments (offsets among those
    /// elements, ``TupleResultElement/packedOffset``) in result registers.
    public var remainder: [PlacedFragment]

    /// Describes a placed split result.
    ///
    /// - Parameters:
    ///   - addressed: The elements returned by address and where their addresses travel.
    ///   - direct: The elements returned in registers.
    ///   - remainder: Their fragments in result registers.
    public init(addressed: [AddressedElement], direct: [TupleResultElement], remainder: [PlacedFragment]) {
        self.addressed = addressed
        self.direct = direct
        self.remainder = remainder
    }

    /// The bytes the directly returned elements occupy laid out on their own
    /// (at least one, rounded up to whole 16-byte registers).
    var packedByteCount: Int {
        let end = direct.reduce(0) { max($0, $1.packedOffset + $1.size) }
        let fragments = remainder.reduce(end) { max($0, $1.fragment.offset + $1.fragment.size) }
        return max(16, (fragments + 15) / 16 * 16)
    }
}
