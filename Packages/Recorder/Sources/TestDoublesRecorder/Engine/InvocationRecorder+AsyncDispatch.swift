import Synchronization

// A real call of an async requirement: the general path, whose async behaviors
// (suspension, delays, never returning) are awaited here.

extension InvocationRecorder {
    /// Answers a real call of an async requirement; async behaviors
    /// (suspension, delays, never returning, awaiting cancellation, async
    /// handlers) are awaited here.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order.
    /// - Returns: What the front must do.
    public func dispatchAsync(_ requirement: Requirement, arguments: [Any]) async -> CallOutcome {
        if let session = CaptureSession.currentIfRecording {
            let outcome = capture(session, requirement, arguments)
            // In a pass's own task (with no thread of its own to park), the pass ends here for good.
            if case .trap = outcome { await session.parkTask() }
            return outcome
        }
        if let answer = immediateCatchAllAnswer(requirement, .boxed(arguments)) { return answer.callOutcome }
        let selection = select(requirement, .boxed(arguments))
        let hooks = selection.hooks
        if let hooks { run(hooks.before, requirement, arguments) }
        let outcome = await answerAsync(selection, requirement, arguments)
        if let hooks { run(hooks.after, requirement, arguments) }
        complete(selection.ticket, outcome)
        return outcome
    }

    /// The answer to an async call, once its behavior is picked; async behaviors are awaited here.
    private func answerAsync(
        _ selection: Selection, _ requirement: Requirement, _ arguments: [Any]
    ) async -> CallOutcome {
        switch selection {
        case .unmatched(let tried, _):
            return unmatched(requirement, arguments, tried: tried)
        case .behavior(let behavior, let count, _, _):
            if let outcome = immediateOutcome(behavior, count, requirement, .boxed(arguments)) { return outcome }
            asyncInFlight.add(1, ordering: .relaxed)
            defer { asyncInFlight.subtract(1, ordering: .relaxed) }
            switch behavior.action {
            case .value, .error, .forward, .compute, .fatalError:
                preconditionFailure("immediate behaviors are answered above")
            case .computeAsync(let handler):
                do {
                    return .returned(try await handler(arguments, count))
                } catch {
                    return handlerFailed(error, requirement, arguments, site: behavior.site)
                }
            case .suspend(let suspension):
                switch await suspension.park() {
                case .success(let value): return .returned(value)
                case .failure(let error) where error is CancellationError && !requirement.effects.canThrow:
                    return defaultAnswer(requirement, arguments, reason: "the suspended call was cancelled")
                case .failure(let error): return thrown(error, requirement, arguments, site: behavior.site)
                }
            case .delayed(let answer, let sleep, _):
                do {
                    try await sleep()
                } catch {
                    if requirement.effects.canThrow { return .threw(error) }
                }
                switch answer {
                case .success(let value): return .returned(value)
                case .failure(let error): return thrown(error, requirement, arguments, site: behavior.site)
                }
            case .never:
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
                return defaultAnswer(requirement, arguments, reason: "thenNeverReturn() was resumed")
            case .awaitCancellation(let answer):
                await CancellationWaiter.wait()
                switch answer {
                case .success(let value)?: return .returned(value)
                case .failure(let error)?: return thrown(error, requirement, arguments, site: behavior.site)
                case nil:
                    if requirement.effects.canThrow { return .threw(CancellationError()) }
                    return defaultAnswer(requirement, arguments, reason: "the call was cancelled")
                }
            case .cancel(let sleep, let answer):
                try? await sleep()
                withUnsafeCurrentTask { $0?.cancel() }
                switch answer {
                case .success(let value): return .returned(value)
                case .failure(let error): return thrown(error, requirement, arguments, site: behavior.site)
                }
            }
        }
    }
}
