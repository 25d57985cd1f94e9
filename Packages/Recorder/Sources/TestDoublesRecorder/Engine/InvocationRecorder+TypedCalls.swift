extension InvocationRecorder {
    /// Answers a call of a synchronous, non-throwing requirement with a typed result.
    ///
    /// The convenience a hand-written front calls from each requirement's
    /// body; it handles recording passes, forwarding and unmatched calls.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its `resultType` should be `R`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    @inlinable
    public func call<R>(_ requirement: Requirement, _ arguments: [Any], forward: (() -> R)? = nil) -> R {
        TypedAnswer.resolve(dispatch(requirement, arguments: arguments), self, requirement, forward: forward)
    }

    /// Answers a call of a synchronous, throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should include `.throws`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, or ``UnstubbedCall``.
    @inlinable
    public func callThrowing<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() throws -> R)? = nil
    )
        throws -> R
    {
        try TypedAnswer.resolve(
            dispatch(requirement, arguments: arguments), self, requirement, throwing: (any Error).self,
            forward: forward)
    }

    /// Answers a call of an async, non-throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should include `.async`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    @inlinable
    public func callAsync<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() async -> R)? = nil
    ) async
        -> R
    {
        await TypedAnswer.resolve(
            await dispatchAsync(requirement, arguments: arguments), self, requirement, forward: forward)
    }

    /// Answers a call of an async, throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should be `.asyncThrows`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, ``UnstubbedCall``, or `CancellationError`.
    @inlinable
    public func callAsyncThrowing<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() async throws -> R)? = nil
    ) async throws -> R {
        try await TypedAnswer.resolve(
            await dispatchAsync(requirement, arguments: arguments), self, requirement, throwing: (any Error).self,
            forward: forward)
    }
}
