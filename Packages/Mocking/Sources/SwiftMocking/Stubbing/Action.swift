/// One registered side effect of a spy: the calls it runs for and what it does.
///
/// Created by `Arrange.do` and by `until`; kept public for source
/// compatibility, not constructible outside the module. Only the single
/// most specific action (latest among equals) runs for a call.
public final class Action<each I, Eff: Effect>: @unchecked Sendable {
    /// The calls the action runs for.
    public let invocationMatcher: InvocationMatcher<repeat each I>

    private let notify: (@Sendable () -> Void)?
    private let handler: ((repeat each I) -> Void)?
    private let throwingHandler: ((repeat each I) throws -> Void)?
    private let asyncHandler: ((repeat each I) async -> Void)?
    private let asyncThrowingHandler: ((repeat each I) async throws -> Void)?

    init(
        _ invocationMatcher: InvocationMatcher<repeat each I>,
        handler: ((repeat each I) -> Void)? = nil,
        throwingHandler: ((repeat each I) throws -> Void)? = nil,
        asyncHandler: ((repeat each I) async -> Void)? = nil,
        asyncThrowingHandler: ((repeat each I) async throws -> Void)? = nil,
        notify: (@Sendable () -> Void)? = nil
    ) {
        self.invocationMatcher = invocationMatcher
        self.notify = notify
        self.handler = handler
        self.throwingHandler = throwingHandler
        self.asyncHandler = asyncHandler
        self.asyncThrowingHandler = asyncThrowingHandler
    }

    /// The action's precedence: the sum of its matchers' precedences, at most 1000.
    public var precedence: MatcherPrecedence {
        MatcherPrecedence(value: invocationMatcher.precedence)
    }

    /// Runs a non-throwing synchronous action.
    func run(_ input: repeat each I) {
        notify?()
        handler?(repeat each input)
    }

    /// Runs a synchronous action that may throw.
    func runThrowing(_ input: repeat each I) throws {
        notify?()
        handler?(repeat each input)
        try throwingHandler?(repeat each input)
    }

    /// Runs an action of an async call that does not throw.
    func runAsync(_ input: repeat each I) async {
        notify?()
        handler?(repeat each input)
        await asyncHandler?(repeat each input)
    }

    /// Runs an action of an async call that may throw.
    func runAsyncThrowing(_ input: repeat each I) async throws {
        notify?()
        handler?(repeat each input)
        try throwingHandler?(repeat each input)
        await asyncHandler?(repeat each input)
        try await asyncThrowingHandler?(repeat each input)
    }
}
