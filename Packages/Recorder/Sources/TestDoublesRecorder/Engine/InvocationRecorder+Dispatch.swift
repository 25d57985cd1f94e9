import Synchronization

extension InvocationRecorder {
    /// Answers a real call of a synchronous requirement.
    ///
    /// During a recording pass (inside `when`, `verify`, `InvocationOrder`)
    /// the call is recorded as a pattern and answered with a placeholder of
    /// the result type instead.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order.
    /// - Returns: What the front must do.
    public func dispatch(_ requirement: Requirement, arguments: [Any]) -> CallOutcome {
        if CaptureSession.currentIfRecording == nil,
            let answer = immediateCatchAllAnswer(requirement, .boxed(arguments))
        {
            return answer.callOutcome
        }
        return dispatch(requirement, .boxed(arguments))
    }

    /// Answers a real call of a synchronous requirement, giving a
    /// configured `Void` or scalar value unboxed.
    ///
    /// The same as ``dispatch(_:arguments:)``; a front that can write a
    /// scalar answer straight into its result (a runtime stub's result
    /// register) calls this to skip boxing the answer and casting it back.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order.
    /// - Returns: What the front must do.
    public func dispatchUnboxingAnswer(_ requirement: Requirement, arguments: [Any]) -> ScalarCallOutcome {
        if CaptureSession.currentIfRecording == nil,
            let answer = immediateCatchAllAnswer(requirement, .boxed(arguments))
        {
            return answer.outcome
        }
        return .outcome(dispatch(requirement, .boxed(arguments)))
    }

