extension ScalarKind {
    /// The value whose bytes are the low bytes of `word`, as `R` when `R` is
    /// this kind's type; `otherwise()` when it is not.
    ///
    /// The check compares type identities, so no value is boxed and no
    /// dynamic cast runs, and nothing of type `R?` is made (an unspecialized
    /// caller would look `Optional<R>`'s metadata up on every call): a front
    /// that knows its result type statically (a `ManualStub` call) takes a
    /// configured scalar answer this way.
    ///
    /// - Parameters:
    ///   - word: A word whose low bytes hold a value of this kind.
    ///   - type: The type the caller expects.
    ///   - otherwise: The answer when `R` is another type.
    /// - Returns: The value, or `otherwise()`.
    public func value<R>(from word: UInt64, as type: R.Type, otherwise: () -> R) -> R {
        guard ObjectIdentifier(R.self) == ObjectIdentifier(self.type) else { return otherwise() }
        // `R` is this kind's type, so the value is handed over as that type.
        return value(from: word, as: R.self)
    }

    /// The value whose bytes are the low bytes of `word`, as `R`, which must
    /// be this kind's type (the caller has checked it: a `ManualStub` call
    /// inlined where `R` is concrete, so the check folds away).
    ///
    /// - Parameters:
    ///   - word: A word whose low bytes hold a value of this kind.
    ///   - type: This kind's type.
    /// - Returns: The value.
    @inlinable
    public func value<R>(from word: UInt64, as type: R.Type) -> R {
        switch self {
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
