/// The calls a `when` named, waiting for an answer or a side effect.
///
/// Each method registers a new stub or action; they return `Void` and do
/// not chain. The methods that exist depend on the effect: `thenThrow` only
/// for throwing members, async handlers only for async members.
public final class Arrange<each I, Eff: Effect, Output> {
    /// The calls being stubbed.
    public let invocationMatcher: InvocationMatcher<repeat each I>
    let spy: Spy<repeat each I, Eff, Output>

    init(invocationMatcher: InvocationMatcher<repeat each I>, spy: Spy<repeat each I, Eff, Output>) {
        self.invocationMatcher = invocationMatcher
        self.spy = spy
    }

    func register(
        value: Output? = nil,
        handler: ((repeat each I) -> Output)? = nil,
        error: (any Error)? = nil,
        throwingHandler: ((repeat each I) throws -> Output)? = nil,
        asyncHandler: ((repeat each I) async -> Output)? = nil,
        asyncThrowingHandler: ((repeat each I) async throws -> Output)? = nil
    ) {
        spy.add(
            Stub(
                invocationMatcher, value: value, handler: handler, error: error, throwingHandler: throwingHandler,
                asyncHandler: asyncHandler, asyncThrowingHandler: asyncThrowingHandler))
    }

    func registerAction(
        handler: ((repeat each I) -> Void)? = nil,
        throwingHandler: ((repeat each I) throws -> Void)? = nil,
        asyncHandler: ((repeat each I) async -> Void)? = nil,
        asyncThrowingHandler: ((repeat each I) async throws -> Void)? = nil
    ) {
        spy.add(
            Action(
                invocationMatcher, handler: handler, throwingHandler: throwingHandler, asyncHandler: asyncHandler,
                asyncThrowingHandler: asyncThrowingHandler))
    }
}

extension Arrange where Eff == None {
    /// Answers the calls with a value.
    ///
    /// - Parameter output: The value.
    public func thenReturn(_ output: Output) where Output: Sendable {
        register(value: output)
    }

    /// Answers the calls with what a handler returns for their arguments.
    ///
    /// - Parameter handler: Computes the answer from the arguments.
    public func thenReturn(_ handler: @escaping @Sendable (repeat each I) -> Output) {
        register(handler: handler)
    }

    /// Runs a side effect for the calls, before they are answered.
    ///
    /// - Parameter handler: The side effect.
    public func `do`(_ handler: @escaping @Sendable (repeat each I) -> Void) {
        registerAction(handler: handler)
    }
}

extension Arrange where Eff == Throws {
    /// Answers the calls with a value.
    ///
    /// - Parameter output: The value.
    public func thenReturn(_ output: Output) where Output: Sendable {
        register(value: output)
    }

    /// Makes the calls throw an error.
    ///
    /// - Parameter error: The error.
    public func thenThrow<E: Error & Sendable>(_ error: E) {
        register(error: error)
    }

    /// Answers the calls with what a handler returns or throws for their arguments.
    ///
    /// - Parameter handler: Computes the answer from the arguments.
    public func thenReturn(_ handler: @escaping @Sendable (repeat each I) throws -> Output)
    where repeat each I: Sendable {
        register(throwingHandler: handler)
    }

    /// Runs a side effect for the calls, before they are answered; its error is thrown to the caller.
    ///
    /// - Parameter handler: The side effect.
    public func `do`(_ handler: @escaping @Sendable (repeat each I) throws -> Void) {
        registerAction(throwingHandler: handler)
    }
}

extension Arrange where Eff == Async {
    /// Answers the calls with a value.
    ///
    /// - Parameter output: The value.
    public func thenReturn(_ output: Output) where Output: Sendable {
        register(value: output)
    }

    /// Answers the calls with what a synchronous handler returns for their arguments.
    ///
    /// - Parameter handler: Computes the answer from the arguments.
    public func thenReturn(_ handler: @escaping @Sendable (repeat each I) -> Output) {
        register(handler: handler)
    }

    /// Answers the calls with what an async handler returns for their arguments.
    ///
    /// - Parameter handler: Computes the answer from the arguments.
    public func thenReturn(_ handler: @escaping @Sendable (repeat each I) async -> Output)
    where repeat each I: Sendable {
        register(asyncHandler: handler)
    }

    /// Runs a side effect for the calls, before they are answered.
    ///
    /// - Parameter handler: The side effect.
    public func `do`(_ handler: @escaping @Sendable (repeat each I) async -> Void) {
        registerAction(asyncHandler: handler)
    }
}

extension Arrange where Eff == AsyncThrows {
    /// Answers the calls with a value.
    ///
    /// - Parameter output: The value.
    public func thenReturn(_ output: Output) where Output: Sendable {
        register(value: output)
    }

    /// Makes the calls throw an error.
    ///
    /// - Parameter error: The error.
    public func thenThrow<E: Error & Sendable>(_ error: E) {
        register(error: error)
    }

    /// Answers the calls with what an async handler returns or throws for their arguments.
    ///
    /// - Parameter handler: Computes the answer from the arguments.
    public func thenReturn(_ handler: @escaping @Sendable (repeat each I) async throws -> Output)
    where repeat each I: Sendable {
        register(asyncThrowingHandler: handler)
    }

    /// Runs a side effect for the calls, before they are answered; its error is thrown to the caller.
    ///
    /// - Parameter handler: The side effect.
    public func `do`(_ handler: @escaping @Sendable (repeat each I) async throws -> Void) {
        registerAction(asyncThrowingHandler: handler)
    }
}
