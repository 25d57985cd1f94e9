/// One call of a recorded session: the requirement, the encoded arguments,
/// and what the real implementation answered.
public struct RecordedInteraction: Hashable, Sendable, Codable {
    /// What the call answered.
    public enum Outcome: Hashable, Sendable {
        /// The call returned this value (`null` for `Void`).
        case returned(FixtureValue)
        /// The call threw this error.
        case threw(RecordedError)
    }

    /// The requirement's name as the double's recorder spells it, such as `fetch(id:)`.
    public var requirement: String
    /// The encoded arguments, in the recorder's order (declaration order).
    public var arguments: [FixtureValue]
    /// What the call answered.
    public var outcome: Outcome

    /// Creates a recorded call.
    ///
    /// - Parameters:
    ///   - requirement: The requirement's name, such as `fetch(id:)`.
    ///   - arguments: The encoded arguments.
    ///   - outcome: What the call answered.
    public init(requirement: String, arguments: [FixtureValue], outcome: Outcome) {
        self.requirement = requirement
        self.arguments = arguments
        self.outcome = outcome
    }

    enum CodingKeys: String, CodingKey {
        case requirement, arguments, result, error
    }

    /// Reads a recorded call: `requirement`, `arguments`, and either `result` or `error`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requirement = try container.decode(String.self, forKey: .requirement)
        arguments = try container.decode([FixtureValue].self, forKey: .arguments)
        if container.contains(.error) {
            outcome = .threw(try container.decode(RecordedError.self, forKey: .error))
        } else if container.contains(.result) {
            outcome = .returned(try container.decodeIfPresent(FixtureValue.self, forKey: .result) ?? .null)
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.result,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "a recorded call needs a \"result\" or an \"error\""))
        }
    }

    /// Writes the recorded call.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requirement, forKey: .requirement)
        try container.encode(arguments, forKey: .arguments)
        switch outcome {
        case .returned(let value): try container.encode(value, forKey: .result)
        case .threw(let error): try container.encode(error, forKey: .error)
        }
    }

    /// The call as diagnostics print it: `fetch(id:) with [42]`.
    var callDescription: String {
        "\(requirement) with [\(arguments.map(\.description).joined(separator: ", "))]"
    }
}

/// An error a recorded call threw.
///
/// Replay rebuilds the error as its original type when that type is
/// `Decodable` and was passed to the replay (`errorTypes:`), and always for
/// Foundation's `URLError`, `CocoaError`, `POSIXError` and `NSError` (their
/// domain, code and user info are recorded; user-info entries that cannot
/// be rebuilt, such as live objects, are left out and their keys listed in
/// the fixture); otherwise it throws this value.
public struct RecordedError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The error's type as `String(reflecting:)` spells it, such as `MyModule.AuthError`.
    public var type: String
    /// The error as `String(describing:)` printed it.
    public var message: String
    /// The encoded error, when its type is `Encodable`, or the domain, code
    /// and user info of a Foundation error (an object under the key
    /// `"foundationError"`).
    public var value: FixtureValue?

    /// Creates a recorded error.
    ///
    /// - Parameters:
    ///   - type: The error's type name.
    ///   - message: The error's description.
    ///   - value: The encoded error, when its type is `Encodable`.
    public init(type: String, message: String, value: FixtureValue?) {
        self.type = type
        self.message = message
        self.value = value
    }

    /// The recorded error as diagnostics print it.
    public var description: String { "\(type): \(message)" }
}
