import Foundation

/// One of Foundation's error types that are not `Codable` (`URLError`,
/// `CocoaError`, `POSIXError` and `NSError` itself), kept as its domain,
/// code and user info so that a replay throws the same type with the same
/// code instead of a ``RecordedError``.
///
/// It travels in ``RecordedError/value`` as an object with one key,
/// `"foundationError"`. User-info values are kept with their type (strings,
/// integers, doubles, Booleans, absolute URLs, arrays of strings, and
/// errors of these four types, nested); any other entry, such as a live
/// task object, cannot be rebuilt: it is left out and its key listed under
/// `"dropped"`, so the fixture says what the replayed error lacks.
struct FoundationErrorRecord: Equatable {
    /// The Foundation type the error was.
    enum Kind: String, CaseIterable {
        case url = "URLError"
        case cocoa = "CocoaError"
        case posix = "POSIXError"
        case nsError = "NSError"

        /// The type's domain, which a recorded error of this kind must have;
        /// nil for `NSError`, whose domain is free.
        var domain: String? {
            switch self {
            case .url: NSURLErrorDomain
            case .cocoa: NSCocoaErrorDomain
            case .posix: NSPOSIXErrorDomain
            case .nsError: nil
            }
        }
    }

    var kind: Kind
    var domain: String
    var code: Int
    /// Each kept entry as a one-key object naming its type, such as `{"url": "https://…"}`.
    var userInfo: [String: FixtureValue]
    /// The keys of the entries that could not be kept, sorted.
    var dropped: [String]

    /// The key of ``RecordedError/value``'s object that holds a record.
    static let marker = "foundationError"
    /// How deep underlying errors are followed.
    static let maximumDepth = 4

    /// The record of `error` when its type is exactly one of the four
    /// (a subclass of `NSError` may hold state of its own: it is not one).
    init?(_ error: any Error, depth: Int = 0) {
        let errorType = ObjectIdentifier(type(of: error))
        let kind: Kind
        switch errorType {
        case ObjectIdentifier(URLError.self): kind = .url
        case ObjectIdentifier(CocoaError.self): kind = .cocoa
        case ObjectIdentifier(POSIXError.self): kind = .posix
        case ObjectIdentifier(NSError.self): kind = .nsError
        default: return nil
        }
        let bridged = error as NSError
        self.kind = kind
        domain = bridged.domain
        code = bridged.code
        userInfo = [:]
        var dropped: [String] = []
        for (key, value) in bridged.userInfo {
            if let kept = Self.tagged(value, depth: depth) {
                userInfo[key] = kept
            } else {
                dropped.append(key)
            }
        }
        self.dropped = dropped.sorted()
    }

