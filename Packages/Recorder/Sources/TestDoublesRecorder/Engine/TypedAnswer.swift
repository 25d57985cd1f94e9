/// Turns the engine's ``CallOutcome`` into the typed answer of a call.
///
/// Every front ends a call here (the runtime `Stub`'s explicit invocations,
/// `ManualStub`, closure doubles, `ClientStub` and the recorder's own
/// ``InvocationRecorder/call(_:_:forward:)`` family), so every front fails
/// the same closed way: an answer of the wrong type, an error the requirement
/// cannot throw, or a forward without a real implementation is reported as an
/// issue naming the double and the requirement, and the call answers with a
/// placeholder of the declared type. The process stops only when no value of
/// that type can be made.
public enum TypedAnswer {
    /// Resolves the outcome of a call of a non-throwing requirement.
    ///
    /// - Parameters:
    ///   - outcome: What the engine decided for the call.
    ///   - recorder: The double's recorder, which names it in reports.
    ///   - requirement: The requirement called.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The answer, or a placeholder after an issue.
    @inlinable
    public static func resolve<R>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        forward: (() -> R)?
    ) -> R {
        switch outcome {
        case .returned(let value):
            do { return try BoxedCast.cast(value, to: R.self) } catch {
                return mismatched(value, recorder, requirement)
            }
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

    /// Resolves the outcome of a call of a throwing requirement whose errors
    /// have type `E` (`any Error` for an untyped `throws`).
    ///
    /// - Parameters:
    ///   - outcome: What the engine decided for the call.
    ///   - recorder: The double's recorder, which names it in reports.
    ///   - requirement: The requirement called.
    ///   - errorType: The requirement's error type.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The answer, or a placeholder after an issue.
    /// - Throws: The configured error, or the real implementation's.
    @inlinable
    public static func resolve<R, E: Error>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        throwing errorType: E.Type, forward: (() throws -> R)?
    ) throws(E) -> R {
        switch outcome {
        case .returned(let value):
            do { return try BoxedCast.cast(value, to: R.self) } catch {
                return mismatched(value, recorder, requirement)
            }
        case .threw(let error):
            if let typed = error as? E { throw typed }
            return try untypedError(error, R.self, recorder, requirement, throwing: errorType)
        case .forward:
            guard let forward else { return noForward(recorder, requirement) }
            do {
                return try forward()
            } catch let error as E {
                throw error
            } catch {
                return foreignError(error, E.self, recorder, requirement)
            }
        case .trap(let message):
            stop(message)
        }
    }

    /// Resolves the outcome of a call of an async, non-throwing requirement
    /// whose real implementation is awaited.
    ///
    /// - Parameters:
    ///   - outcome: What the engine decided for the call.
    ///   - recorder: The double's recorder, which names it in reports.
    ///   - requirement: The requirement called.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The answer, or a placeholder after an issue.
    @inlinable
    public static func resolve<R>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        forward: (() async -> R)?
    ) async -> R {
        if case .forward = outcome, let forward { return await forward() }
        return resolve(outcome, recorder, requirement, forward: nil as (() -> R)?)
    }

    /// Resolves the outcome of a call of an async requirement that throws `E`
    /// and whose real implementation is awaited.
    ///
    /// - Parameters:
    ///   - outcome: What the engine decided for the call.
    ///   - recorder: The double's recorder, which names it in reports.
    ///   - requirement: The requirement called.
    ///   - errorType: The requirement's error type.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The answer, or a placeholder after an issue.
    /// - Throws: The configured error, or the real implementation's.
    @inlinable
    public static func resolve<R, E: Error>(
        _ outcome: CallOutcome, _ recorder: InvocationRecorder, _ requirement: Requirement,
        throwing errorType: E.Type, forward: (() async throws -> R)?
    ) async throws(E) -> R {
        if case .forward = outcome, let forward {
            do {
                return try await forward()
            } catch let error as E {
                throw error
            } catch {
                return foreignError(error, E.self, recorder, requirement)
            }
        }
        return try resolve(outcome, recorder, requirement, throwing: errorType, forward: nil as (() throws -> R)?)
    }

    /// Reports a misconfigured call as an issue at the line that made the
    /// double, then answers with a
    /// placeholder of `R`; stops the process only when none can be made.
    ///
    /// - Parameters:
    ///   - problem: What went wrong, in a sentence.
    ///   - recorder: The double's recorder, which names it in the report.
    ///   - requirement: The requirement called, when there is one.
    /// - Returns: A placeholder of `R`.
    public static func fallback<R>(
        _ problem: String, _ recorder: InvocationRecorder, _ requirement: Requirement? = nil
    ) -> R {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior, message: "\(recorder.name): \(problem)", location: recorder.creationSite))
        if let placeholder = Match.Placeholders.make(R.self) { return placeholder }
        // No value of the declared type exists to return, and a sync call must return one.
        stop(
            """
            \(recorder.name): \(problem), and no placeholder of \(R.self) can be made; \
            register one with Match.Placeholders.register { someValue }
            """)
    }

    @usableFromInline
    static func mismatched<R>(_ value: Any, _ recorder: InvocationRecorder, _ requirement: Requirement) -> R {
        fallback(
            "the answer for \(requirement.name) is a \(type(of: value)), not the declared \(R.self)", recorder,
            requirement)
    }

    /// The answer when the real implementation threw an error the requirement cannot throw.
    @usableFromInline
    static func foreignError<R, E: Error>(
        _ error: any Error, _: E.Type, _ recorder: InvocationRecorder, _ requirement: Requirement
    ) -> R {
        fallback(
            "the real \(requirement.name) threw \(String(reflecting: error)), which is not a \(E.self)", recorder,
            requirement)
    }

    @usableFromInline
    static func noForward<R>(_ recorder: InvocationRecorder, _ requirement: Requirement) -> R {
        fallback(
            "\(requirement.name) was told to forward, but the double has no real implementation", recorder,
            requirement)
    }

    /// The answer when the engine's error is not an `E`: a recording pass
    /// ends with a placeholder of `E` when one exists, else parks its thread
    /// (the call is recorded); anything else is a misconfiguration answered
    /// by ``fallback(_:_:_:)``.
    @usableFromInline
    static func untypedError<R, E: Error>(
        _ error: any Error, _: R.Type, _ recorder: InvocationRecorder, _ requirement: Requirement,
        throwing _: E.Type
    ) throws(E) -> R {
        if let ended = error as? RecordingPassEnded {
            // The call is recorded; a placeholder of the typed error ends the pass the same way.
            if let placeholder = Match.Placeholders.make(E.self) { throw placeholder }
            ended.parkPass()
        }
        if error is UnstubbedCall {
            // The engine reported the unmatched call already and has no placeholder to offer.
            stop("\(recorder.name): \(error); no placeholder of \(R.self) can be made and \(E.self) cannot carry it")
        }
        return fallback(
            "\(requirement.name) throws only \(E.self), but its answer was the error \(String(reflecting: error))",
            recorder, requirement)
    }

    /// Stops the process: only where a call must return a value of a type
    /// no value can be made of.
    @usableFromInline
    static func stop(_ message: String) -> Never {
        fatalError("TestDoubles: \(message)")
    }
}
