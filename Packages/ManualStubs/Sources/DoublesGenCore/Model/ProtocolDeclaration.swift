/// A protocol as the parser read it from one file.
struct ProtocolDeclaration: Hashable, Sendable {
    /// An `associatedtype` requirement.
    struct AssociatedType: Hashable, Sendable {
        var name: String
        /// The constraint after `:`, such as `Hashable & Sendable`.
        var constraint: String?
        /// The default after `=`.
        var defaultType: String?
        /// Its own `where` clause, without the keyword.
        var whereClause: String?
        var location: SourceLocation
    }

    /// One entry of the inheritance clause.
    struct Inherited: Hashable, Sendable {
        var name: String
        var location: SourceLocation
    }

    var name: String
    var accessLevel: String?
    /// Attributes on the protocol such as `@MainActor`, as written.
    var attributes: [String] = []
    var primaryAssociatedTypes: [String] = []
    var inherited: [Inherited] = []
    /// The protocol's `where` clause, without the keyword.
    var whereClause: String?
    var associatedTypes: [AssociatedType] = []
    var requirements: [Requirement] = []
    /// Why no conformer can be generated for this protocol (or any protocol
    /// inheriting it), though it is valid Swift: `@objc`, `optional`.
    var unsupported: [Diagnostic] = []
    /// The `#if` conditions the whole declaration sits under.
    var conditions = Conditions()
    var location: SourceLocation
}
