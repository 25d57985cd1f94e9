import Foundation

/// Walks a value's `Encodable` conformance the way `JSONEncoder` does and
/// throws an ``UnrecordableValue`` for the first value inside it that JSON
/// would store as a different value: an optional of optionals holding
/// `.some(nil)`, or a `URL` relative to a base URL (`JSONEncoder` writes
/// its absolute string); and, to name them with a fix, the values JSON has
/// no number for (an infinity, a NaN, a NaN `Decimal`). It writes nothing; `FixtureValue(encoding:)` runs it before
/// encoding for real.
final class FixtureEncodingCheck: Encoder {
    let codingPath: [any CodingKey]
    let top: Any.Type
    /// What the walk found that encoding must put in order, shared by
    /// every encoder of one walk.
    let found: Found
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The collections whose JSON arrays come out in hash order.
    final class Found {
        var unordered: [FixtureValue.UnorderedArray] = []
    }

    init(codingPath: [any CodingKey], top: Any.Type, found: Found) {
        self.codingPath = codingPath
        self.top = top
        self.found = found
    }

    /// An encoder for a value nested at `path` in the same walk.
    func nested(_ path: [any CodingKey]) -> FixtureEncodingCheck {
        FixtureEncodingCheck(codingPath: path, top: top, found: found)
    }

    /// Checks `value`, the top of a recorded value, and what it encodes.
    /// (An optional of optionals at the top keeps `.some(nil)`:
    /// `FixtureValue(encoding:)` stores it before it gets here.)
    /// - Returns: Where the value holds a `Set` or a `Dictionary` that
    ///   encodes as an array, whose order depends on the process's hash seed.
    static func check(_ value: some Encodable) throws -> [FixtureValue.UnorderedArray] {
        let walk = FixtureEncodingCheck(codingPath: [], top: type(of: value), found: Found())
        try walk.check(value, at: [])
        return walk.found.unordered
    }

    /// Checks one value handed to a container at `path`, then what it encodes.
    func check<T: Encodable>(_ value: T, at path: [any CodingKey]) throws {
        if let optional = value as? any FixtureOptional, let layers = optional.someLayersAroundNone, layers > 0 {
            throw UnrecordableValue.nestedNone(T.self, at: path, in: top)
        }
        if let collection = value as? any FixtureUnorderedCollection {
            found.unordered.append(
                FixtureValue.UnorderedArray(
                    path: path.map { $0 is Index ? .index($0.intValue ?? 0) : .key($0.stringValue) },
                    pairs: type(of: collection).encodesPairs))
        }
        switch value {
        case let url as URL:
            if url.baseURL != nil { throw UnrecordableValue.relativeURL(url, at: path, in: top) }
        case let decimal as Decimal:
            if decimal.isNaN { throw UnrecordableValue.nonFinite("NaN", Decimal.self, at: path, in: top) }
        case is Data, is Date, is String, is UUID:
            return  // leaves JSONEncoder stores whole
        default:
            try value.encode(to: nested(path))
        }
    }

