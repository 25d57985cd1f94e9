/// The effects a requirement declares: `async`, and how it throws.
struct Effects: Hashable, Sendable {
    /// How a requirement throws.
    enum Throwing: Hashable, Sendable {
        /// It does not throw.
        case none
        /// `throws`, an untyped error.
        case untyped
        /// `throws(E)`, with the error type's text.
        case typed(String)
        /// `rethrows`.
        case `rethrows`
    }

    var isAsync = false
    var throwing = Throwing.none

    /// The effects as written after a parameter list, with a leading space,
    /// or the empty string.
    var text: String {
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
