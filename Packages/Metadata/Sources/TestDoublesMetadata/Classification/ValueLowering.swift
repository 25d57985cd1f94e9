/// A register bank of the calling convention.
public enum RegisterBank: Sendable, Hashable {
    /// Integer registers (rdi... / x0...).
    case generalPurpose
    /// Floating-point and vector registers (xmm / v).
    case vector
}

/// One piece of a directly passed value: bytes `offset ..< offset + size` of
/// the value travel in one register of `bank` (or one stack word when the
/// bank is exhausted), in the register's low bytes.
public struct LoweredFragment: Sendable, Hashable, CustomStringConvertible {
    /// What a fragment holds, which decides its register bank.
    public enum Kind: Sendable, Hashable {
        /// Integer bytes, carried in a general-purpose register (low bytes first).
        case integer
        /// A floating-point scalar, carried in the low bytes of a vector register.
        case floatingPoint
        /// A SIMD vector, carried in a vector register.
        case vector
    }

    /// What the fragment holds.
    public var kind: Kind
    /// The byte offset of the fragment inside the value.
    public var offset: Int
    /// The number of bytes (1-8 for general-purpose, 1-16 for vector fragments).
    public var size: Int
    /// Whether this fragment is the low half of a 128-bit integer (`Int128`,
    /// `UInt128`) whose high half is the next fragment: the two travel as one
    /// register pair, and when the pair does not fit the registers left, both
    /// go to the stack (where each architecture's rule puts them, which
    /// placement decides). Result placement ignores it: a result's pair takes
    /// the next two result registers, like any two integer fragments.
    public var startsPair: Bool

    /// Describes one fragment.
    ///
    /// - Parameters:
    ///   - kind: What the fragment holds.
    ///   - offset: The byte offset inside the value.
    ///   - size: The number of bytes.
    ///   - startsPair: Whether the fragment is the low half of a 128-bit
    ///     integer whose high half is the next fragment.
    public init(_ kind: Kind, offset: Int, size: Int, startsPair: Bool = false) {
        self.kind = kind
        self.offset = offset
        self.size = size
        self.startsPair = startsPair
    }

    /// The register bank the fragment travels in: general-purpose for
    /// integer bytes, vector for floating-point scalars and vectors.
    public var bank: RegisterBank { kind == .integer ? .generalPurpose : .vector }

    /// A compact spelling such as `int8@0`, `fp4@4` or `vec16@16` (`pair8@0`
    /// for the low half of a 128-bit integer).
    public var description: String {
        let prefix =
            switch kind {
            case .integer: startsPair ? "pair" : "int"
            case .floatingPoint: "fp"
            case .vector: "vec"
            }
        return "\(prefix)\(size)@\(offset)"
    }
}

/// How a value crosses a Swift call, as classification (``ABIClassifier``)
/// decides it: nothing, register-sized fragments, or its address.
///
/// This says how a value is split, not where the pieces go: Trampolines'
/// `TrampolineConvention` and `CallPlan` place the fragments.
public enum ValueLowering: Sendable, Hashable, CustomStringConvertible {
    /// A zero-sized value: nothing travels.
    case empty
    /// The value is split into register-sized fragments, in order.
    case direct([LoweredFragment])
    /// The value is passed by address (one general-purpose word); for a
    /// result, the caller passes the address of its buffer to initialize.
    case indirect

    /// `size` bytes in whole machine words (the lowering of integers,
    /// references, and other values without floating-point parts).
    ///
    /// - Parameter size: The value's size in bytes.
    /// - Returns: One general-purpose fragment per started 8-byte word.
    public static func words(byteCount size: Int) -> ValueLowering {
        guard size > 0 else { return .empty }
        return .direct(
            stride(from: 0, to: size, by: 8).map { LoweredFragment(.integer, offset: $0, size: min(8, size - $0)) })
    }

    /// One machine word: `Int`, a class reference, a pointer.
    public static let word = ValueLowering.words(byteCount: 8)

    /// One `Double` in a vector register.
    public static let double = ValueLowering.direct([LoweredFragment(.floatingPoint, offset: 0, size: 8)])

    /// One `Float` in a vector register.
    public static let float = ValueLowering.direct([LoweredFragment(.floatingPoint, offset: 0, size: 4)])

    /// A compact spelling such as `direct[int8@0, fp8@8]`, `empty` or `indirect`.
    public var description: String {
        switch self {
        case .empty: "empty"
        case .direct(let fragments): "direct[\(fragments.map(\.description).joined(separator: ", "))]"
        case .indirect: "indirect"
        }
    }
}
