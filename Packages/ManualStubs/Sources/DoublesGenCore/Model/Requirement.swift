/// One requirement of a protocol.
public struct Requirement: Hashable, Sendable {
    /// What kind of requirement this is, with its shape.
    public enum Kind: Hashable, Sendable {
        /// `func name<G>(parameters) effects -> Result where ...`.
        case method(name: String, generics: String, parameters: [Parameter], effects: Effects, result: TypeSyntax?)
        /// `var name: Type { get [set] }` with the getter's effects.
        case property(name: String, type: TypeSyntax, isSettable: Bool, getterEffects: Effects)
        /// `subscript<G>(parameters) -> Result { get [set] }`.
        case `subscript`(
            generics: String,
            parameters: [Parameter],
            result: TypeSyntax,
            isSettable: Bool,
            getterEffects: Effects
        )
        /// `init[?|!]<G>(parameters) effects`.
        case initializer(failability: String, generics: String, parameters: [Parameter], effects: Effects)
    }

    /// What kind of requirement it is, with its shape.
    public var kind: Kind
    /// `static` (or `class`) was written.
    public var isStatic = false
    /// Attributes written on the requirement, such as `@available(...)`.
    public var attributes: [String] = []
    /// `nonisolated`, or `nonisolated(nonsending)` and the like, as written.
    public var isolationModifier: String?
    /// The requirement's own `where` clause, without the keyword.
    public var whereClause: String?
    /// The `#if` conditions around it inside the protocol body.
    public var conditions = Conditions()
    /// Where it starts.
    public var location: SourceLocation

    /// A key that is equal for two requirements one conformer member
    /// satisfies: a restated inherited requirement has the same key.
    public var key: String {
        let prefix = isStatic ? "static " : ""
        let conditionText = conditions.isEmpty ? "" : " #if \(conditions.combined)"
        switch kind {
        case .method(let name, let generics, let parameters, _, let result):
            let list = parameters.map(\.signature).joined(separator: ",")
            return "\(prefix)func \(name)\(generics)(\(list))->\(result?.text ?? "Void")"
                + " where \(whereClause ?? "")\(conditionText)"
        case .property(let name, let type, _, _):
            return "\(prefix)var \(name): \(type.text)\(conditionText)"
        case .subscript(let generics, let parameters, let result, _, _):
            let list = parameters.map(\.signature).joined(separator: ",")
            return "\(prefix)subscript\(generics)(\(list))->\(result.text) where \(whereClause ?? "")\(conditionText)"
        case .initializer(_, let generics, let parameters, _):
            let list = parameters.map(\.signature).joined(separator: ",")
            return "init\(generics)(\(list)) where \(whereClause ?? "")\(conditionText)"
        }
    }

    /// The name `#function` gives the requirement, for messages.
    public var displayName: String {
        func labels(_ parameters: [Parameter]) -> String {
            parameters.map { "\($0.label ?? "_"):" }.joined()
        }
        switch kind {
        case .method(let name, _, let parameters, _, _): return "\(name)(\(labels(parameters)))"
        case .property(let name, _, _, _): return name
        case .subscript(_, let parameters, _, _, _): return "subscript(\(labels(parameters)))"
        case .initializer(_, _, let parameters, _): return "init(\(labels(parameters)))"
        }
    }
}
