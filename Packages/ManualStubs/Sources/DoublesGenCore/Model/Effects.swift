/// The effects a requirement declares: `async`, and how it throws.
public struct Effects: Hashable, Sendable {
    /// How a requirement throws.
    public enum Throwing: Hashable, Sendable {
        /// It does not throw.
        case none
        /// `throws`, an untyped error.
        case untyped
        /// `throws(E)`, with the error type's text.
        case typed(String)
        /// `rethrows`.
        case `rethrows`
    }

    /// Whether `async` was written.
    public var isAsync = false
    /// How it throws.
    public var throwing = Throwing.none

    /// The effects as written after a parameter list, with a leading space,
    /// or the empty string.
    public var text: String {
        var parts: [String] = []
        if isAsync { parts.append("async") }
        switch throwing {
        case .none: break
        case .untyped: parts.append("throws")
        case .typed(let error): parts.append("throws(\(error))")
        case .rethrows: parts.append("rethrows")
        }
        return parts.isEmpty ? "" : " " + parts.joined(separator: " ")
    }
}
