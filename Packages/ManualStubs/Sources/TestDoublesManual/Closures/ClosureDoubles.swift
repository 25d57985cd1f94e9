/// A double of a synchronous closure `(Input) -> Output`.
///
/// ```swift
/// let formatter = ClosureDouble<Int, String>()
/// formatter.when(equal: 2).thenReturn("two")
/// formatter.whenAny().then { "other-\($0)" }
/// let format: (Int) -> String = formatter.function
/// ```
///
/// Multi-argument closures use a tuple `Input` and
/// `expandedFunction()`.
public typealias ClosureDouble<Input, Output> = EffectfulClosureDouble<Input, Output, ClosureEffect.Sync>

/// A double of a closure with no input, `() -> Output`.
///
/// ```swift
/// let clock = VoidClosureDouble<Int>()
/// clock.whenAny().thenReturn(1).thenReturn(2)
/// let now: () -> Int = clock.function
/// ```
public typealias VoidClosureDouble<Output> = EffectfulClosureDouble<Void, Output, ClosureEffect.Sync>

/// A double of a throwing closure `(Input) throws -> Output`.
public typealias ThrowingClosureDouble<Input, Output> =
    EffectfulClosureDouble<Input, Output, ClosureEffect.Throwing<any Error>>

/// A double of a closure that throws only `Failure`: `(Input) throws(Failure) -> Output`.
public typealias TypedThrowingClosureDouble<Input, Output, Failure: Error> =
    EffectfulClosureDouble<Input, Output, ClosureEffect.Throwing<Failure>>

/// A double of an async closure `(Input) async -> Output`.
public typealias AsyncClosureDouble<Input, Output> = EffectfulClosureDouble<Input, Output, ClosureEffect.Async>

/// A double of an async, throwing closure `(Input) async throws -> Output`.
///
/// ```swift
/// let load = AsyncThrowingClosureDouble<URL, Data>()
/// let loads = load.whenAny()
///     .thenThrow(URLError(.timedOut))
///     .thenReturn(Data())
/// let function: (URL) async throws -> Data = load.function
/// ```
public typealias AsyncThrowingClosureDouble<Input, Output> =
    EffectfulClosureDouble<Input, Output, ClosureEffect.AsyncThrowing<any Error>>

/// A double of an async closure that throws only `Failure`:
/// `(Input) async throws(Failure) -> Output`.
public typealias AsyncTypedThrowingClosureDouble<Input, Output, Failure: Error> =
    EffectfulClosureDouble<Input, Output, ClosureEffect.AsyncThrowing<Failure>>
