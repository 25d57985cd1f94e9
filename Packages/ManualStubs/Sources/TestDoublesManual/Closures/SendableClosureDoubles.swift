import TestDoublesRecorder

// Every closure double's `function` is already `@Sendable`; these names and
// `sendableFunction` say so where the code under test asks for a
// `@Sendable` closure.

/// A double of `@Sendable (Input) -> Output`.
public typealias SendableClosureDouble<Input, Output> = ClosureDouble<Input, Output>
/// A double of `@Sendable (Input) throws -> Output`.
public typealias SendableThrowingClosureDouble<Input, Output> = ThrowingClosureDouble<Input, Output>
/// A double of `@Sendable (Input) async -> Output`.
public typealias SendableAsyncClosureDouble<Input, Output> = AsyncClosureDouble<Input, Output>
/// A double of `@Sendable (Input) async throws -> Output`.
public typealias SendableAsyncThrowingClosureDouble<Input, Output> = AsyncThrowingClosureDouble<Input, Output>

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// The closure to hand to code that needs a `@Sendable` one; the same as `function`.
    public var sendableFunction: @Sendable (Input) -> Output { function }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// The closure to hand to code that needs a `@Sendable` one; the same as `function`.
    public var sendableFunction: @Sendable (Input) throws(Effects.Failure) -> Output { function }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// The closure to hand to code that needs a `@Sendable` one; the same as `function`.
    public var sendableFunction: @Sendable (Input) async -> Output { function }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// The closure to hand to code that needs a `@Sendable` one; the same as `function`.
    public var sendableFunction: @Sendable (Input) async throws(Effects.Failure) -> Output { function }
}
