/// The value a closure double's `when` and `verify` closures receive: call
/// it like the doubled closure, with matchers or literals.
///
/// ```swift
/// formatter.when { $0(Match.greaterThan(10)) }.thenReturn("many")
/// formatter.verify(2...2) { $0(Match.equal(2)) }
/// ```
public struct ClosureInvoker<Input, Output, Effects: ClosureEffectKind> {
    let double: EffectfulClosureDouble<Input, Output, Effects>
}

extension ClosureInvoker where Effects == ClosureEffect.Sync {
    /// Calls the doubled closure.
    ///
    /// - Parameter input: The input, or a matcher of it.
    /// - Returns: The answer (a placeholder while recording).
    public func callAsFunction(_ input: Input) -> Output { double.answer(input) }
}

extension ClosureInvoker where Effects == ClosureEffect.Sync, Input == Void {
    /// Calls the doubled closure.
    ///
    /// - Returns: The answer (a placeholder while recording).
    public func callAsFunction() -> Output {
        // The one recorded argument is `()`, which has no literal equality:
        // record the matcher that accepts it.
        double.answer(Match.record(.anything, returning: ()))
    }
}

extension ClosureInvoker where Effects: SyncThrowingClosureEffectKind {
    /// Calls the doubled closure.
    ///
    /// - Parameter input: The input, or a matcher of it.
    /// - Returns: The answer (a placeholder while recording).
    /// - Throws: The configured error.
    public func callAsFunction(_ input: Input) throws(Effects.Failure) -> Output {
        try double.answer(input, throwing: Effects.Failure.self)
    }
}

extension ClosureInvoker where Effects == ClosureEffect.Async {
    /// Calls the doubled closure on the caller's actor.
    ///
    /// - Parameters:
    ///   - input: The input, or a matcher of it.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The answer (a placeholder while recording).
    public func callAsFunction(_ input: Input, isolation: isolated (any Actor)? = #isolation) async -> Output {
        await double.answerAsync(input, isolation: isolation)
    }
}

extension ClosureInvoker where Effects: AsyncThrowingClosureEffectKind {
    /// Calls the doubled closure on the caller's actor.
    ///
    /// - Parameters:
    ///   - input: The input, or a matcher of it.
    ///   - isolation: The caller's actor; leave the default.
    /// - Returns: The answer (a placeholder while recording).
    /// - Throws: The configured error.
    public func callAsFunction(
        _ input: Input, isolation: isolated (any Actor)? = #isolation
    ) async throws(Effects.Failure) -> Output {
        try await double.answerAsync(input, throwing: Effects.Failure.self, isolation: isolation)
    }
}
