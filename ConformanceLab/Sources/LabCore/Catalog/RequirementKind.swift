/// The kind of protocol requirement a shape declares.
public enum RequirementKind: String, CaseIterable, Codable, Sendable {
    case method
    case getter
    case setter
    case `subscript`
    case staticMethod = "static"
    case initializer
    /// `func call(_ a0: inout T)`: the value goes in and a new one is written back (resilience tier only).
    case inoutMethod = "inout"

    /// The kinds of the catalog's first tiers and pairwise covering.
    static let classic: [RequirementKind] = [.method, .getter, .setter, .subscript, .staticMethod, .initializer]

    /// The effects the language allows for this kind (setters have none).
    public var allowedEffects: [Effect] {
        self == .setter ? [.sync] : Effect.classic
    }

    /// Whether the requirement returns a value the caller compares.
    var hasResult: Bool { self == .getter || self == .subscript || self == .method || self == .staticMethod }
}
