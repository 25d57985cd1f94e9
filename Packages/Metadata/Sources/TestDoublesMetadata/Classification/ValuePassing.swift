/// One register-sized piece of a value passed directly: which kind of
/// register carries it and which bytes of the value it holds.
public struct RegisterPart: Hashable, Sendable, CustomStringConvertible {
    /// What a part holds, which decides its register bank.
    public enum Kind: Hashable, Sendable {
        /// Integer bytes, carried in a general-purpose register (low bytes first).
        case integer
        /// A floating-point scalar, carried in the low bytes of a vector register.
        case floatingPoint
        /// A SIMD vector, carried in a vector register.
        case vector
    }

    /// What the part holds.
    public var kind: Kind
    /// The byte offset in the value of the part's first byte.
    public var offset: Int
    /// The number of bytes of the value the part carries.
    public var size: Int

    /// A part of `kind` carrying `size` bytes from `offset`.
    ///
    /// - Parameters:
    ///   - kind: What the part holds.
    ///   - offset: The byte offset in the value.
    ///   - size: The number of bytes.
    public init(_ kind: Kind, offset: Int, size: Int) {
        self.kind = kind
        self.offset = offset
        self.size = size
    }

    /// Whether the part travels in a general-purpose register (otherwise a vector register).
    public var isGeneralPurpose: Bool { kind == .integer }

    /// A compact spelling such as `int8@0`, `fp4@4` or `vec16@16`.
    public var description: String {
        let prefix =
            switch kind {
            case .integer: "int"
            case .floatingPoint: "fp"
            case .vector: "vec"
            }
        return "\(prefix)\(size)@\(offset)"
    }
}

/// How a value crosses a Swift call: in registers (as a sequence of parts)
/// or in memory, by address.
public enum ValuePassing: Hashable, Sendable, CustomStringConvertible {
    /// In registers, one per part, in order (no parts for a zero-sized value).
    case direct([RegisterPart])
    /// In memory: the caller passes the value's address (for a result, the
    /// address of the caller's buffer to initialize).
    case indirect

    /// The register parts of a direct value, empty for an indirect one.
    public var parts: [RegisterPart] {
        if case .direct(let parts) = self { return parts }
        return []
    }

    /// A compact spelling such as `direct[int8@0, fp8@8]` or `indirect`.
    public var description: String {
        switch self {
        case .direct(let parts): "direct[\(parts.map(\.description).joined(separator: ", "))]"
        case .indirect: "indirect"
        }
    }
}
