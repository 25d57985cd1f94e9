/// A `@Sendable` closure that calls a spy, for a closure-typed dependency:
/// `Service(load: adapt(loadSpy))`.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<each Input, Output>(
    _ spy: Spy<repeat each Input, None, Output>
)
    -> @Sendable (repeat each Input)
    -> Output
{
    spy.asFunction()
}

/// A `@Sendable` throwing closure that calls a spy.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<each Input, Output>(
    _ spy: Spy<repeat each Input, Throws, Output>
)
    -> @Sendable (
        repeat each Input
    ) throws -> Output
{
    spy.asFunction()
}

/// A `@Sendable` async closure that calls a spy.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<each Input, Output>(
    _ spy: Spy<repeat each Input, Async, Output>
)
    -> @Sendable (
        repeat each Input
    ) async -> Output
{
    spy.asFunction()
}

/// A `@Sendable` async throwing closure that calls a spy.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<each Input, Output>(
    _ spy: Spy<repeat each Input, AsyncThrows, Output>
)
    -> @Sendable (
        repeat each Input
    ) async throws -> Output
{
    spy.asFunction()
}

/// A zero-argument `@Sendable` closure that calls a `(Void)`-pack spy:
/// `adapt(Spy<Void, None, Int>())` fits a `() -> Int` property.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<Output>(_ spy: Spy<Void, None, Output>) -> @Sendable () -> Output {
    { spy(()) }
}

/// A zero-argument `@Sendable` throwing closure that calls a `(Void)`-pack spy.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<Output>(_ spy: Spy<Void, Throws, Output>) -> @Sendable () throws -> Output {
    { try spy(()) }
}

/// A zero-argument `@Sendable` async closure that calls a `(Void)`-pack spy.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<Output>(_ spy: Spy<Void, Async, Output>) -> @Sendable () async -> Output {
    { await spy(()) }
}

/// A zero-argument `@Sendable` async throwing closure that calls a `(Void)`-pack spy:
/// `adapt(Spy<Void, AsyncThrows, [Int]>())` fits a `() async throws -> [Int]` property.
///
/// - Parameter spy: The spy.
/// - Returns: The closure.
public func adapt<Output>(_ spy: Spy<Void, AsyncThrows, Output>) -> @Sendable () async throws -> Output {
    { try await spy(()) }
}
