/// The `#if` conditions a declaration sits under, outermost first.
///
/// Each entry is a complete condition: an `#elseif` or `#else` branch is
/// stored as the negation of the branches before it joined with its own,
/// so a declaration can be wrapped in its own `#if` without the others.
public struct Conditions: Hashable, Sendable {
    /// The conditions, outermost first.
    public var clauses: [String] = []

    /// Whether the declaration sits under no `#if`.
    public var isEmpty: Bool { clauses.isEmpty }

    /// Creates conditions.
    ///
    /// - Parameter clauses: The conditions, outermost first.
    public init(clauses: [String] = []) {
        self.clauses = clauses
    }

    /// The complete condition of one branch of an `#if`: `condition` (`nil`
    /// for `#else`) after the branches before it, which must not hold.
    ///
    /// - Parameters:
    ///   - condition: The branch's own condition; `nil` for `#else`.
    ///   - earlier: The conditions of the `#if` and `#elseif` branches before it.
    /// - Returns: The condition under which the branch is compiled.
    public static func branch(_ condition: String?, after earlier: [String]) -> String {
        var parts = earlier.map { negate($0) }
        if let condition, !condition.isEmpty { parts.append(earlier.isEmpty ? condition : "(\(condition))") }
        return parts.joined(separator: " && ")
    }

    private static func negate(_ condition: String) -> String {
        let simple = condition.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return simple ? "!\(condition)" : "!(\(condition))"
    }

    /// The single condition that holds when every clause holds.
    public var combined: String {
        clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: " && ")
    }

    /// `lines` inside an `#if` of these conditions and its `#endif`, both
    /// at `indent`; `lines` themselves when there are no conditions.
    ///
    /// - Parameters:
    ///   - lines: The lines the conditions guard.
    ///   - indent: The indentation of the `#if` and `#endif` lines.
    /// - Returns: The guarded lines.
    public func wrapping(_ lines: [String], indent: String = "") -> [String] {
        isEmpty ? lines : ["\(indent)#if \(combined)"] + lines + ["\(indent)#endif"]
    }
}
