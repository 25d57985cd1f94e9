/// A protocol as the parser read it from one file.
public struct ProtocolDeclaration: Hashable, Sendable {
    /// An `associatedtype` requirement.
    public struct AssociatedType: Hashable, Sendable {
        /// The associated type's name.
        public var name: String
        /// The constraint after `:`, such as `Hashable & Sendable`.
        public var constraint: String?
        /// The default after `=`.
        public var defaultType: String?
        /// Its own `where` clause, without the keyword.
        public var whereClause: String?
        /// Where it is declared.
        public var location: SourceLocation
    }

    /// One entry of the inheritance clause.
    public struct Inherited: Hashable, Sendable {
        /// The inherited name as written.
        public var name: String
        /// Where it is written.
        public var location: SourceLocation
    }

    /// The protocol's name.
    public var name: String
    /// The access level written on it, if any.
    public var accessLevel: String?
    /// Attributes on the protocol such as `@MainActor`, as written.
    public var attributes: [String] = []
    /// The primary associated types, `P<Item>`.
    public var primaryAssociatedTypes: [String] = []
    /// The inheritance clause, in order.
    public var inherited: [Inherited] = []
    /// The protocol's `where` clause, without the keyword.
    public var whereClause: String?
    /// Its `associatedtype` requirements, in order.
    public var associatedTypes: [AssociatedType] = []
    /// Its requirements, in declaration order.
    public var requirements: [Requirement] = []
    /// Why no conformer can be generated for this protocol (or any protocol
    /// inheriting it), though it is valid Swift: `@objc`, `optional`.
    public var unsupported: [Diagnostic] = []
    /// The `#if` conditions the whole declaration sits under.
    public var conditions = Conditions()
    /// Where it is declared.
    public var location: SourceLocation
}
