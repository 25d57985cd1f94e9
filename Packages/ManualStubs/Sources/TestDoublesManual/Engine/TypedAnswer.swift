import TestDoublesRecorder

/// Turns the engine's ``CallOutcome`` into a typed answer for a front.
///
/// Every front of this module (ManualStub, closure doubles, ClientStub) ends a
/// call here, so every front fails the same closed way: a wrong answer type, an
/// error the requirement cannot throw, or a forward without a real
/// implementation is reported with the double's name and the call, and the
/// process only stops when no value of the declared type can be made.
enum TypedAnswer {
    /// Resolves an outcome of a non-throwing requirement.
    static func resolve<R>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        forward: (() -> R)?
    ) -> R {
        switch outcome {
        case .returned(let value):
            return cast(value, recorder, requirement)
        case .threw(let error):
            return fallback(
                "\(requirement.name) cannot throw, but its answer was the error \(String(reflecting: error))",
                recorder, requirement)
        case .forward:
            guard let forward else { return noForward(recorder, requirement) }
            return forward()
        case .trap(let message):
            stop(message)
        }
    }

    /// Resolves an outcome of a throwing requirement whose errors have type `E`
    /// (`any Error` for an untyped `throws`).
    static func resolve<R, E: Error>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        throwing _: E.Type, forward: (() throws -> R)?
    ) throws(E) -> R {
        switch outcome {
        case .returned(let value):
            return cast(value, recorder, requirement)
        case .threw(let error):
            if let typed = error as? E { throw typed }
            if error is RecordingPassEnded, let placeholder = Match.Placeholders.make(E.self) {
                // The call is recorded; a placeholder of the typed error ends the pass the same way.
                throw placeholder
            }
            if error is UnstubbedCall {
                // The engine reported the unmatched call already and has no placeholder to offer.
                stop(
                    "\(recorder.name): \(error); no placeholder of \(R.self) can be made and \(E.self) cannot carry it")
            }
            return fallback(
                "\(requirement.name) throws only \(E.self), but its answer was the error \(String(reflecting: error))",
                recorder, requirement)
        case .forward:
            guard let forward else { return noForward(recorder, requirement) }
            do {
                return try forward()
            } catch let error as E {
                throw error
            } catch {
                return fallback(
                    "the real \(requirement.name) threw \(String(reflecting: error)), which is not a \(E.self)",
                    recorder, requirement)
            }
        case .trap(let message):
            stop(message)
        }
    }

    /// Resolves an outcome of an async requirement that forwards asynchronously.
    static func resolve<R>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        forward: (() async -> R)?
    ) async -> R {
        if case .forward = outcome, let forward { return await forward() }
        return resolve(outcome, recorder, requirement, forward: nil as (() -> R)?)
    }

    /// Resolves an outcome of an async, throwing requirement that forwards asynchronously.
    static func resolve<R, E: Error>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        throwing type: E.Type, forward: (() async throws -> R)?
    ) async throws(E) -> R {
        if case .forward = outcome, let forward {
            do {
                return try await forward()
            } catch let error as E {
                throw error
            } catch {
                return fallback(
                    "the real \(requirement.name) threw \(String(reflecting: error)), which is not a \(E.self)",
                    recorder, requirement)
            }
        }
        return try resolve(outcome, recorder, requirement, throwing: type, forward: nil as (() throws -> R)?)
    }

    private static func cast<R>(_ value: Any, _ recorder: InvocationRecorder, _ requirement: Requirement) -> R {
        if let typed = value as? R { return typed }
        return fallback(
            "the answer for \(requirement.name) is a \(type(of: value)), not the declared \(R.self)", recorder,
            requirement)
    }

    private static func noForward<R>(_ recorder: InvocationRecorder, _ requirement: Requirement) -> R {
        fallback(
            "\(requirement.name) was told to forward, but the double has no real implementation", recorder,
            requirement)
    }

    /// Reports a misconfiguration, then answers with a placeholder of `R` or stops.
    static func fallback<R>(
        _ problem: String, _ recorder: InvocationRecorder, _ requirement: Requirement? = nil
    )
        -> R
    {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .invalidBehavior, message: "\(recorder.name): \(problem)", location: nil))
        if let placeholder = Match.Placeholders.make(R.self) { return placeholder }
        stop(
            """
            \(recorder.name): \(problem), and no placeholder of \(R.self) can be made; \
            register one with Match.Placeholders.register { someValue }
            """)
    }

    static func stop(_ message: String) -> Never {
        fatalError("TestDoubles: \(message)")
    }
}

extension InvocationRecorder {
    /// Dispatches a call of a synchronous, non-throwing requirement and returns its typed answer.
    func answer<R>(_ requirement: Requirement, _ arguments: [Any], forward: (() -> R)? = nil) -> R {
        TypedAnswer.resolve(dispatch(requirement, arguments: arguments), self, requirement, forward: forward)
    }

    /// Dispatches a call of a synchronous requirement that throws `E` and returns its typed answer.
    func answer<R, E: Error>(
        _ requirement: Requirement, _ arguments: [Any], throwing type: E.Type, forward: (() throws -> R)? = nil
    ) throws(E) -> R {
        try TypedAnswer.resolve(
            dispatch(requirement, arguments: arguments), self, requirement, throwing: type, forward: forward)
    }

    /// Dispatches a call of an async, non-throwing requirement and returns
    /// its typed answer on the caller's actor (a double without a real
    /// implementation to forward to).
    func answerAsync<R>(
        _ requirement: Requirement, _ arguments: [Any], isolation: isolated (any Actor)? = #isolation
    ) async -> R {
        let outcome = await dispatchAsync(requirement, arguments: HandOver(arguments))
        return TypedAnswer.resolve(outcome, self, requirement, forward: nil as (() -> R)?)
    }

    /// Dispatches a call of an async requirement that throws `E` and returns
    /// its typed answer on the caller's actor (no real implementation).
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
    private func dispatchAsync(_ requirement: Requirement, arguments: HandOver<[Any]>) async -> CallOutcome {
        await dispatchAsync(requirement, arguments: arguments.value)
    }
}
