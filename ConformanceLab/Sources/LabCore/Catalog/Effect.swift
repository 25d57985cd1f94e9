/// The effects a requirement is declared with.
public enum Effect: String, CaseIterable, Codable, Sendable, Comparable {
    case sync
    case `throws`
    case typedThrows = "typed-throws"
    case async
    case asyncThrows = "async-throws"

    /// Whether calls are made with `await`.
    public var isAsync: Bool { self == .async || self == .asyncThrows }

    /// Whether calls may throw (and are made with `try`).
    public var isThrowing: Bool { self == .throws || self == .typedThrows || self == .asyncThrows }

    /// The effect clause as written after a parameter list, with a leading space (or empty).
    var clause: String {
        switch self {
        case .sync: return ""
        case .throws: return " throws"
        case .typedThrows: return " throws(LabError)"
        case .async: return " async"
        case .asyncThrows: return " async throws"
        }
    }

    /// Orders effects by their declaration order.
    public static func < (lhs: Effect, rhs: Effect) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
