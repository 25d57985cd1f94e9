/// The shape of a type as the calling convention sees it: its scalar leaves
/// and where they sit, or the fact that it can only live in memory.
///
/// Build one from runtime metadata with ``init(of:)``, or write one by hand
/// (test fixtures, types known only by description).
public indirect enum TypeLayout: Hashable, Sendable {
    /// A zero-sized value (empty struct, `()`, thin metatype): passed as nothing.
    case empty
    /// An integer-like scalar of `size` bytes (1, 2, 4 or 8): integers, `Bool`,
    /// pointers, object references; or 16, the 128-bit integer of `Int128` and
    /// `UInt128`, which classification splits into a register pair.
    case integer(size: Int)
    /// A floating-point scalar of `size` bytes (2 `Float16`, 4 `Float`, 8 `Double`).
    case floatingPoint(size: Int)
    /// A builtin SIMD vector of `count` elements of `elementSize` bytes.
    case vector(count: Int, elementSize: Int, isFloatingPoint: Bool)
    /// `size` bytes whose meaning the convention ignores (enum payloads and tags):
    /// carried in general-purpose registers, a word at a time.
    case opaque(size: Int)
    /// A struct or tuple: its fields at byte offsets, with the total size and alignment.
    case aggregate(size: Int, alignment: Int, fields: [Field])
    /// A value that must stay in memory (not bitwise-takable, or an opaque
    /// existential): always passed and returned by address.
    case addressOnly(size: Int, alignment: Int)

    /// One field of an aggregate.
    public struct Field: Hashable, Sendable {
        /// The field's byte offset in the aggregate.
        public var offset: Int
        /// The field's layout.
        public var layout: TypeLayout

        /// A field of `layout` at `offset`.
        ///
        /// - Parameters:
        ///   - offset: The byte offset in the aggregate.
        ///   - layout: The field's layout.
        public init(offset: Int, layout: TypeLayout) {
            self.offset = offset
            self.layout = layout
        }
    }

    /// A struct laid out with natural alignment, as Swift lays out stored properties.
    ///
    /// - Parameter fields: The field layouts in declaration order.
    /// - Returns: The aggregate with computed offsets, size and alignment.
    public static func naturallyAligned(_ fields: [TypeLayout]) -> TypeLayout {
        var offset = 0
        var alignment = 1
        var placed: [Field] = []
        for field in fields {
            let fieldAlignment = field.alignment
            offset = (offset + fieldAlignment - 1) / fieldAlignment * fieldAlignment
            placed.append(Field(offset: offset, layout: field))
            offset += field.size
            alignment = max(alignment, fieldAlignment)
        }
        return .aggregate(size: offset, alignment: alignment, fields: placed)
    }

    /// The number of bytes the value occupies.
    public var size: Int {
        switch self {
        case .empty: 0
        case .integer(let size), .floatingPoint(let size), .opaque(let size): size
        case .vector(let count, let elementSize, _): count * elementSize
        case .aggregate(let size, _, _), .addressOnly(let size, _): size
        }
    }

    /// Whether the value, or any field of it, must stay in memory.
    public var containsAddressOnly: Bool {
        switch self {
        case .addressOnly: true
        case .aggregate(_, _, let fields): fields.contains { $0.layout.containsAddressOnly }
        default: false
        }
    }

    /// The value's alignment in bytes.
    public var alignment: Int {
        switch self {
        case .empty: 1
        case .integer(let size), .floatingPoint(let size): size
        case .opaque(let size): size >= 8 ? 8 : Swift.max(1, size)
        case .vector(let count, let elementSize, _): Swift.min(16, count * elementSize)
        case .aggregate(_, let alignment, _), .addressOnly(_, let alignment): alignment
        }
    }
}
