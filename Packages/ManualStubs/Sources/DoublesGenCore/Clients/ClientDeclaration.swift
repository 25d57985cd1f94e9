/// A closure-field client as the client-doubles writer needs it: its name,
/// generic signature and stored fields, already sorted into endpoints and
/// preset inputs by the front end that read the declaration.
public struct ClientDeclaration: Hashable, Sendable {
    /// The type as an extension names it, such as `StatusClient` or `Outer.StatusClient`.
    public var typeName: String
    /// The last component of ``typeName``: the namespace is named after it.
    public var simpleName: String
    /// `public`, `package`, `fileprivate` or `private` as written; `nil` for internal.
    public var accessLevel: String?
    /// The generic parameters as written, such as `Value: Sendable`; empty for none.
    public var genericParameters: [String]
    /// The generic parameters' names, in order: the client's generic arguments.
    public var genericArgumentNames: [String]
    /// The `where` clause's requirements as written, without the keyword.
    public var whereClause: String?
    /// The stored fields the wiring initializer sets, in declaration order.
    public var fields: [ClientField]
    /// Whether the client is isolated to a global actor, such as `@MainActor`:
    /// its wiring initializer is then `nonisolated`.
    public var isGlobalActorIsolated = false

    /// Creates a client declaration.
    ///
    /// - Parameters:
    ///   - typeName: The type as an extension names it.
    ///   - simpleName: Its last component.
    ///   - accessLevel: The access level as written; `nil` for internal.
    ///   - genericParameters: The generic parameters as written.
    ///   - genericArgumentNames: Their names.
    ///   - whereClause: The `where` clause's requirements.
    ///   - fields: The fields the wiring initializer sets.
    public init(
        typeName: String, simpleName: String, accessLevel: String? = nil, genericParameters: [String] = [],
        genericArgumentNames: [String] = [], whereClause: String? = nil, fields: [ClientField]
    ) {
        self.typeName = typeName
        self.simpleName = simpleName
        self.accessLevel = accessLevel
        self.genericParameters = genericParameters
        self.genericArgumentNames = genericArgumentNames
        self.whereClause = whereClause
        self.fields = fields
    }
}

/// One stored field the wiring initializer sets.
public struct ClientField: Hashable, Sendable {
    /// How the field gets its value.
    public enum Role: Hashable, Sendable {
        /// A closure field: an endpoint of the double, of this closure type
        /// (an alias or a function type, spelled as inside the client).
        case endpoint(closureType: String)
        /// A required field that is not a closure: a parameter of `preset(...)`, of this type.
        case input(type: String)
    }

    /// The field's name as written (backticks kept).
    public var name: String
    /// How the field gets its value.
    public var role: Role
    /// The `#if` conditions the field is declared under; the wiring sets it under the same.
    public var conditions: Conditions

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The field's name as written.
    ///   - role: How it gets its value.
    ///   - conditions: The `#if` conditions it is declared under.
    public init(name: String, role: Role, conditions: Conditions = Conditions()) {
        self.name = name
        self.role = role
        self.conditions = conditions
    }

    /// The name without backticks: the endpoint's name in diagnostics and histories.
    public var plainName: String { name.filter { $0 != "`" } }
}
