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

    /// The kind of `value`'s type and its bits in the low end of a word
    /// (the rest zero), or nil when its type is not one of the scalars.
    @inlinable
    @inline(__always)
    static func word<T>(of value: T) -> (ScalarKind, UInt64)? {
        guard let kind = kind(of: T.self) else { return nil }
        return (kind, kind.bits(of: value))
    }

    /// The arguments as words when there are at most
    /// ``ScalarArguments/capacity`` of them and every one is a scalar; nil otherwise.
    @inlinable
    @inline(__always)
    static func arguments<each A>(_ values: repeat each A) -> ScalarArguments? {
        // The types first: for a concrete pack this folds to a constant, so a
        // call with any other argument never reads (and copies) its values.
        var count = 0
        var scalarTypes = true
        for type in repeat (each A).self {
            count += 1
            if kind(of: type) == nil { scalarTypes = false }
        }
        guard scalarTypes, count <= ScalarArguments.capacity else { return nil }
        var words: (first: (ScalarKind, UInt64)?, second: (ScalarKind, UInt64)?) = (nil, nil)
        var position = 0
        for value in repeat each values {
            let word = word(of: value)
            if position == 0 { words.first = word } else { words.second = word }
            position += 1
        }
        switch (words.first, words.second) {
        case (nil, _): return ScalarArguments()
        case (let first?, nil): return ScalarArguments(first.0, first.1)
        case (let first?, let second?): return ScalarArguments(first.0, first.1, second.0, second.1)
        }
    }
}
