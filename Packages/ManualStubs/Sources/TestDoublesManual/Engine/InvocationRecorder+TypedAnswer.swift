import TestDoublesRecorder

extension InvocationRecorder {
    /// Dispatches a call of a synchronous, non-throwing requirement and returns its typed answer.
    @usableFromInline
    func answer<R>(_ requirement: Requirement, _ arguments: [Any], forward: (() -> R)? = nil) -> R {
        TypedAnswer.resolve(dispatch(requirement, arguments: arguments), self, requirement, forward: forward)
    }

    /// Dispatches a call of a synchronous requirement that throws `E` and returns its typed answer.
    @usableFromInline
    func answer<R, E: Error>(
        _ requirement: Requirement, _ arguments: [Any], throwing type: E.Type, forward: (() throws -> R)? = nil
    ) throws(E) -> R {
        try TypedAnswer.resolve(
            dispatch(requirement, arguments: arguments), self, requirement, throwing: type, forward: forward)
    }

    /// Dispatches a call of an async, non-throwing requirement and returns
    /// its typed answer on the caller's actor (a double without a real
    /// implementation to forward to).
    @usableFromInline
    func answerAsync<R>(
        _ requirement: Requirement, _ arguments: [Any], isolation: isolated (any Actor)? = #isolation
    ) async -> R {
        let outcome = await dispatchAsync(requirement, arguments: HandOver(arguments))
        return TypedAnswer.resolve(outcome, self, requirement, forward: nil as (() -> R)?)
    }

    /// Dispatches a call of an async requirement that throws `E` and returns
    /// its typed answer on the caller's actor (no real implementation).
    @usableFromInline
    func answerAsync<R, E: Error>(
        _ requirement: Requirement, _ arguments: [Any], throwing type: E.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(E) -> R {
        let outcome = await dispatchAsync(requirement, arguments: HandOver(arguments))
        return try TypedAnswer.resolve(outcome, self, requirement, throwing: type, forward: nil as (() throws -> R)?)
    }

    /// Dispatches a call of an async, non-throwing requirement that may
    /// forward to a real implementation, and returns its typed answer.
    ///
    /// Nonisolated: it awaits `forward`, whose isolation it cannot know
    /// (Swift 6.0 rejects a non-`Sendable` result of it on an actor).
    func answerAsync<R>(_ requirement: Requirement, _ arguments: [Any], forward: (() async -> R)?) async -> R {
        await TypedAnswer.resolve(
            await dispatchAsync(requirement, arguments: arguments), self, requirement, forward: forward)
    }

    /// Dispatches a call of an async requirement that throws `E` and may
    /// forward to a real implementation, and returns its typed answer.
    func answerAsync<R, E: Error>(
        _ requirement: Requirement, _ arguments: [Any], throwing type: E.Type, forward: (() async throws -> R)?
    ) async throws(E) -> R {
        try await TypedAnswer.resolve(
            await dispatchAsync(requirement, arguments: arguments), self, requirement, throwing: type,
            forward: forward)
    }

    /// Hands a call's arguments to the engine, which may await handlers off
    /// the caller's actor with them.
    func dispatchAsync(_ requirement: Requirement, arguments: HandOver<[Any]>) async -> CallOutcome {
        await dispatchAsync(requirement, arguments: arguments.value)
    }
}
