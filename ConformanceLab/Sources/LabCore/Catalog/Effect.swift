/// The effects a requirement is declared with.
public enum Effect: String, CaseIterable, Codable, Sendable, Comparable {
    case sync
    case `throws`
    case typedThrows = "typed-throws"
    case async
    case asyncThrows = "async-throws"
    /// `async throws(E)`: used by the resilience tier only.
    case asyncTypedThrows = "async-typed-throws"

    /// The effects of the catalog's first tiers and pairwise covering (the
    /// resilience tier adds ``asyncTypedThrows``, so earlier cases keep their numbers).
    static let classic: [Effect] = [.sync, .throws, .typedThrows, .async, .asyncThrows]

    /// Whether calls are made with `await`.
    public var isAsync: Bool { self == .async || self == .asyncThrows || self == .asyncTypedThrows }

    /// Whether calls may throw (and are made with `try`).
    public var isThrowing: Bool { self == .throws || isTyped || self == .asyncThrows }

    /// Whether calls throw a typed error (`throws(E)`).
    public var isTyped: Bool { self == .typedThrows || self == .asyncTypedThrows }

    /// The effect clause as written after a parameter list, with a leading space (or empty).
    var clause: String { clause(errorType: "LabError") }

    /// The effect clause with `errorType` as the typed error of typed-throwing effects.
    /// - Parameter errorType: The spelling of the thrown type.
    /// - Returns: The clause, with a leading space (or empty).
    func clause(errorType: String) -> String {
        switch self {
        case .sync: return ""
        case .throws: return " throws"
        case .typedThrows: return " throws(\(errorType))"
        case .async: return " async"
        case .asyncThrows: return " async throws"
        case .asyncTypedThrows: return " async throws(\(errorType))"
        }
    }

    /// Orders effects by their declaration order.
    public static func < (lhs: Effect, rhs: Effect) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
