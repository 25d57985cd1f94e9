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

    /// The single condition that holds when every clause holds.
    public var combined: String {
        clauses.count == 1 ? clauses[0] : clauses.map { "(\($0))" }.joined(separator: " && ")
    }
}
