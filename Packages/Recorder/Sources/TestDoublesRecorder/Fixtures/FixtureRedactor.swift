/// Rewrites values before they are written to a fixture, so secrets never
/// reach disk.
///
/// A recording session hands every encoded value to its redactor with the
/// requirement's name and the value's role; the redactor returns the value
/// to store. A replay given the same redactor redacts each actual argument
/// the same way before comparing it with the fixture, so redacted
/// arguments still match.
///
/// ```swift
/// let redactor = FixtureRedactor { requirement, role, value in
///     requirement == "signIn(user:password:)" && role == .argument(1) ? .string("<redacted>") : value
/// }
/// let session = RecordingSession(redacting: redactor)
/// ```
public struct FixtureRedactor: Sendable {
    private let rewrite: @Sendable (String, FixtureValueRole, FixtureValue) -> FixtureValue

    /// Creates a redactor from a rewriting function.
    ///
    /// - Parameter rewrite: Given the requirement's name (`signIn(user:password:)`),
    ///   the value's role and its encoded JSON, returns the JSON to store.
    public init(_ rewrite: @escaping @Sendable (String, FixtureValueRole, FixtureValue) -> FixtureValue) {
        self.rewrite = rewrite
    }

    /// A redactor that stores every value as it is.
    public static var none: FixtureRedactor { FixtureRedactor { _, _, value in value } }

    /// A redactor that replaces the given roles of one requirement with a fixed value.
    ///
    /// - Parameters:
    ///   - roles: The values to replace.
    ///   - requirement: The requirement's name, such as `signIn(user:password:)`.
    ///   - replacement: What to store instead; `"<redacted>"` by default.
    /// - Returns: The redactor.
    public static func replacing(
        _ roles: Set<FixtureValueRole>, of requirement: String, with replacement: FixtureValue = .string("<redacted>")
    ) -> FixtureRedactor {
        FixtureRedactor { name, role, value in
            name == requirement && roles.contains(role) ? replacement : value
        }
    }

    /// The value to store for one value of a recorded call.
    ///
    /// - Parameters:
    ///   - value: The encoded value.
    ///   - role: Its role in the call.
    ///   - requirement: The requirement's name.
    /// - Returns: The value to store.
    public func redact(_ value: FixtureValue, role: FixtureValueRole, requirement: String) -> FixtureValue {
        rewrite(requirement, role, value)
    }
}