    /// Answers a real call of a synchronous requirement at once, recording
    /// it, when the requirement's first registration is a catch-all whose
    /// next behavior is a configured `Void` or scalar value, or a
    /// synchronous handler (`then`), with no actions around its calls; nil,
    /// with nothing recorded or consumed, otherwise.
    ///
    /// A value is answered in the lock hold that records the call; a
    /// handler runs after that hold, reading the front's arguments in
    /// place, and its answer is recorded as the general path records it.
    /// The arguments stay the front's: the ledger keeps its own copies, so a
    /// front that decodes them into a buffer of its own (a runtime stub's
    /// stack) allocates no array for a call answered here. A front that gets
    /// nil goes on with ``dispatchUnboxingAnswer(_:declinedArguments:)``.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order, valid during the call.
    /// - Returns: ``ScalarCallOutcome/returnedVoid`` or
    ///   ``ScalarCallOutcome/returnedScalar(_:_:)`` for a value,
    ///   ``ScalarCallOutcome/outcome(_:)`` for a handler's answer, or nil.
    @inline(__always)
    public func answerImmediately(
        _ requirement: Requirement, borrowing arguments: UnsafeBufferPointer<Any>
    ) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return catchAllAnswer(requirement, arguments, consuming: false)
    }

    /// Answers a real call of a synchronous requirement at once, recording
    /// it, as ``answerImmediately(_:borrowing:)`` does, taking the arguments
    /// themselves into the ledger instead of copies.
    ///
    /// When it answers (non-nil), the arguments were moved out of
    /// `arguments` into the ledger (a handler reads them there), which is
    /// left uninitialized: the front neither copies nor destroys them. When it gives nil, nothing
    /// was recorded or consumed and the arguments are still the front's,
    /// initialized.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order, initialized.
    /// - Returns: ``ScalarCallOutcome/returnedVoid`` or
    ///   ``ScalarCallOutcome/returnedScalar(_:_:)`` for a value,
    ///   ``ScalarCallOutcome/outcome(_:)`` for a handler's answer, or nil.
    @inline(__always)
    public func answerImmediately(
        _ requirement: Requirement, consuming arguments: UnsafeMutableBufferPointer<Any>
    ) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return catchAllAnswer(requirement, UnsafeBufferPointer(arguments), consuming: true)
    }

    /// Answers a real call of a synchronous requirement at once, recording
    /// it, as ``answerImmediately(_:consuming:)`` does, when some arguments
    /// are ``WideArgument`` markers of values wider than an `Any`'s buffer
    /// that the front keeps alive until this returns: the ledger keeps a
    /// copy of each such value, and a handler receives the value.
    ///
    /// When it answers (non-nil), the other arguments were moved into the
    /// ledger and the markers are spent (both are trivial to leave); when it
    /// gives nil, nothing was recorded or consumed, and the front turns the
    /// markers into real values (``WideArgument/materializeMarkers(in:)``)
    /// before the general path.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed or marked, in declaration order, initialized.
    /// - Returns: As ``answerImmediately(_:consuming:)``.
    @inline(__always)
    public func answerImmediately(
        _ requirement: Requirement, consumingWide arguments: UnsafeMutableBufferPointer<Any>
    ) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return catchAllAnswer(requirement, UnsafeBufferPointer(arguments), consuming: true, wide: true)
    }

    /// Answers a real call of a synchronous requirement at once, recording
    /// it, as ``answerImmediately(_:consuming:)`` does, when some arguments
    /// are ``DeferredArgument`` markers: the ledger keeps them as it keeps
    /// any argument (with the references they hold), and every reader of
    /// the call's arguments, a handler first, gets the values they stand for.
    ///
    /// When it answers (non-nil), the arguments were moved into the
    /// ledger; when it gives nil, nothing was recorded or consumed, and the
    /// front turns the markers into real values
    /// (``DeferredArgument/materializeMarkers(in:)``) before the general path.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed or marked, in declaration order, initialized.
    /// - Returns: As ``answerImmediately(_:consuming:)``.
    @inline(__always)
    public func answerImmediately(
        _ requirement: Requirement, consumingDeferred arguments: UnsafeMutableBufferPointer<Any>
    ) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return catchAllAnswer(requirement, UnsafeBufferPointer(arguments), consuming: true, deferred: true)
    }

    /// Answers a real call of an async requirement at once, before it
    /// suspends, recording it, when the requirement's first registration is
    /// a catch-all whose next behavior is a configured value with no actions
    /// around its calls: the same answer and record as
    /// ``dispatchAsync(_:arguments:)`` would give. A handler is left to
    /// `dispatchAsync`, which runs it where the call's other behaviors run.
    ///
    /// As ``answerImmediately(_:consuming:)``: when it answers (non-nil),
    /// the arguments were moved into the ledger and `arguments` is left
    /// uninitialized; when it gives nil, nothing was recorded or consumed.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order, initialized.
    /// - Returns: ``ScalarCallOutcome/returnedVoid``,
    ///   ``ScalarCallOutcome/returnedScalar(_:_:)`` or
    ///   ``ScalarCallOutcome/outcome(_:)`` for a configured value, or nil.
    @inline(__always)
    public func answerAsyncImmediately(
        _ requirement: Requirement, consuming arguments: UnsafeMutableBufferPointer<Any>
    ) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return catchAllAnswer(requirement, UnsafeBufferPointer(arguments), consuming: true, handlers: false)
    }

    /// Answers a real call of a synchronous requirement after
    /// ``answerImmediately(_:borrowing:)`` gave nil for it: the same as
    /// ``dispatchUnboxingAnswer(_:arguments:)`` without trying that
    /// one-hold answer again.
    ///
    /// The general path picks exactly as it would have (a registration added
    /// in between is seen, a catch-all's value is answered boxed).
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, boxed in declaration order, of a call
    ///     ``answerImmediately(_:borrowing:)`` declined.
    /// - Returns: What the front must do.
    public func dispatchUnboxingAnswer(
        _ requirement: Requirement, declinedArguments arguments: [Any]
    ) -> ScalarCallOutcome {
        .outcome(dispatch(requirement, .boxed(arguments)))
    }

    /// Answers a real call of a synchronous requirement whose arguments are
    /// scalars, recording them without boxing.
    ///
    /// The same as ``dispatch(_:arguments:)`` with the arguments boxed; a
    /// front that reads arguments as raw words (a runtime stub reading
    /// registers) calls this to keep an ordinary call free of allocation
    /// and reference counting: a configured `Void` or scalar value comes
    /// back unboxed.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - scalars: The arguments, in declaration order.
    /// - Returns: What the front must do.
    public func dispatch(_ requirement: Requirement, scalars: ScalarArguments) -> ScalarCallOutcome {
        if CaptureSession.currentIfRecording == nil,
            let answer = immediateAnswer(requirement, scalars, forwardingUnmatched: true)
        {
            return answer
        }
        return .outcome(dispatch(requirement, .scalars(scalars)))
    }

    /// Answers a call whose arguments are scalars at once, recording it, when
    /// its answer is a configured value; nil, with nothing recorded or
    /// consumed, otherwise.
    ///
    /// For an async requirement a front calls this before it suspends: the
    /// call it answers needs no suspension (the same answer and record as
    /// ``dispatchAsync(_:arguments:)`` would give), and any other call goes on
    /// to ``dispatchAsync(_:arguments:)``.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - scalars: The arguments, in declaration order.
    /// - Returns: ``ScalarCallOutcome/returnedVoid`` or
    ///   ``ScalarCallOutcome/returnedScalar(_:_:)`` for a `Void` or scalar
    ///   value, ``ScalarCallOutcome/outcome(_:)`` for any other, or nil.
    @inline(__always)
    public func answerImmediately(_ requirement: Requirement, scalars: ScalarArguments) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return immediateAnswer(requirement, scalars, forwardingUnmatched: false)
    }

    private func dispatch(_ requirement: Requirement, _ arguments: CallArguments) -> CallOutcome {
        if let session = CaptureSession.currentIfRecording {
            return capture(session, requirement, arguments.values)
        }
        let selection = select(requirement, arguments)
        guard let hooks = selection.hooks else {
            let outcome = answer(selection, requirement, arguments)
            complete(selection.ticket, outcome)
            return outcome
        }
        let values = arguments.values
        run(hooks.before, requirement, values)
        let outcome = answer(selection, requirement, arguments)
        run(hooks.after, requirement, values)
        complete(selection.ticket, outcome)
        return outcome
    }

    /// The answer to a synchronous call, once its behavior is picked.
    private func answer(_ selection: Selection, _ requirement: Requirement, _ arguments: CallArguments) -> CallOutcome {
        switch selection {
        case .unmatched(let tried, _):
            return unmatched(requirement, arguments.values, tried: tried)
        case .behavior(let behavior, let count, _, _):
            if let outcome = immediateOutcome(behavior, count, requirement, arguments) { return outcome }
            return misconfigured(
                "\(behavior.action.name) needs an async requirement, and \(requirement.name) is \(requirement.effects)",
                requirement, arguments.values, site: behavior.site)
        }
    }

    /// Answers a behavior that needs no suspension, the same way for sync and
    /// async requirements; `nil` for the async-only behaviors.
    func immediateOutcome(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement, _ arguments: CallArguments
    ) -> CallOutcome? {
        if let handler = behavior.handler {
            do {
                return .returned(try arguments.withLentValues { try handler($0, count) })
            } catch {
                return handlerFailed(error, requirement, arguments.values, site: behavior.site)
            }
        }
        switch behavior.action {
        case .value(let value): return .returned(value)
        case .error(let error): return thrown(error, requirement, arguments.values, site: behavior.site)
        case .forward: return .forward
        case .fatalError(let message):
            return askedForFatalError(message, requirement, arguments.values, site: behavior.site)
        case .compute(let handler):
            do {
                return .returned(try arguments.withLentValues { try handler($0, count) })
            } catch {
                return handlerFailed(error, requirement, arguments.values, site: behavior.site)
            }
        case .computeAsync, .suspend, .delayed, .never, .awaitCancellation, .cancel:
            return nil
        }
    }

    /// What a handler's error means: a misuse of the vocabulary is a
    /// configuration issue; any other error is thrown to the caller.
    func handlerFailed(
        _ error: any Error, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    ) -> CallOutcome {
        if let misuse = error as? BehaviorMisuse {
            return misconfigured(misuse.message, requirement, arguments, site: site)
        }
        return thrown(error, requirement, arguments, site: site)
    }
}
