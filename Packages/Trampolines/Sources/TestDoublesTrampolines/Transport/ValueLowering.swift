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
public struct LoweredFragment: Sendable, Hashable {
    /// The byte offset of the fragment inside the value.
    public var offset: Int
    /// The number of bytes (1-8 for general-purpose, 1-16 for vector fragments).
    public var size: Int
    /// The register bank the fragment travels in.
    public var bank: RegisterBank

    /// Describes one fragment.
    ///
    /// - Parameters:
    ///   - offset: The byte offset inside the value.
    ///   - size: The number of bytes.
    ///   - bank: The register bank.
    public init(offset: Int, size: Int, bank: RegisterBank) {
        self.offset = offset
        self.size = size
        self.bank = bank
    }
}

/// How a value crosses a call boundary, as classification decided.
///
/// This is the input of placement: it says how a value is split, not where
/// the pieces go. Metadata's ABI classification produces it.
public enum ValueLowering: Sendable, Hashable {
    /// A zero-sized value: nothing travels.
    case empty
    /// The value is split into register-sized fragments, in order.
    case direct([LoweredFragment])
    /// The value is passed by address (one general-purpose word).
    case indirect

    /// `size` bytes in whole machine words (the lowering of integers,
    /// references, and other values without floating-point parts).
    ///
    /// - Parameter size: The value's size in bytes.
    /// - Returns: One general-purpose fragment per started 8-byte word.
    public static func words(byteCount size: Int) -> ValueLowering {
        guard size > 0 else { return .empty }
        return .direct(
            stride(from: 0, to: size, by: 8).map {
                LoweredFragment(offset: $0, size: min(8, size - $0), bank: .generalPurpose)
            })
    }

    /// One machine word: `Int`, a class reference, a pointer.
    public static let word = ValueLowering.words(byteCount: 8)

    /// One `Double` in a vector register.
    public static let double = ValueLowering.direct([LoweredFragment(offset: 0, size: 8, bank: .vector)])

    /// One `Float` in a vector register.
    public static let float = ValueLowering.direct([LoweredFragment(offset: 0, size: 4, bank: .vector)])
}

/// Where one fragment of a value travels.
public enum FragmentLocation: Sendable, Hashable {
    /// General-purpose argument (or result) register `index`.
    case generalPurpose(Int)
    /// Vector argument (or result) register `index`.
    case vector(Int)
    /// Stack argument word `index`, counted from the caller's stack pointer.
    case stack(Int)
}

/// A fragment together with the place it travels in.
public struct PlacedFragment: Sendable, Hashable {
    /// Which bytes of the value.
    public var fragment: LoweredFragment
    /// Where they travel.
    public var location: FragmentLocation

    /// Pairs a fragment with its location.
    ///
    /// - Parameters:
    ///   - fragment: Which bytes of the value.
    ///   - location: Where they travel.
    public init(_ fragment: LoweredFragment, at location: FragmentLocation) {
        self.fragment = fragment
        self.location = location
    }
}

/// Where one argument of a call is found in the frame.
public enum ArgumentLocation: Sendable, Hashable {
    /// A zero-sized argument: nothing to read.
    case empty
    /// The argument's fragments, each in a register or a stack word.
    case direct([PlacedFragment])
    /// The argument's address travels at this location.
    case indirect(FragmentLocation)
}

/// Where the result of a call must be written in the frame.
public enum ResultLocation: Sendable, Hashable {
    /// No result (`Void` or another zero-sized type).
    case empty
    /// The result's fragments, each in a result register.
    case direct([PlacedFragment])
    /// The result is initialized at the caller's indirect result address.
    case indirect
}

/// Whether the callee receives an argument at +0 or +1.
public enum ArgumentOwnership: Sendable, Hashable {
    /// +0 (`@guaranteed`, the default for method arguments): the caller keeps
    /// ownership; decoding copies (retains) the value.
    case borrowed
    /// +1 (`@owned`: initializer arguments, setter values, `consuming`): the
    /// callee takes ownership; decoding moves the value without a copy.
    case owned
}
