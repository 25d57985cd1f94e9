/// A protocol with everything it inherits from protocols in the input
/// merged in: the requirement set one conformer has to satisfy.
public struct FlattenedProtocol: Sendable {
    /// The protocol as declared.
    public var declaration: ProtocolDeclaration
    /// Associated types of the protocol and its ancestors, each once.
    public var associatedTypes: [ProtocolDeclaration.AssociatedType] = []
    /// Requirements of the protocol and its ancestors, ancestors first, each
    /// requirement once even when restated or reached twice (a diamond).
    public var requirements: [Requirement] = []
    /// `where` requirements of the protocol and its ancestors.
    public var whereRequirements: [String] = []
    /// Whether the protocol or an ancestor is constrained to classes.
    public var isClassConstrained = false
    /// Global-actor attributes (such as `@MainActor`) on the protocol or an ancestor.
    public var globalActors: [String] = []
    /// `Equatable` and `Hashable` when inherited: implemented by controller identity.
    public var identityConformances: Set<String> = []
    /// `@available` attributes on the protocol or an ancestor.
    public var availability: [String] = []

    /// The protocol's name.
    public var name: String { declaration.name }
}
