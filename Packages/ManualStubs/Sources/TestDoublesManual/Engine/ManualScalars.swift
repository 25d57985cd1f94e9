import TestDoublesRecorder

/// The scalar lane of a conformer's call: arguments and answers of the
/// standard library's integer, `Bool` and floating-point types as raw
/// words (``ScalarKind``), as the runtime `Stub` hands them to the engine.
///
/// Inlined into the conformer, where the types are usually concrete: the
/// type tests fold away, an `Int` argument becomes its word and an `Int`
/// answer comes back from its word, with nothing boxed. The words are the
/// values' own bits, so what the ledger records, `arguments()` returns and
/// the matchers see is exactly the value passed.
@usableFromInline
enum ManualScalars {
    /// The scalar kind of `T`, or nil when `T` is not one of the scalars.
    @inlinable
    @inline(__always)
    static func kind<T>(of _: T.Type) -> ScalarKind? {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(Int.self): .int
        case ObjectIdentifier(Int64.self): .int64
        case ObjectIdentifier(Int32.self): .int32
        case ObjectIdentifier(Int16.self): .int16
        case ObjectIdentifier(Int8.self): .int8
        case ObjectIdentifier(UInt.self): .uint
        case ObjectIdentifier(UInt64.self): .uint64
        case ObjectIdentifier(UInt32.self): .uint32
        case ObjectIdentifier(UInt16.self): .uint16
        case ObjectIdentifier(UInt8.self): .uint8
        case ObjectIdentifier(Bool.self): .bool
        case ObjectIdentifier(Double.self): .double
        case ObjectIdentifier(Float.self): .float
        default: nil
        }
    }

    /// The arguments as words when there are at most
    /// ``ScalarArguments/capacity`` of them and every one is a scalar; nil otherwise.
    @inlinable
    @inline(__always)
    static func arguments<each A>(_ values: repeat each A) -> ScalarArguments? {
        // The types first: for a concrete pack this folds to constants, so a
        // call with any other argument never reads (and copies) its values.
        var count = 0
        var kinds: (first: ScalarKind?, second: ScalarKind?) = (nil, nil)
        var sizes = (first: 0, second: 0)
        for type in repeat (each A).self {
            guard let kind = kind(of: type) else { return nil }
            if count == 0 {
                kinds.first = kind
                sizes.first = kind.byteCount
            } else {
                kinds.second = kind
                sizes.second = kind.byteCount
            }
            count += 1
        }
        guard count <= ScalarArguments.capacity else { return nil }
        guard let first = kinds.first else { return ScalarArguments() }
        // Read from one tuple of the values: a loop over the pack's values
        // copied each into a generic temporary and read it through an
        // unspecialized call.
        return withUnsafeBytes(of: (repeat each values)) { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let firstWord = word(ofSize: sizes.first, at: base)
            guard let second = kinds.second else { return ScalarArguments(first, firstWord) }
            // After the first value, at the second's alignment (a scalar's size).
            let offset = (sizes.first + sizes.second - 1) / sizes.second * sizes.second
            return ScalarArguments(first, firstWord, second, word(ofSize: sizes.second, at: base + offset))
        }
    }

    /// The bits of the scalar of `size` bytes stored at `address`, in the low
    /// end of a word (the rest zero): the word ``ScalarKind/bits(of:)`` gives
    /// (a `Bool`'s byte is 0 or 1).
    @inlinable
    @inline(__always)
    static func word(ofSize size: Int, at address: UnsafeRawPointer) -> UInt64 {
        switch size {
        case 8: address.loadUnaligned(as: UInt64.self)
        case 4: UInt64(address.loadUnaligned(as: UInt32.self))
        case 2: UInt64(address.loadUnaligned(as: UInt16.self))
        default: UInt64(address.load(as: UInt8.self))
        }
    }
}
