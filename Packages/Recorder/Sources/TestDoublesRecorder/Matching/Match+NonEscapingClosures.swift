extension Match {
    /// Matches every closure passed to a non-escaping function-typed
    /// parameter, such as `predicate` in
    /// `func all(where predicate: (Model) -> Bool) async -> [Model]`.
    ///
    /// Swift does not let the generic ``any()`` stand in for a non-escaping
    /// closure (its value could escape through the generic parameter), so
    /// `Match.any()` written for such a parameter resolves to this overload:
    /// it returns a closure that is converted to the parameter's type, with
    /// any effects (`throws`, typed throws, `async`). Where ``any()`` applies,
    /// it is preferred. A parameter whose closure takes an `inout` value still
    /// needs ``any(using:)``.
    ///
    /// The returned closure is a placeholder: calling it during the
    /// recording pass answers a placeholder of `Result` as ``any()`` would.
    ///
    /// - Returns: A placeholder closure.
    @_disfavoredOverload
    public static func any<each Argument, Result>() -> @Sendable (repeat each Argument) -> Result {
        // Not handed over to the pass (as `record(_:returning:)` would): a
        // variadic function value cannot be abstracted to `Any`.
        push(.anything)
        return { (_: repeat each Argument) in placeholder(for: .anything) }
    }
}
