/// The class a generic parameter or an associated type is replaced with to
/// plan how generic code passes a type that mentions it (`Endpoint<T>`,
/// `AsyncStream<[Model]>`): a reference, so a metatype of it is thick;
/// Hashable and an Error, so the standard containers and `Result` accept it;
/// Comparable and Codable, so the generic types of apps
/// (`Endpoint<R: Decodable>`) can be instantiated with it. No value of it is
/// ever made.
public final class GenericStandIn: Hashable, Comparable, Codable, Error, @unchecked Sendable {
    /// Never called: no value is made (decoding one always fails).
    ///
    /// - Parameter decoder: Any decoder.
    /// - Throws: Always, a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a planning stand-in"))
    }

    /// Never called: no value is made.
    ///
    /// - Parameter encoder: Any encoder.
    public func encode(to encoder: any Encoder) throws {}

    /// Identity.
    public static func == (lhs: GenericStandIn, rhs: GenericStandIn) -> Bool { lhs === rhs }

    /// Ordered by identity.
    public static func < (lhs: GenericStandIn, rhs: GenericStandIn) -> Bool {
        ObjectIdentifier(lhs) < ObjectIdentifier(rhs)
    }

    /// Hashes the identity.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
