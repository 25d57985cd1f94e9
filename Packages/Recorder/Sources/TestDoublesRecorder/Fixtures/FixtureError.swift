/// Why a fixture could not be recorded, saved, loaded or replayed.
public enum FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fixture's `schemaVersion` is one this library cannot read.
    case unsupportedSchemaVersion(found: Int, supported: Int)
    /// The fixture has no `schemaVersion` field.
    case missingSchemaVersion
    /// The fixture is not JSON, or its JSON is not a fixture; the text says where.
    case malformed(String)
    /// A value of a recorded call has no `Encodable` conformance.
    case notEncodable(requirement: String, role: FixtureValueRole, type: String)
    /// A value of a recorded call is `Encodable` but could not be encoded as JSON.
    case encodingFailed(requirement: String, role: FixtureValueRole, reason: String)
    /// Calls of the session could not be recorded, so its fixture would be incomplete.
    case incompleteRecording([FixtureError])
    /// The fixture file could not be read.
    case readFailed(path: String, reason: String)
    /// The fixture file could not be written.
    case writeFailed(path: String, reason: String)

    /// The problem as a sentence, with the fix where there is one.
    public var description: String {
        switch self {
        case .unsupportedSchemaVersion(let found, let supported):
            "the fixture has schemaVersion \(found), and this version of TestDoubles reads schemaVersion "
                + "\(supported) only; record the fixture again or update TestDoubles"
        case .missingSchemaVersion:
            "the fixture has no schemaVersion field; it was not written by InteractionFixture.save(to:)"
        case .malformed(let reason):
            "the fixture is malformed: \(reason)"
        case .notEncodable(let requirement, let role, let type):
            "\(requirement) cannot be recorded: its \(role) is a \(type), which does not conform to Encodable "
                + "(arguments, results and errors must be Codable to be recorded)"
        case .encodingFailed(let requirement, let role, let reason):
            "\(requirement) cannot be recorded: its \(role) could not be encoded as JSON: \(reason)"
        case .incompleteRecording(let problems):
            "the recording is incomplete; \(problems.count) call(s) could not be recorded:\n"
                + problems.map { "  - \($0)" }.joined(separator: "\n")
        case .readFailed(let path, let reason):
            "the fixture at \(path) could not be read: \(reason)"
        case .writeFailed(let path, let reason):
            "the fixture could not be written to \(path): \(reason)"
        }
    }
}
