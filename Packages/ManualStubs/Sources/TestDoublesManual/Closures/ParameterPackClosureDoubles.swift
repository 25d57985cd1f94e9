import TestDoublesRecorder

// Doubles of closures of any arity, named by their argument types: the
// argument types come first and the result type last. Each is the tuple-input
// double of those arguments, so `expandedFunction()` gives the callable value
// and `invoke(...)` calls it directly.

/// A double of `(repeat each Argument) -> Output`.
///
/// ```swift
/// let label = ParameterPackClosureDouble<Int, String, String>()
/// label.whenAny().thenArguments { (count: Int, unit: String) in "\(count) \(unit)" }
/// let function: (Int, String) -> String = label.expandedFunction()
/// ```
public typealias ParameterPackClosureDouble<each Argument, Output> = ClosureDouble<(repeat each Argument), Output>
/// A double of `(repeat each Argument) throws -> Output`.
public typealias ParameterPackThrowingClosureDouble<each Argument, Output> =
    ThrowingClosureDouble<(repeat each Argument), Output>
/// A double of `(repeat each Argument) throws(Failure) -> Output`.
public typealias ParameterPackTypedThrowingClosureDouble<each Argument, Output, Failure: Error> =
    TypedThrowingClosureDouble<(repeat each Argument), Output, Failure>
/// A double of `(repeat each Argument) async -> Output`.
public typealias ParameterPackAsyncClosureDouble<each Argument, Output> =
    AsyncClosureDouble<(repeat each Argument), Output>
/// A double of `(repeat each Argument) async throws -> Output`.
public typealias ParameterPackAsyncThrowingClosureDouble<each Argument, Output> =
    AsyncThrowingClosureDouble<(repeat each Argument), Output>
/// A double of `(repeat each Argument) async throws(Failure) -> Output`.
public typealias ParameterPackAsyncTypedThrowingClosureDouble<each Argument, Output, Failure: Error> =
    AsyncTypedThrowingClosureDouble<(repeat each Argument), Output, Failure>
