/// Builds the list `verifyInOrder { ... }` checks: one interaction per
/// line, with `if`, `if`/`else` and optional parts.
@resultBuilder
public struct CrossSpyVerificationBuilder {
    /// Joins the lines.
    ///
    /// - Parameter components: The lines' lists.
    /// - Returns: The joined list.
    public static func buildBlock(_ components: [any CrossSpyVerifiable]...) -> [any CrossSpyVerifiable] {
        components.flatMap { $0 }
    }

    /// One interaction.
    ///
    /// - Parameter expression: The interaction.
    /// - Returns: A one-element list.
    public static func buildExpression(_ expression: any CrossSpyVerifiable) -> [any CrossSpyVerifiable] {
        [expression]
    }

    /// The first branch of an `if`/`else`.
    ///
    /// - Parameter component: The branch's list.
    /// - Returns: The list.
    public static func buildEither(first component: [any CrossSpyVerifiable]) -> [any CrossSpyVerifiable] {
        component
    }

    /// The second branch of an `if`/`else`.
    ///
    /// - Parameter component: The branch's list.
    /// - Returns: The list.
    public static func buildEither(second component: [any CrossSpyVerifiable]) -> [any CrossSpyVerifiable] {
        component
    }

    /// An `if` without `else`.
    ///
    /// - Parameter component: The list when the condition held.
    /// - Returns: The list, or nothing.
    public static func buildOptional(_ component: [any CrossSpyVerifiable]?) -> [any CrossSpyVerifiable] {
        component ?? []
    }
}
