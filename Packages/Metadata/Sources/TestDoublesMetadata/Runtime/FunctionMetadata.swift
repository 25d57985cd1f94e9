/// The metadata of a function type: convention, parameters, result and effects.
///
/// Layout: kind, a flags word, the result type, one type per parameter, then
/// (as the flags announce) 32-bit parameter flags, a differentiability word,
/// a global actor type, 32-bit extended flags and a thrown error type, each
/// aligned to its size.
public struct FunctionMetadata: Hashable, @unchecked Sendable {
    /// How a function value is represented and called.
    public enum Convention: Hashable, Sendable {
        /// A thick Swift closure: entry point and retained context (two words).
        case swift
        /// An Objective-C block.
        case block
        /// A thin Swift function: entry point only.
        case thin
        /// A C function pointer.
        case c
        /// A convention value this reader does not know.
        case unknown(UInt8)
    }

    /// How a parameter is passed.
    public enum Ownership: Hashable, Sendable {
        /// The default for the position (borrowed for most parameters).
        case `default`
        /// `inout`.
        case `inout`
        /// `borrowing` / `__shared`.
        case borrowing
        /// `consuming` / `__owned`.
        case consuming
        /// An ownership value this reader does not know.
        case unknown(UInt8)
    }

    /// One parameter of the function type.
    public struct Parameter: Hashable, @unchecked Sendable {
        /// The parameter's type.
        public let type: TypeMetadata
        /// How the parameter is passed.
        public let ownership: Ownership
        /// Whether the parameter is variadic (`T...`).
        public let isVariadic: Bool
        /// Whether the parameter is `@autoclosure`.
        public let isAutoclosure: Bool
        /// Whether the parameter is `isolated`.
        public let isIsolated: Bool
        /// Whether the parameter is `sending`.
        public let isSending: Bool
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as function metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/function``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.function, named: "function")
        self.metadata = metadata
    }

    private static let word = MemoryLayout<UInt>.size

    /// The raw flags word.
    public var flags: UInt { metadata.pointer.word(at: Self.word) }

    /// The calling convention.
    public var convention: Convention {
        switch UInt8(truncatingIfNeeded: flags >> 16) {
        case 0: .swift
        case 1: .block
        case 2: .thin
        case 3: .c
        case let other: .unknown(other)
        }
    }

    /// Whether the function throws (typed or untyped).
    public var isThrowing: Bool { flags & 0x0100_0000 != 0 }

    /// Whether the function type is escaping.
    public var isEscaping: Bool { flags & 0x0400_0000 != 0 }

    /// Whether the function is `async`.
    public var isAsync: Bool { flags & 0x2000_0000 != 0 }

    /// Whether the function type is `@Sendable`.
    public var isSendable: Bool { flags & 0x4000_0000 != 0 }

    /// Whether the function type is `@differentiable`.
    public var isDifferentiable: Bool { flags & 0x0800_0000 != 0 }

    private var hasParameterFlags: Bool { flags & 0x0200_0000 != 0 }
    private var hasGlobalActor: Bool { flags & 0x1000_0000 != 0 }
    private var hasExtendedFlags: Bool { flags & 0x8000_0000 != 0 }

    /// The number of parameters.
    public var parameterCount: Int { Int(flags & 0xFFFF) }

    /// The result type (`()` for Void).
    public var resultType: TypeMetadata { TypeMetadata(pointer: metadata.pointer.pointer(at: 2 * Self.word)!) }

    /// The parameters in order.
    public var parameters: [Parameter] {
        let count = parameterCount
        let types = metadata.pointer + 3 * Self.word
        let flagsBase = types + count * Self.word
        return (0..<count).map { index in
            let raw = hasParameterFlags ? flagsBase.uint32(at: index * 4) : 0
            let ownership: Ownership =
                switch UInt8(raw & 0x7F) {
                case 0: .default
                case 1: .inout
                case 2: .borrowing
                case 3: .consuming
                case let other: .unknown(other)
                }
            return Parameter(
                type: TypeMetadata(pointer: types.pointer(at: index * Self.word)!),
                ownership: ownership,
                isVariadic: raw & 0x80 != 0,
                isAutoclosure: raw & 0x100 != 0,
                isIsolated: raw & 0x400 != 0,
                isSending: raw & 0x800 != 0)
        }
    }

    /// The offset just past the trailing parameter flags.
    private var afterParameterFlags: Int {
        let count = parameterCount
        var offset = 3 * Self.word + count * Self.word
        if hasParameterFlags { offset += count * 4 }
        return offset
    }

    private static func align(_ offset: Int, to alignment: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// The global actor the function is isolated to, if any.
    public var globalActor: TypeMetadata? {
        guard hasGlobalActor else { return nil }
        var offset = Self.align(afterParameterFlags, to: Self.word)
        if isDifferentiable { offset += Self.word }
        return metadata.pointer.pointer(at: offset).map(TypeMetadata.init(pointer:))
    }

    /// The extended flags word, zero when absent.
    public var extendedFlags: UInt32 {
        guard hasExtendedFlags else { return 0 }
        return metadata.pointer.uint32(at: extendedFlagsOffset)
    }

    private var extendedFlagsOffset: Int {
        var offset = Self.align(afterParameterFlags, to: Self.word)
        if isDifferentiable { offset += Self.word }
        if hasGlobalActor { offset += Self.word }
        return offset
    }

    /// The thrown error type of a `throws(E)` function, nil for untyped or no throws.
    public var thrownErrorType: TypeMetadata? {
        guard hasExtendedFlags, extendedFlags & 0x1 != 0 else { return nil }
        let offset = Self.align(extendedFlagsOffset + 4, to: Self.word)
        return metadata.pointer.pointer(at: offset).map(TypeMetadata.init(pointer:))
    }
}