    /// Checks a floating-point number a container is handed directly.
    func checkNumber(_ value: some BinaryFloatingPoint, at path: [any CodingKey]) throws {
        if !value.isFinite { throw UnrecordableValue.nonFinite("\(value)", type(of: value), at: path, in: top) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(encoder: self, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self, codingPath: codingPath)
    }

    /// An index into an unkeyed container, as a coding path shows it.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }
        init(_ index: Int) { intValue = index }
        init?(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    /// The key `superEncoder()` of a keyed container writes under.
    struct Super: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(intValue: Int) { nil }
        init?(stringValue: String) { nil }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: FixtureEncodingCheck
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode(_ value: Bool, forKey key: Key) throws {}
        mutating func encode(_ value: String, forKey key: Key) throws {}
        mutating func encode(_ value: Double, forKey key: Key) throws {
            try encoder.checkNumber(value, at: codingPath + [key])
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            try encoder.checkNumber(value, at: codingPath + [key])
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {}
        mutating func encode(_ value: Int8, forKey key: Key) throws {}
        mutating func encode(_ value: Int16, forKey key: Key) throws {}
        mutating func encode(_ value: Int32, forKey key: Key) throws {}
        mutating func encode(_ value: Int64, forKey key: Key) throws {}
        mutating func encode(_ value: UInt, forKey key: Key) throws {}
        mutating func encode(_ value: UInt8, forKey key: Key) throws {}
        mutating func encode(_ value: UInt16, forKey key: Key) throws {}
        mutating func encode(_ value: UInt32, forKey key: Key) throws {}
        mutating func encode(_ value: UInt64, forKey key: Key) throws {}
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(
            _ value: Int128, forKey key: Key
        ) throws {}
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(
            _ value: UInt128, forKey key: Key
        ) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.check(value, at: codingPath + [key])
        }
        /// Synthesized conformances store an optional property with this
        /// call, one layer unwrapped: the whole optional is checked.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            guard value != nil else { return }
            try encoder.check(value, at: codingPath + [key])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(encoder: encoder, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder {
            encoder.nested(codingPath + [Super()])  // JSONEncoder's key for it
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder.nested(codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: FixtureEncodingCheck
        let codingPath: [any CodingKey]
        private(set) var count = 0

        init(encoder: FixtureEncodingCheck, codingPath: [any CodingKey]) {
            self.encoder = encoder
            self.codingPath = codingPath
        }

        private mutating func next() -> [any CodingKey] {
            defer { count += 1 }
            return codingPath + [Index(count)]
        }

        mutating func encodeNil() throws { count += 1 }
        mutating func encode(_ value: Bool) throws { count += 1 }
        mutating func encode(_ value: String) throws { count += 1 }
        mutating func encode(_ value: Double) throws { try encoder.checkNumber(value, at: next()) }
        mutating func encode(_ value: Float) throws { try encoder.checkNumber(value, at: next()) }
        mutating func encode(_ value: Int) throws { count += 1 }
        mutating func encode(_ value: Int8) throws { count += 1 }
        mutating func encode(_ value: Int16) throws { count += 1 }
        mutating func encode(_ value: Int32) throws { count += 1 }
        mutating func encode(_ value: Int64) throws { count += 1 }
        mutating func encode(_ value: UInt) throws { count += 1 }
        mutating func encode(_ value: UInt8) throws { count += 1 }
        mutating func encode(_ value: UInt16) throws { count += 1 }
        mutating func encode(_ value: UInt32) throws { count += 1 }
        mutating func encode(_ value: UInt64) throws { count += 1 }
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(_ value: Int128) throws {
            count += 1
        }
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(_ value: UInt128) throws {
            count += 1
        }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.check(value, at: next()) }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, codingPath: next()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(encoder: encoder, codingPath: next())
        }
        mutating func superEncoder() -> any Encoder {
            encoder.nested(next())
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: FixtureEncodingCheck
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {}
        mutating func encode(_ value: Bool) throws {}
        mutating func encode(_ value: String) throws {}
        mutating func encode(_ value: Double) throws { try encoder.checkNumber(value, at: codingPath) }
        mutating func encode(_ value: Float) throws { try encoder.checkNumber(value, at: codingPath) }
        mutating func encode(_ value: Int) throws {}
        mutating func encode(_ value: Int8) throws {}
        mutating func encode(_ value: Int16) throws {}
        mutating func encode(_ value: Int32) throws {}
        mutating func encode(_ value: Int64) throws {}
        mutating func encode(_ value: UInt) throws {}
        mutating func encode(_ value: UInt8) throws {}
        mutating func encode(_ value: UInt16) throws {}
        mutating func encode(_ value: UInt32) throws {}
        mutating func encode(_ value: UInt64) throws {}
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(_ value: Int128) throws {}
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) mutating func encode(_ value: UInt128) throws {
        }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.check(value, at: codingPath) }
    }
}
