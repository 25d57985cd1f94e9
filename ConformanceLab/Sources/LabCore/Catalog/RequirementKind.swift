/// The kind of protocol requirement a shape declares.
public enum RequirementKind: String, CaseIterable, Codable, Sendable {
    case method
    case getter
    case setter
    case `subscript`
    case staticMethod = "static"
    case initializer

    /// The effects the language allows for this kind (setters have none).
    public var allowedEffects: [Effect] {
        self == .setter ? [.sync] : Effect.allCases
    }

    /// Whether the requirement returns a value the caller compares.
    var hasResult: Bool { self == .getter || self == .subscript || self == .method || self == .staticMethod }
}
