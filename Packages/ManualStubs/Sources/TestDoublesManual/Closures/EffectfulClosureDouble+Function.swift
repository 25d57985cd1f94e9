extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) -> Output {
        { [self] input in answer(input) }
    }

    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// ```swift
    /// let add = ClosureDouble<(Int, Int), Int>()
    /// let function: (Int, Int) -> Int = add.expandedFunction()
    /// ```
    ///
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>() -> @Sendable (repeat each Argument) -> Output
    where Input == (repeat each Argument) {
        { [self] (argument: repeat each Argument) in answer((repeat each argument)) }
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync, Input == Void {
    /// The closure `() -> Output` to hand to the code under test.
    public var function: @Sendable () -> Output {
        { [self] in answer(()) }
    }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) throws(Effects.Failure) -> Output {
        { [self] (input: Input) throws(Effects.Failure) -> Output in
            try answer(input, throwing: Effects.Failure.self)
        }
    }

    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>()
        -> @Sendable (repeat each Argument) throws(Effects.Failure) -> Output
    where Input == (repeat each Argument) {
        { [self] (argument: repeat each Argument) throws(Effects.Failure) -> Output in
            try answer((repeat each argument), throwing: Effects.Failure.self)
        }
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) async -> Output {
        { [self] input in await answerAsync(input) }
    }

    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>() -> @Sendable (repeat each Argument) async -> Output
    where Input == (repeat each Argument) {
        { [self] (argument: repeat each Argument) async -> Output in await answerAsync((repeat each argument)) }
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) async throws(Effects.Failure) -> Output {
        { [self] (input: Input) async throws(Effects.Failure) -> Output in
            try await answerAsync(input, throwing: Effects.Failure.self)
        }
    }

    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// ```swift
    /// let format = AsyncThrowingClosureDouble<(Int, String, Bool), String>()
    /// let function: (Int, String, Bool) async throws -> String = format.expandedFunction()
    /// ```
    ///
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>()
        -> @Sendable (repeat each Argument) async throws(Effects.Failure) -> Output
    where Input == (repeat each Argument) {
        { [self] (argument: repeat each Argument) async throws(Effects.Failure) -> Output in
            try await answerAsync((repeat each argument), throwing: Effects.Failure.self)
        }
    }
}
