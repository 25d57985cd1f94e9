/// A protocol with everything it inherits from protocols in the input
/// merged in: the requirement set one conformer has to satisfy.
struct FlattenedProtocol: Sendable {
    var declaration: ProtocolDeclaration
    /// Associated types of the protocol and its ancestors, each once.
    var associatedTypes: [ProtocolDeclaration.AssociatedType] = []
    /// Requirements of the protocol and its ancestors, ancestors first, each
    /// requirement once even when restated or reached twice (a diamond).
    var requirements: [Requirement] = []
    /// `where` requirements of the protocol and its ancestors.
    var whereRequirements: [String] = []
    /// Whether the protocol or an ancestor is constrained to classes.
    var isClassConstrained = false
    /// Global-actor attributes (such as `@MainActor`) on the protocol or an ancestor.
    var globalActors: [String] = []
    /// `Equatable` and `Hashable` when inherited: implemented by controller identity.
    var identityConformances: Set<String> = []
    /// `@available` attributes on the protocol or an ancestor.
    var availability: [String] = []

    var name: String { declaration.name }
}
