/// One registered answer of a spy: the calls it applies to and what they get.
///
/// Created by the methods of ``Arrange``; kept public for source
/// compatibility, not constructible outside the module.
public class Stub<each I, Effects: Effect, O>: @unchecked Sendable {
    /// The calls the stub answers.
    public let invocationMatcher: InvocationMatcher<repeat each I>

    // Exactly one of these is set.
    private let value: O?
    private let handler: ((repeat each I) -> O)?
    private let error: (any Error)?
    private let throwingHandler: ((repeat each I) throws -> O)?
    private let asyncHandler: ((repeat each I) async -> O)?
    private let asyncThrowingHandler: ((repeat each I) async throws -> O)?

    init(
        _ invocationMatcher: InvocationMatcher<repeat each I>,
        value: O? = nil,
        handler: ((repeat each I) -> O)? = nil,
        error: (any Error)? = nil,
        throwingHandler: ((repeat each I) throws -> O)? = nil,
        asyncHandler: ((repeat each I) async -> O)? = nil,
        asyncThrowingHandler: ((repeat each I) async throws -> O)? = nil
    ) {
        self.invocationMatcher = invocationMatcher
        self.value = value
        self.handler = handler
        self.error = error
        self.throwingHandler = throwingHandler
        self.asyncHandler = asyncHandler
        self.asyncThrowingHandler = asyncThrowingHandler
    }

    /// The stub's precedence: the sum of its matchers' precedences, at most 1000.
    public var precedence: MatcherPrecedence {
        MatcherPrecedence(value: invocationMatcher.precedence)
    }

    /// The answer when it is a value or a synchronous non-throwing handler,
    /// evaluated now; `nil` for answers deferred until after the action.
    func immediateAnswer(_ input: repeat each I) -> O? {
        if let value { return value }
        if let handler { return handler(repeat each input) }
        return nil
    }

    /// Whether the answer throws without running anything: a `thenThrow` stub.
    var storedError: (any Error)? { error }

    /// The deferred synchronous answer: the stored error, or a throwing handler's result.
    func deferredAnswer(_ input: repeat each I) throws -> O? {
        if let error { throw error }
        if let throwingHandler { return try throwingHandler(repeat each input) }
        return nil
    }

    /// The deferred answer of any kind, for async calls.
    func deferredAsyncAnswer(_ input: repeat each I) async throws -> O? {
        if let answer = try deferredAnswer(repeat each input) { return answer }
        if let asyncHandler { return await asyncHandler(repeat each input) }
        if let asyncThrowingHandler { return try await asyncThrowingHandler(repeat each input) }
        return nil
    }

    /// Runs the answer again for `Assert.throws`: the error it throws, if any.
    func errorThrown(for input: repeat each I) -> (any Error)? {
        do {
            _ = try deferredAnswer(repeat each input)
            return nil
        } catch {
            return error
        }
    }

    /// Runs the answer again for an async `Assert.throws`: the error it throws, if any.
    func errorThrownAsync(for input: repeat each I) async -> (any Error)? {
        do {
            _ = try await deferredAsyncAnswer(repeat each input)
            return nil
        } catch {
            return error
        }
    }
}
