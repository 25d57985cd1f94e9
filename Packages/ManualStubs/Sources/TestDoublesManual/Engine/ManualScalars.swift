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
        let word: UInt64 =
            switch kind {
            case .int: UInt64(UInt(bitPattern: unsafeBitCast(value, to: Int.self)))
            case .int64: UInt64(bitPattern: unsafeBitCast(value, to: Int64.self))
            case .int32: UInt64(UInt32(bitPattern: unsafeBitCast(value, to: Int32.self)))
            case .int16: UInt64(UInt16(bitPattern: unsafeBitCast(value, to: Int16.self)))
            case .int8: UInt64(UInt8(bitPattern: unsafeBitCast(value, to: Int8.self)))
            case .uint: UInt64(unsafeBitCast(value, to: UInt.self))
            case .uint64: unsafeBitCast(value, to: UInt64.self)
            case .uint32: UInt64(unsafeBitCast(value, to: UInt32.self))
            case .uint16: UInt64(unsafeBitCast(value, to: UInt16.self))
            case .uint8: UInt64(unsafeBitCast(value, to: UInt8.self))
            case .bool: unsafeBitCast(value, to: Bool.self) ? 1 : 0
            case .double: unsafeBitCast(value, to: Double.self).bitPattern
            case .float: UInt64(unsafeBitCast(value, to: Float.self).bitPattern)
            }
        return (kind, word)
    }

    /// The arguments as words when there are at most
    /// ``ScalarArguments/capacity`` of them and every one is a scalar; nil otherwise.
    @inlinable
    @inline(__always)
    static func arguments<each A>(_ values: repeat each A) -> ScalarArguments? {
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        guard count <= ScalarArguments.capacity else { return nil }
        var words: (first: (ScalarKind, UInt64)?, second: (ScalarKind, UInt64)?) = (nil, nil)
        var position = 0
        var allScalars = true
        for value in repeat each values {
            let word = word(of: value)
            if word == nil { allScalars = false }
            if position == 0 { words.first = word } else { words.second = word }
            position += 1
        }
        guard allScalars else { return nil }
        switch (words.first, words.second) {
        case (nil, _): return ScalarArguments()
        case (let first?, nil): return ScalarArguments(first.0, first.1)
        case (let first?, let second?): return ScalarArguments(first.0, first.1, second.0, second.1)
        }
    }

    /// The value of `kind`, which is `R`'s kind, whose bits are the low bytes of `word`.
    @inlinable
    @inline(__always)
    static func value<R>(_ word: UInt64, as _: R.Type, kind: ScalarKind) -> R {
        switch kind {
        case .int: unsafeBitCast(Int(truncatingIfNeeded: word), to: R.self)
        case .int64: unsafeBitCast(Int64(truncatingIfNeeded: word), to: R.self)
        case .int32: unsafeBitCast(Int32(truncatingIfNeeded: word), to: R.self)
        case .int16: unsafeBitCast(Int16(truncatingIfNeeded: word), to: R.self)
        case .int8: unsafeBitCast(Int8(truncatingIfNeeded: word), to: R.self)
        case .uint: unsafeBitCast(UInt(truncatingIfNeeded: word), to: R.self)
        case .uint64: unsafeBitCast(word, to: R.self)
        case .uint32: unsafeBitCast(UInt32(truncatingIfNeeded: word), to: R.self)
        case .uint16: unsafeBitCast(UInt16(truncatingIfNeeded: word), to: R.self)
        case .uint8: unsafeBitCast(UInt8(truncatingIfNeeded: word), to: R.self)
        case .bool: unsafeBitCast(UInt8(truncatingIfNeeded: word) != 0, to: R.self)
        case .double: unsafeBitCast(Double(bitPattern: word), to: R.self)
        case .float: unsafeBitCast(Float(bitPattern: UInt32(truncatingIfNeeded: word)), to: R.self)
        }
    }
}
