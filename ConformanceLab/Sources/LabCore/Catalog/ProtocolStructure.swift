/// How the protocol that carries a shape's requirement is reached.
public enum ProtocolStructure: String, CaseIterable, Codable, Sendable {
    /// `any P` where `P` declares the requirement.
    case plain
    /// `any P` where `P` inherits the requirement from a base protocol.
    case inherited
    /// `any A & B` where `B` declares the requirement and `A` another one.
    case composed
}
