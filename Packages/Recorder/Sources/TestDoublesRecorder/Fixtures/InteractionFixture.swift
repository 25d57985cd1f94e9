import Foundation

/// A recorded session of calls, saved as versioned JSON and replayed on a
/// plain double later.
///
/// The JSON has a `schemaVersion`, an optional `name` and the
/// `interactions` in call order; keys are sorted and the text is pretty
/// printed, so fixtures diff well. Loading a fixture of an unknown version
/// or malformed JSON throws a ``FixtureError`` and yields nothing.
public struct InteractionFixture: Hashable, Sendable {
    /// The schema version this library writes.
    ///
    /// Version 2 is the seed's number for fixtures that may hold requests
    /// and recorded errors. This library's first files said 1 for the same
    /// layout; they load and are migrated to 2 in memory.
    public static let currentSchemaVersion = 2

    /// The schema versions this library reads.
    static let readableSchemaVersions = 1...currentSchemaVersion

    /// The schema version of the fixture.
    public var schemaVersion: Int
    /// The fixture's name, for diagnostics.
    public var name: String?
    /// The recorded calls, in call order.
    public var interactions: [RecordedInteraction]

    /// Creates an empty fixture of the current schema version, to fill in
    /// code or to compare a session with before anything was recorded.
    public init() {
        self.init(interactions: [])
    }

    /// Creates a fixture of the current schema version.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, for diagnostics.
    ///   - interactions: The recorded calls, in call order.
    public init(name: String? = nil, interactions: [RecordedInteraction]) {
        schemaVersion = Self.currentSchemaVersion
        self.name = name
        self.interactions = interactions
    }

    /// Reads a fixture from JSON.
    ///
    /// - Parameter data: The JSON text.
    /// - Throws: ``FixtureError/unsupportedSchemaVersion(found:supported:)``,
    ///   ``FixtureError/missingSchemaVersion`` or ``FixtureError/malformed(_:)``.
    public init(json data: Data) throws(FixtureError) {
        let version: Int?
        do {
            version = try JSONDecoder().decode(VersionProbe.self, from: data).schemaVersion
        } catch {
            throw .malformed(Self.explain(error))
        }
        guard let version else { throw .missingSchemaVersion }
        guard Self.readableSchemaVersions.contains(version) else {
            throw .unsupportedSchemaVersion(found: version, supported: Self.currentSchemaVersion)
        }
        do {
            self = try JSONDecoder().decode(InteractionFixture.self, from: data)
        } catch {
            throw .malformed(Self.explain(error))
        }
        // Version 1 has version 2's layout: migrating is renumbering.
        schemaVersion = Self.currentSchemaVersion
    }

    /// Loads a fixture from a file.
    ///
    /// - Parameter url: The file's URL.
    /// - Returns: The fixture.
    /// - Throws: ``FixtureError`` when the file cannot be read or is not a
    ///   fixture of the current schema version.
    public static func load(from url: URL) throws(FixtureError) -> InteractionFixture {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .readFailed(path: url.path, reason: "\(error)")
        }
        return try InteractionFixture(json: data)
    }

    /// The fixture as pretty-printed JSON with sorted keys.
    ///
    /// - Returns: The JSON text, ending in a newline.
    /// - Throws: ``FixtureError/malformed(_:)`` when a value cannot be written
    ///   (a non-finite number put into the fixture by hand).
    public func json() throws(FixtureError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            var data = try encoder.encode(self)
            data.append(UInt8(ascii: "\n"))
            return data
        } catch {
            throw .malformed("it cannot be written as JSON: \(error)")
        }
    }

    /// Saves the fixture to a file, replacing it atomically.
    ///
    /// - Parameter url: The file's URL; its directory must exist.
    /// - Throws: ``FixtureError/writeFailed(path:reason:)``.
    public func save(to url: URL) throws(FixtureError) {
        let data = try json()
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: url.path, reason: "\(error)")
        }
    }

    private struct VersionProbe: Decodable {
        let schemaVersion: Int?
    }

    /// A decoding error as one line naming the path into the JSON.
    static func explain(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            return keys.isEmpty
                ? "the top level" : keys.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "\(context.debugDescription) at \(path(context))\(underlying)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}

extension InteractionFixture: Codable {
    enum CodingKeys: String, CodingKey {
        case schemaVersion, name, interactions
    }

    /// Reads the fixture's fields; use ``init(json:)`` to check the version first.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        interactions = try container.decode([RecordedInteraction].self, forKey: .interactions)
    }

    /// Writes the fixture's fields.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(interactions, forKey: .interactions)
    }
}
