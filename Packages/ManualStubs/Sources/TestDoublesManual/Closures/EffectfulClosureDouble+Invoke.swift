import TestDoublesRecorder

// Calling a closure double directly, without taking its `function` first:
// `double(input)`, or `invoke` with a tuple input's elements as separate
// arguments. Elements that do not form `Input` are reported and answered
// with a placeholder, never a wrong value.

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// Calls the double with an input.
    ///
    /// - Parameter input: The input.
    /// - Returns: The configured answer.
    public func callAsFunction(_ input: Input) -> Output { answer(input) }

    /// Calls the double with a tuple input's elements as separate arguments.
    ///
    /// ```swift
    /// let format = ClosureDouble<(Int, String), String>()
    /// format.whenAny().thenReturn("2 items")
    /// #expect(format.invoke(2, "items") == "2 items")
    /// ```
    ///
    /// - Parameter argument: The elements of the input, in order.
    /// - Returns: The configured answer.
    public func invoke<each Argument>(_ argument: repeat each Argument) -> Output {
        guard let input = TupleInput.join(repeat each argument, as: Input.self) else {
            return TypedAnswer.fallback(TupleInput.invokeMismatch(Input.self, (repeat each Argument).self), recorder)
        }
        return answer(input)
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync, Input == Void {
    /// Calls the double.
    ///
    /// - Returns: The configured answer.
    public func callAsFunction() -> Output { answer(()) }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// Calls the double with an input.
    ///
    /// - Parameter input: The input.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func callAsFunction(_ input: Input) throws(Effects.Failure) -> Output {
        try answer(input, throwing: Effects.Failure.self)
    }

    /// Calls the double with a tuple input's elements as separate arguments.
    ///
    /// - Parameter argument: The elements of the input, in order.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func invoke<each Argument>(_ argument: repeat each Argument) throws(Effects.Failure) -> Output {
        guard let input = TupleInput.join(repeat each argument, as: Input.self) else {
            return TypedAnswer.fallback(TupleInput.invokeMismatch(Input.self, (repeat each Argument).self), recorder)
        }
        return try answer(input, throwing: Effects.Failure.self)
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// Calls the double with an input.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    public func callAsFunction(_ input: Input, isolation: isolated (any Actor)? = #isolation) async -> Output {
        await answerAsync(input, isolation: isolation)
    }

    /// Calls the double with a tuple input's elements as separate arguments.
    ///
    /// - Parameters:
    ///   - argument: The elements of the input, in order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    public func invoke<each Argument>(
        _ argument: repeat each Argument, isolation: isolated (any Actor)? = #isolation
    ) async -> Output {
        guard let input = TupleInput.join(repeat each argument, as: Input.self) else {
            return TypedAnswer.fallback(TupleInput.invokeMismatch(Input.self, (repeat each Argument).self), recorder)
        }
        return await answerAsync(input, isolation: isolation)
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// Calls the double with an input.
    ///
    /// - Parameters:
    ///   - input: The input.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func callAsFunction(
        _ input: Input, isolation: isolated (any Actor)? = #isolation
    ) async throws(Effects.Failure) -> Output {
        try await answerAsync(input, throwing: Effects.Failure.self, isolation: isolation)
    }

    /// Calls the double with a tuple input's elements as separate arguments.
    ///
    /// - Parameters:
    ///   - argument: The elements of the input, in order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func invoke<each Argument>(
        _ argument: repeat each Argument, isolation: isolated (any Actor)? = #isolation
    ) async throws(Effects.Failure) -> Output {
        guard let input = TupleInput.join(repeat each argument, as: Input.self) else {
            return TypedAnswer.fallback(TupleInput.invokeMismatch(Input.self, (repeat each Argument).self), recorder)
        }
        return try await answerAsync(input, throwing: Effects.Failure.self, isolation: isolation)
    }
}
