/// One protocol shape: a single requirement of a kind, with effects,
/// parameter and result types, reached through a protocol structure.
public struct Shape: Hashable, Codable, Sendable {
    /// The requirement kind.
    public var kind: RequirementKind
    /// The requirement's effects.
    public var effect: Effect
    /// How the requirement's protocol is reached.
    public var structure: ProtocolStructure
    /// How the parameters are laid out around the focus family.
    public var layout: ParameterLayout
    /// The parameter families, in declaration order.
    public var parameters: [String]
    /// The result family, or `nil` for no result.
    public var result: String?
    /// The family the shape is about (the report's row).
    public var focus: String

    /// The canonical signature: two shapes with equal keys declare the same requirement.
    public var key: String {
        let arguments = parameters.joined(separator: ", ")
        return "\(structure.rawValue) \(kind.rawValue) (\(arguments)) \(effect.rawValue) -> \(result ?? "()")"
    }

    /// The group of the focus family.
    public var group: FamilyGroup { TypeFamily.named(focus).group }
}
