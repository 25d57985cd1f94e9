import TestDoublesRecorder

// Closure doubles for `@MainActor` closure types: the same doubles, whose
// `mainActorFunction` has the main-actor type the code under test asks for.

/// A double of `@MainActor (Input) -> Output`.
public typealias MainActorClosureDouble<Input, Output> = ClosureDouble<Input, Output>
/// A double of `@MainActor (Input) throws -> Output`.
public typealias MainActorThrowingClosureDouble<Input, Output> = ThrowingClosureDouble<Input, Output>
/// A double of `@MainActor (Input) throws(Failure) -> Output`.
public typealias MainActorTypedThrowingClosureDouble<Input, Output, Failure: Error> =
    TypedThrowingClosureDouble<Input, Output, Failure>
/// A double of `@MainActor (Input) async -> Output`.
public typealias MainActorAsyncClosureDouble<Input, Output> = AsyncClosureDouble<Input, Output>
/// A double of `@MainActor (Input) async throws -> Output`.
public typealias MainActorAsyncThrowingClosureDouble<Input, Output> = AsyncThrowingClosureDouble<Input, Output>
/// A double of `@MainActor (Input) async throws(Failure) -> Output`.
public typealias MainActorAsyncTypedThrowingClosureDouble<Input, Output, Failure: Error> =
    AsyncTypedThrowingClosureDouble<Input, Output, Failure>

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// The closure to hand to code that needs a `@MainActor` one.
    ///
    /// ```swift
    /// let render = MainActorClosureDouble<String, Int>()
    /// render.whenAny().thenReturn(1)
    /// let onMain: @MainActor @Sendable (String) -> Int = render.mainActorFunction
    /// ```
    public var mainActorFunction: @MainActor @Sendable (Input) -> Output {
        { @MainActor [self] input in answer(input) }
    }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// The closure to hand to code that needs a `@MainActor` one.
    public var mainActorFunction: @MainActor @Sendable (Input) throws(Effects.Failure) -> Output {
        { @MainActor [self] (input: Input) throws(Effects.Failure) -> Output in
            try answer(input, throwing: Effects.Failure.self)
        }
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// The closure to hand to code that needs a `@MainActor` one.
    ///
    /// The call is answered on the main actor, so the input and output
    /// need not be `Sendable`.
    public var mainActorFunction: @MainActor @Sendable (Input) async -> Output {
        { @MainActor [self] input in await answerAsync(input, isolation: MainActor.shared) }
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// The closure to hand to code that needs a `@MainActor` one.
    ///
    /// The call is answered on the main actor, so the input and output
    /// need not be `Sendable`.
    public var mainActorFunction: @MainActor @Sendable (Input) async throws(Effects.Failure) -> Output {
        { @MainActor [self] (input: Input) async throws(Effects.Failure) -> Output in
            try await answerAsync(input, throwing: Effects.Failure.self, isolation: MainActor.shared)
        }
    }
}
