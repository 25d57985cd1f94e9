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
                // Asked on the cancelling thread, while this call waits parked.
                let parked = UncheckedSendable(arguments)
                let site = behavior.site
                let stays: @Sendable () -> Bool = {
                    self.staysParkedWhenCancelled(requirement, parked.value, site: site)
                }
                switch await suspension.park(staysWhenCancelled: stays) {
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

extension InvocationRecorder {
    /// Whether a parked call stays parked when its task is cancelled, asked
    /// only once it is: `false` lets it leave the queue (it throws
    /// `CancellationError`, or returns the default value of its result);
    /// for a non-throwing requirement whose result has no default value
    /// (``defaultValue(for:arguments:)``), it reports an issue at the
    /// `thenSuspend()` line and the call stays parked until the test resumes
    /// it, rather than stopping the process for want of a value.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The call's arguments (one of the result type is a default answer).
    ///   - site: Where the `thenSuspend()` behavior was configured.
    /// - Returns: Whether the call stays parked.
    func staysParkedWhenCancelled(_ requirement: Requirement, _ arguments: [Any], site: CallSite) -> Bool {
        guard !requirement.effects.canThrow, defaultValue(for: requirement, arguments: arguments) == nil else {
            return false
        }
        let message =
            "\(name): \(requirement.describeCall(arguments)) was cancelled while parked by the thenSuspend() "
            + "behavior configured at \(site), but \(requirement.name) cannot throw and no default value of "
            + "\(requirement.resultType) can be made: the call stays parked until resume(returning:) completes it."
        TestDoubleIssueReporting.report(TestDoubleIssue(kind: .invalidBehavior, message: message, location: site))
        return true
    }
}
