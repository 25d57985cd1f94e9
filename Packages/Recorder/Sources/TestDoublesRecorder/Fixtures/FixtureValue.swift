import Foundation

/// A JSON value as a fixture stores it: an argument, a result or an error
/// payload, encoded through `Codable`.
///
/// Fixtures keep values as JSON trees (not as JSON text inside JSON), so a
/// saved fixture reads and diffs like the values themselves.
public enum FixtureValue: Hashable, Sendable, CustomStringConvertible {
    /// `null`; also how a `Void` result is stored.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits `Int64`.
    case integer(Int64)
    /// A number without a fraction above `Int64.max`.
    case unsignedInteger(UInt64)
    /// Any other number that a `Double` holds as written, and a negative
    /// zero (`-0`, which an integer would read as `0`).
    case double(Double)
    /// A number that a `Double` would round: more significant digits than a
    /// `Double` keeps (a `Decimal` amount with 18 fraction digits, an integer
    /// beyond `UInt64`), up to the 38 digits a `Decimal` holds.
    case decimal(Decimal)
    /// A string.
    case string(String)
    /// An array.
    case array([FixtureValue])
    /// An object; saved with its keys sorted.
    case object([String: FixtureValue])

    /// The value as compact JSON text with sorted keys, for diagnostics.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
            return "<unprintable JSON>"
        }
        return text
    }

    /// Encodes `value` through its `Encodable` conformance.
    ///
    /// A value that is itself an optional of optionals keeps its layers:
    /// `Int??.some(nil)` is stored as `{"$some": null}`, which
    /// ``decode(as:)`` reads back as `.some(nil)` (JSON's one `null` is
    /// `.none`).
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The value's JSON tree.
    /// - Throws: The encoder's error when the value cannot be represented in
    ///   JSON, or an error naming the part of the value and a fix when JSON
    ///   would store a different value: a non-finite number, a NaN
    ///   `Decimal`, a `URL` relative to a base URL, or an optional of
    ///   optionals holding `.some(nil)` inside the value.
    public init(encoding value: any Encodable) throws {
        if let optional = value as? any FixtureOptional, type(of: optional).nesting > 1 {
            if let layers = optional.someLayersAroundNone, layers > 0 {
                self = Self.someNoneMarker(layers)
                return
            }
            try self.init(checkedEncoding: value)
            if case .object(let fields) = self, fields.count == 1, fields[Self.someMarkerKey] != nil {
                throw UnrecordableValue.markerLike(type(of: value))
            }
            return
        }
        try self.init(checkedEncoding: value)
    }

    private init(checkedEncoding value: any Encodable) throws {
        let unordered = try FixtureEncodingCheck.check(value)
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(FixtureValue.self, from: data).sortingUnorderedArrays(unordered)
    }

    /// Decodes the value as `type`.
    ///
    /// - Parameter type: The type to decode.
    /// - Returns: The decoded value.
    /// - Throws: The decoder's error when the JSON does not describe a `type`.
    public func decode<T: Decodable>(as type: T.Type) throws -> T {
        if let optional = T.self as? any FixtureOptional.Type, optional.nesting > 1, let layers = someNoneLayers {
            guard let made = optional.none(inside: layers), let value = made as? T else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [],
                        debugDescription: "\(self) is .some(nil) inside \(layers) optional layer(s), and \(T.self) "
                            + "has \(optional.nesting)"))
            }
            return value
        }
        let data = try JSONEncoder().encode(self)
        return try JSONDecoder().decode(T.self, from: data)
    }

    /// The key of the object that stands for one `.some` layer around a
    /// `nil` in an optional of optionals.
    static let someMarkerKey = "$some"

    /// `{"$some": null}` for `.some(nil)`, `{"$some": {"$some": null}}` for
    /// `.some(.some(nil))`.
    static func someNoneMarker(_ layers: Int) -> FixtureValue {
        var marker = FixtureValue.null
        for _ in 0..<layers { marker = .object([someMarkerKey: marker]) }
        return marker
    }

    /// The number of `.some` layers a marker of ``someNoneMarker(_:)`` wraps
    /// around its `null`; nil for any other value.
    var someNoneLayers: Int? {
        var layers = 0
        var value = self
        while case .object(let fields) = value, fields.count == 1, let inner = fields[Self.someMarkerKey] {
            layers += 1
            value = inner
        }
        return layers > 0 && value == .null ? layers : nil
    }
}

extension FixtureValue: Codable {
    /// Reads any JSON value.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the input is not JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = Self.number(value, in: container)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FixtureValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: FixtureValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// The kind that gives the number back as written. `JSONDecoder` reads an
    /// integer from any number it rounds to one (`1.000000000000000001` reads
    /// as `1`, `-0` as `0`), and a `Double` keeps about 17 significant
    /// digits; `Decimal` reads the text as written, so each reading must
    /// agree with it.
    private static func number(_ value: Double, in container: any SingleValueDecodingContainer) -> Self {
        // `-0` also reads as the integer 0; only a `Double` keeps its sign.
        if value == 0, value.sign == .minus { return .double(value) }
        let exact = try? container.decode(Decimal.self)
        func agrees(_ reading: Decimal?) -> Bool {
            guard let exact else { return true }
            return reading == exact
        }
        if let integer = try? container.decode(Int64.self), agrees(Decimal(integer)) {
            return .integer(integer)
        }
        if let integer = try? container.decode(UInt64.self), agrees(Decimal(integer)) {
            return .unsignedInteger(integer)
        }
        if let exact, !agrees(Decimal(string: value.description)) {
            return .decimal(exact)
        }
        return .double(value)
    }

    /// Writes the JSON value.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