    /// A user-info value with its type, or nil when it cannot be rebuilt exactly.
    private static func tagged(_ value: Any, depth: Int) -> FixtureValue? {
        let valueType = ObjectIdentifier(type(of: value))
        if valueType == ObjectIdentifier(Bool.self), let bool = value as? Bool {
            return .object(["bool": .bool(bool)])
        }
        if valueType == ObjectIdentifier(Int.self), let integer = value as? Int {
            return .object(["int": .integer(Int64(integer))])
        }
        if valueType == ObjectIdentifier(Double.self), let double = value as? Double {
            return double.isFinite ? .object(["double": .double(double)]) : nil
        }
        // An `NSNumber` object, not a Swift number bridged to one (an `Int32`
        // would come back as an `Int`).
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return tagged(number)
        }
        if let string = value as? String {
            return .object(["string": .string(string)])
        }
        if let url = value as? URL {
            // A relative URL would come back absolute (not `==`).
            return url.baseURL == nil ? .object(["url": .string(url.absoluteString)]) : nil
        }
        if let strings = value as? [String] {
            return .object(["strings": .array(strings.map(FixtureValue.string))])
        }
        if depth < maximumDepth, let error = value as? any Error,
            let record = FoundationErrorRecord(error, depth: depth + 1)
        {
            return .object(["error": record.fixtureValue])
        }
        return nil
    }

    /// An `NSNumber` by the C type it holds.
    private static func tagged(_ number: NSNumber) -> FixtureValue? {
        switch String(cString: number.objCType) {
        case "c", "B": .object(["bool": .bool(number.boolValue)])
        case "f", "d": number.doubleValue.isFinite ? .object(["double": .double(number.doubleValue)]) : nil
        case "Q", "L", "I", "S", "C":
            number.uint64Value <= UInt64(Int.max) ? .object(["int": .integer(Int64(number.uint64Value))]) : nil
        default: .object(["int": .integer(number.int64Value)])
        }
    }

    /// The record as it is stored in a fixture.
    var fixtureValue: FixtureValue {
        .object([
            Self.marker: .object([
                "kind": .string(kind.rawValue),
                "domain": .string(domain),
                "code": .integer(Int64(code)),
                "userInfo": .object(userInfo),
                "dropped": .array(dropped.map(FixtureValue.string)),
            ])
        ])
    }

    /// Reads a record back from a fixture; nil when `value` is not one.
    init?(fixtureValue value: FixtureValue) {
        guard case .object(let outer) = value, outer.count == 1, case .object(let fields)? = outer[Self.marker],
            case .string(let kindName)? = fields["kind"], let kind = Kind(rawValue: kindName),
            case .string(let domain)? = fields["domain"], case .integer(let code)? = fields["code"],
            let code = Int(exactly: code), case .object(let userInfo)? = fields["userInfo"]
        else { return nil }
        if let expected = kind.domain, expected != domain { return nil }
        var dropped: [String] = []
        if case .array(let keys)? = fields["dropped"] {
            for case .string(let key) in keys { dropped.append(key) }
        }
        self.kind = kind
        self.domain = domain
        self.code = code
        self.userInfo = userInfo
        self.dropped = dropped
    }

    /// The error rebuilt as its type; nil when a value does not read back.
    func rebuilt() -> (any Error)? {
        var info: [String: Any] = [:]
        for (key, tagged) in userInfo {
            guard let value = Self.untagged(tagged) else { return nil }
            info[key] = value
        }
        switch kind {
        case .url:
            // Failable in swift-corelibs-foundation, not on Darwin.
            guard let urlCode = URLError.Code(rawValue: code) as URLError.Code? else { return nil }
            return URLError(urlCode, userInfo: info)
        case .cocoa: return CocoaError(CocoaError.Code(rawValue: code), userInfo: info)
        case .posix:
            guard let raw = Int32(exactly: code), let posixCode = POSIXErrorCode(rawValue: raw) else { return nil }
            return POSIXError(posixCode, userInfo: info)
        case .nsError: return NSError(domain: domain, code: code, userInfo: info)
        }
    }

    private static func untagged(_ tagged: FixtureValue) -> Any? {
        guard case .object(let fields) = tagged, fields.count == 1, let (tag, value) = fields.first else { return nil }
        switch (tag, value) {
        case ("bool", .bool(let bool)): return bool
        case ("int", .integer(let integer)): return Int(exactly: integer)
        case ("int", .unsignedInteger(let integer)): return Int(exactly: integer)
        case ("double", .double(let double)): return double
        case ("double", .integer(let integer)): return Double(exactly: integer)
        case ("string", .string(let string)): return string
        case ("url", .string(let string)): return URL(string: string)
        case ("strings", .array(let values)):
            var strings: [String] = []
            for value in values {
                guard case .string(let string) = value else { return nil }
                strings.append(string)
            }
            return strings
        case ("error", let nested): return FoundationErrorRecord(fixtureValue: nested)?.rebuilt()
        default: return nil
        }
    }
}

extension RecordedError {
    /// What a replay throws for this recorded error: Foundation's own error
    /// types rebuilt from their record, any other error as itself.
    var replayed: any Error {
        guard let value, let record = FoundationErrorRecord(fixtureValue: value), let error = record.rebuilt() else {
            return self
        }
        return error
    }
}
