/// The standard library's integer, `Bool` and floating-point scalars: the
/// argument types a front can hand the engine as raw words, so a call with
/// only such arguments is recorded without boxing.
///
/// A value of one of these types is its own bytes, little end first, in the
/// low bytes of a 64-bit word (`Bool` as 0 or 1); the rest of the word is
/// zero in the words this type produces and ignored in the words it reads.
public enum ScalarKind: UInt8, Hashable, Sendable {
    /// `Int`.
    case int = 1
    /// `Int64`.
    case int64
    /// `Int32`.
    case int32
    /// `Int16`.
    case int16
    /// `Int8`.
    case int8
    /// `UInt`.
    case uint
    /// `UInt64`.
    case uint64
    /// `UInt32`.
    case uint32
    /// `UInt16`.
    case uint16
    /// `UInt8`.
    case uint8
    /// `Bool`.
    case bool
    /// `Double`.
    case double
    /// `Float`.
    case float

    /// The kind of `type`, or nil when it is not one of the scalars.
    ///
    /// - Parameter type: A type.
    public init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Float.self): self = .float
        default: return nil
        }
    }

    /// The type this kind stands for.
    public var type: Any.Type {
        switch self {
        case .int: Int.self
        case .int64: Int64.self
        case .int32: Int32.self
        case .int16: Int16.self
        case .int8: Int8.self
        case .uint: UInt.self
        case .uint64: UInt64.self
        case .uint32: UInt32.self
        case .uint16: UInt16.self
        case .uint8: UInt8.self
        case .bool: Bool.self
        case .double: Double.self
        case .float: Float.self
        }
    }

    /// The value's size in bytes (its alignment too).
    @inlinable
    public var byteCount: Int {
        switch self {
        case .int, .int64, .uint, .uint64, .double: 8
        case .int32, .uint32, .float: 4
        case .int16, .uint16: 2
        case .int8, .uint8, .bool: 1
        }
    }

    /// The word with only this kind's bytes of `word` kept (a `Bool` as 0 or 1).
    ///
    /// - Parameter word: A word whose low bytes hold a value of this kind.
    /// - Returns: The same value with every other bit zero.
    @inlinable
    public func normalized(_ word: UInt64) -> UInt64 {
        switch self {
        case .int, .int64, .uint, .uint64, .double: word
        case .int32, .uint32, .float: word & 0xFFFF_FFFF
        case .int16, .uint16: word & 0xFFFF
        case .int8, .uint8: word & 0xFF
        // Swift passes `true` as 1 and `false` as 0 in the low byte.
        case .bool: word & 0xFF == 0 ? 0 : 1
        }
    }

    /// The value whose bytes are the low bytes of `word`, boxed.
    ///
    /// - Parameter word: A word whose low bytes hold a value of this kind.
    /// - Returns: The value.
    public func value(from word: UInt64) -> Any {
        switch self {
        case .int: Int(truncatingIfNeeded: word)
        case .int64: Int64(truncatingIfNeeded: word)
        case .int32: Int32(truncatingIfNeeded: word)
        case .int16: Int16(truncatingIfNeeded: word)
        case .int8: Int8(truncatingIfNeeded: word)
        case .uint: UInt(truncatingIfNeeded: word)
        case .uint64: word
        case .uint32: UInt32(truncatingIfNeeded: word)
        case .uint16: UInt16(truncatingIfNeeded: word)
        case .uint8: UInt8(truncatingIfNeeded: word)
        case .bool: UInt8(truncatingIfNeeded: word) != 0
        case .double: Double(bitPattern: word)
        case .float: Float(bitPattern: UInt32(truncatingIfNeeded: word))
        }
    }

    /// The bytes of `value` in the low end of a word (the rest zero); nil
    /// when `value` is not of this kind's type.
    ///
    /// The check compares type identities and the bytes are copied out of
    /// the opened value, so no dynamic cast runs.
    ///
    /// - Parameter value: A boxed value.
    /// - Returns: The value's word, or nil.
    public func word(of value: Any) -> UInt64? {
        // `type(of:)` looks through an existential inside the box (`42 as any Equatable` boxed as `Any`
        // reports `Int`), so the opened value's own static type is what is compared.
        func open<Value>(_ opened: Value) -> UInt64? {
            guard ObjectIdentifier(Value.self) == ObjectIdentifier(type) else { return nil }
            return bits(of: opened)
        }
        return _openExistential(value, do: open)
    }

    /// The bytes of `value`, which must be of this kind's type, in the low
    /// end of a word (the rest zero).
    ///
    /// `Value` is this kind's type, so its bits are read as that type (a
    /// generic copy of its bytes cost about 100 instructions unspecialized);
    /// a caller checks the type first (once, when the type is known early).
    ///
    /// - Parameter value: A value of this kind's type.
    /// - Returns: The value's word.
    @inlinable
    public func bits<Value>(of value: Value) -> UInt64 {
        switch self {
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
    }
}
