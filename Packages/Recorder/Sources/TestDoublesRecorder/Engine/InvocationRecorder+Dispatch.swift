import Synchronization

extension InvocationRecorder {
    /// The result of matching a call against the registrations.
    enum Selection {
        /// The picked behavior, by reference (its site is read only on error paths), its call count,
        /// the call's ledger entry, and the actions to run around the call.
        case behavior(ConfiguredBehavior, count: Int, ticket: CallTicket, hooks: CallHooks?)
        case unmatched([Registration], ticket: CallTicket)
    }

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
            return answer.outcome
        }
        return .outcome(dispatch(requirement, .scalars(scalars)))
    }

    /// Answers a call whose arguments are scalars at once, recording it, when
    /// its answer is a configured `Void` or scalar value; nil, with nothing
    /// recorded or consumed, otherwise.
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
    ///   ``ScalarCallOutcome/returnedScalar(_:_:)``, or nil.
    @inline(__always)
    public func answerImmediately(_ requirement: Requirement, scalars: ScalarArguments) -> ScalarCallOutcome? {
        guard CaptureSession.currentIfRecording == nil else { return nil }
        return immediateAnswer(requirement, scalars, forwardingUnmatched: false)?.outcome
    }

    /// Serves a call in one lock hold when the registration that matches it
    /// can be found on the raw words (every matcher before it and its own
    /// have a ``ScalarTest``) and its next behavior is an unboxed value (see
    /// ``ImmediateAnswer``), recording the call; nil (and nothing consumed or
    /// recorded) otherwise, for the general path to pick exactly as it would
    /// have: the first registration, in `when` order, that matches and has a
    /// behavior left.
    ///
    /// With `forwardingUnmatched` (a synchronous call), a call of a
    /// forwarding double (a spy) that every registration declines on its raw words is
    /// recorded as forwarded and answered ``ImmediateAnswer/forward`` in the
    /// same hold: what the general path would decide (no registration
    /// matches, the policy forwards), with its completion kept in the entry.
    @inline(__always)
    private func immediateAnswer(
        _ requirement: Requirement, _ scalars: ScalarArguments, forwardingUnmatched: Bool
    ) -> ImmediateAnswer? {
        var notification: Notification?
        // The slot and the registrations are borrowed without retaining:
        // the state holds them, and nothing drops them while the lock is held.
        let answer = state.withLock { state -> ImmediateAnswer? in
            state.lentSlot(requirement)._withUnsafeGuaranteedRef { slot -> ImmediateAnswer? in
                // Indexed through the slot's addressor: iterating the array
                // (or its buffer) would retain and release every registration.
                for index in 0..<slot.registrations.count {
                    let picked = Unmanaged.passUnretained(slot.registrations[index])._withUnsafeGuaranteedRef {
                        registration -> ImmediateAnswer?? in
                        guard let matches = registration.matches(scalars) else { return .some(nil) }
                        guard matches else { return nil }
                        let answer: ImmediateAnswer
                        switch registration.chain.takeImmediateAnswer() {
                        case .usedUp: return nil
                        case .general: return .some(nil)
                        case .answer(let taken): answer = taken
                        }
                        registration.served += 1
                        notification = appendInvocation(
                            &state, requirement, .scalars(scalars), .returned, registration.number, immediate: answer)
                        return .some(answer)
                    }
                    // nil: not this registration, try the next; .some: decided.
                    if let picked { return picked }
                }
                guard forwardingUnmatched, unmatchedCallPolicy == .forward else { return nil }
                notification = appendInvocation(
                    &state, requirement, .scalars(scalars), .forwarded, nil, immediate: .forward)
                return .forward
            }
        }
        notification?.deliver()
        return answer
    }

    /// Serves a call with boxed arguments in one lock hold when the
    /// requirement's first registration is a catch-all (no matcher to run)
    /// whose next behavior is an unboxed value (see ``ImmediateAnswer``) with
    /// no actions around its calls, recording the call with its answer (so
    /// its completion needs no second hold); nil (and nothing consumed or
    /// recorded) otherwise, for the general path to pick exactly as it would have.
    @inline(__always)
    private func immediateCatchAllAnswer(_ requirement: Requirement, _ arguments: CallArguments) -> ImmediateAnswer? {
        var notification: Notification?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        let answer = state.withLock { state -> ImmediateAnswer? in
            state.lentSlot(requirement)._withUnsafeGuaranteedRef { slot -> ImmediateAnswer? in
                guard !slot.registrations.isEmpty else { return nil }
                return Unmanaged.passUnretained(slot.registrations[0])._withUnsafeGuaranteedRef { first in
                    guard first.isCatchAll, first.matchers.count == arguments.count,
                        let answer = first.chain.nextImmediateAnswer()
                    else { return nil }
                    first.served += 1
                    notification = appendInvocation(
                        &state, requirement, arguments, .returned, first.number, immediate: answer)
                    return answer
                }
            }
        }
        notification?.deliver()
        return answer
    }

    /// Serves a call with boxed arguments the front lends when the
    /// requirement's first registration is a catch-all (no matcher to run)
    /// with no actions around its calls whose next behavior is an unboxed
    /// value (see ``ImmediateAnswer``), answered in the hold that records
    /// the call, or a synchronous handler or any other configured value,
    /// run or given once that hold is over and its answer recorded as the
    /// general path records it (the same pick, ledger entry, answer and
    /// completion); nil (and nothing consumed or recorded) otherwise.
    ///
    /// With `consuming`, the arguments move into the ledger, and a handler
    /// reads the ledger's, lent: the front's buffer is left uninitialized
    /// when the answer is not nil.
    @inline(__always)
    private func catchAllAnswer(
        _ requirement: Requirement, _ arguments: UnsafeBufferPointer<Any>, consuming: Bool
    ) -> ScalarCallOutcome? {
        var notification: Notification?
        var ticket: CallTicket?
        var loan: BoxedArgumentStore.Loan?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        // Only a handler's behavior leaves the lock (retained), to run after it.
        let taken = state.withLock { state -> BehaviorChain.OneHoldStep? in
            state.lentSlot(requirement)._withUnsafeGuaranteedRef { slot -> BehaviorChain.OneHoldStep? in
                guard !slot.registrations.isEmpty else { return nil }
                return Unmanaged.passUnretained(slot.registrations[0])._withUnsafeGuaranteedRef { first in
                    guard first.isCatchAll, first.matchers.count == arguments.count,
                        let step = first.chain.nextOneHoldStep()
                    else { return nil }
                    first.served += 1
                    switch step {
                    case .answer(let answer):
                        let recorded: CallArguments =
                            consuming ? .lent(UnsafeMutableBufferPointer(mutating: arguments)) : .borrowed(arguments)
                        notification = appendInvocation(
                            &state, requirement, recorded, .returned, first.number, immediate: answer)
                    case .value:
                        ticket = state.nextTicket
                        let recorded: CallArguments =
                            consuming ? .lent(UnsafeMutableBufferPointer(mutating: arguments)) : .borrowed(arguments)
                        notification = appendInvocation(&state, requirement, recorded, .returned, first.number)
                    case .handler(let behavior, _):
                        let next = state.nextTicket
                        ticket = next
                        if consuming {
                            // The arguments move into the ledger, and the handler reads the ledger's own:
                            // no copy to retain, none to destroy after it.
                            notification = appendInvocation(
                                &state, requirement, .lent(UnsafeMutableBufferPointer(mutating: arguments)),
                                behavior.outcome, first.number)
                            loan = state.ledger.lentArgumentsOfLastCall(count: arguments.count)
                        } else {
                            notification = appendInvocation(
                                &state, requirement, .borrowed(arguments), behavior.outcome, first.number)
                        }
                    }
                    return step
                }
            }
        }
        notification?.deliver()
        switch taken {
        case nil: return nil
        case .answer(let answer)?: return answer.outcome
        case .value(let behavior)?:
            // What the general path answers and records for a configured value: the same outcome and completion.
            let outcome: CallOutcome
            if let value = behavior.returnedValue {
                outcome = .returned(value)
            } else {
                outcome = handlerOutcome(behavior, 0, requirement, UnsafeBufferPointer(start: nil, count: 0))
            }
            if let ticket { complete(ticket, outcome) }
            return .outcome(outcome)
        case .handler(let behavior, let count)?:
            // Consumed, the arguments are the ledger's now (boxed, so always lent back). The loan keeps
            // their chunk alive while the handler reads them, even if the ledger is cleared meanwhile;
            // only reads touch them.
            let lent = consuming ? loan?.values ?? UnsafeBufferPointer(start: nil, count: 0) : arguments
            let answer: ScalarCallOutcome
            if behavior.unboxedHandler != nil {
                answer = unboxedHandlerAnswer(behavior, count, requirement, lent, ticket)
            } else {
                let outcome = handlerOutcome(behavior, count, requirement, lent)
                if let ticket { complete(ticket, outcome) }
                answer = .outcome(outcome)
            }
            loan?.end()
            return answer
        }
    }

    /// The answer of a synchronous handler picked in one hold whose answer
    /// is `()` or a scalar (``ConfiguredBehavior/unboxedHandler``), unboxed
    /// for the front, and its completion, as the general path records it
    /// (the value boxed, or what the handler's error means).
    private func unboxedHandlerAnswer(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement,
        _ arguments: UnsafeBufferPointer<Any>, _ ticket: CallTicket?
    ) -> ScalarCallOutcome {
        let answer: ImmediateAnswer
        do {
            let word = try behavior.unboxedHandler?(arguments, count) ?? 0
            answer = behavior.unboxedKind.map { .scalar($0, word) } ?? .void
        } catch {
            let outcome = handlerFailed(error, requirement, Array(arguments), site: behavior.site)
            if let ticket { complete(ticket, outcome) }
            return .outcome(outcome)
        }
        if let ticket { complete(ticket, unboxed: answer) }
        return answer.outcome
    }

    /// The answer of a synchronous handler picked in one hold, as the general path gives it.
    private func handlerOutcome(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement, _ arguments: UnsafeBufferPointer<Any>
    ) -> CallOutcome {
        if let outcome = immediateOutcome(behavior, count, requirement, .borrowed(arguments)) { return outcome }
        // Not reached: only a synchronous handler is picked so, and it always answers.
        return misconfigured(
            "\(behavior.action.name) needs an async requirement, and \(requirement.name) is \(requirement.effects)",
            requirement, Array(arguments), site: behavior.site)
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
            case .delayed(let answer, let sleep):
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

    /// Answers a behavior that needs no suspension, the same way for sync and
    /// async requirements; `nil` for the async-only behaviors.
    private func immediateOutcome(
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
    private func handlerFailed(
        _ error: any Error, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    ) -> CallOutcome {
        if let misuse = error as? BehaviorMisuse {
            return misconfigured(misuse.message, requirement, arguments, site: site)
        }
        return thrown(error, requirement, arguments, site: site)
    }

    /// Picks the registration and behavior for a call and records the call.
    func select(_ requirement: Requirement, _ arguments: CallArguments) -> Selection {
        // One lock hold serves the call when the requirement's first
        // registration is a catch-all with behavior left (no matcher to run);
        // nothing but the picked step leaves the lock, so the hold retains
        // no more than the ledger entry needs.
        var fastNotification: Notification?
        var fastTicket: CallTicket?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        let fastPick = state.withLock { state -> BehaviorChain.Step? in
            state.lentSlot(requirement)._withUnsafeGuaranteedRef { slot -> BehaviorChain.Step? in
                guard !slot.registrations.isEmpty else { return nil }
                return Unmanaged.passUnretained(slot.registrations[0])._withUnsafeGuaranteedRef { first in
                    guard first.isCatchAll, first.matchers.count == arguments.count, let next = first.chain.next()
                    else { return nil }
                    first.served += 1
                    fastTicket = state.nextTicket
                    fastNotification = appendInvocation(
                        &state, requirement, arguments, next.behavior.outcome, first.number)
                    return next
                }
            }
        }
        if let fastPick, let fastTicket {
            fastNotification?.deliver()
            return .behavior(fastPick.behavior, count: fastPick.count, ticket: fastTicket, hooks: fastPick.hooks)
        }
        return selectMatching(requirement, arguments)
    }

    /// Picks the registration and behavior for a call whose first
    /// registration is not a catch-all (or is used up): matchers run outside
    /// the lock, then the behavior is taken and the call recorded under it.
    private func selectMatching(_ requirement: Requirement, _ arguments: CallArguments) -> Selection {
        let candidates = state.withLock { state in state.slot(requirement).registrations }
        for registration in candidates where registration.matches(arguments) {
            var notification: Notification?
            var picked: BehaviorChain.Step?
            var ticket: CallTicket?
            state.withLock { state in
                guard let next = registration.chain.next() else { return }
                picked = next
                registration.served += 1
                ticket = state.nextTicket
                notification = appendInvocation(
                    &state, requirement, arguments, next.behavior.outcome, registration.number)
            }
            if let picked, let ticket {
                notification?.deliver()
                return .behavior(picked.behavior, count: picked.count, ticket: ticket, hooks: picked.hooks)
            }
        }
        let outcome: Invocation.Outcome = unmatchedCallPolicy == .forward ? .forwarded : .unmatched
        let (notification, ticket) = state.withLock { state in
            let ticket = state.nextTicket
            return (appendInvocation(&state, requirement, arguments, outcome, nil), ticket)
        }
        notification?.deliver()
        return .unmatched(candidates, ticket: ticket)
    }

    /// Records a call made during a recording pass and answers with a placeholder.
    ///
    /// The placeholder is the `returning:` value, else one from
    /// ``Match/Placeholders`` (which also reuses values the test handed
    /// over, such as this call's own arguments). A throwing requirement whose
    /// result has none ends the pass by throwing ``RecordingPassEnded``, and
    /// any other parks the pass's thread for good when it runs on one of its
    /// own (see ``declareRecordingTypes(_:)``): the call is recorded already.
    func capture(_ session: CaptureSession, _ requirement: Requirement, _ arguments: [Any]) -> CallOutcome {
        session.record(self, requirement, arguments)
        if let placeholder = session.resultPlaceholder {
            return .returned(placeholder)
        }
        if let placeholder = Match.Placeholders.make(any: requirement.resultType) {
            return .returned(placeholder)
        }
        if requirement.effects.canThrow {
            return .threw(RecordingPassEnded(requirement: requirement.name))
        }
        // On its own thread, the pass ends here: the call is recorded and nothing after it matters.
        session.park(because: nil)
        let message = """
            \(name): recording \(requirement.name) needs a placeholder result of type \(requirement.resultType), \
            and none can be made (no registered, built-in or synthesized value, and the test handed over no \
            value of that type). Pass one with when(returning: someValue) { ... }, pass an instance as an \
            argument with Match.any(using: someValue), or register one with Match.Placeholders.register { someValue }
            """
        CaptureSession.reportStop(message, in: session)
        return .trap(message + ".")
    }

    private func thrown(
        _ error: any Error, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    )
        -> CallOutcome
    {
        if requirement.effects.canThrow { return .threw(error) }
        return misconfigured(
            "\(requirement.name) cannot throw, but its behavior threw \(describeValue(error))",
            requirement, arguments, site: site)
    }

    private func misconfigured(
        _ problem: String, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    )
        -> CallOutcome
    {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: "\(name): \(problem) (call: \(requirement.describeCall(arguments)))",
                location: site))
        return defaultAnswer(requirement, arguments, reason: problem)
    }

    /// A call that reached `thenFatalError`: the test asked for the process
    /// to stop here. One test's configuration must not end every other
    /// test of the run, so the request is reported at the line that
    /// configured it and the call finishes as an unstubbed one: a throwing
    /// requirement throws ``UnstubbedCall``, any other gets the default
    /// answer an unmatched call gets.
    private func askedForFatalError(
        _ message: String?, _ requirement: Requirement, _ arguments: [Any], site: CallSite
    ) -> CallOutcome {
        let call = requirement.describeCall(arguments)
        let given = message.map { ": \($0)" } ?? ""
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: """
                    \(name): \(call) reached thenFatalError\(given). The test asked for a fatal error here; \
                    the process was not stopped (one test must not end the whole run), and the call was answered \
                    as an unstubbed call.
                    """,
                location: site))
        if requirement.effects.canThrow { return .threw(UnstubbedCall(double: name, call: call)) }
        return defaultAnswer(requirement, arguments, reason: "the test asked for a fatal error")
    }

    private func unmatched(_ requirement: Requirement, _ arguments: [Any], tried: [Registration]) -> CallOutcome {
        if unmatchedCallPolicy == .forward { return .forward }
        if unmatchedCallPolicy == .failOnUse {
            let message = """
                \(name) received \(requirement.describeCall(arguments)). A dummy must never be used: the code under \
                test calls it, so pass a Stub (and configure \(requirement.name)) instead.
                """
            TestDoubleIssueReporting.report(
                TestDoubleIssue(kind: .unmatchedCall, message: message, location: creationSite))
            return defaultAnswer(requirement, arguments, reason: "a dummy answers nothing")
        }
        var lines = ["\(name) received \(requirement.describeCall(arguments)), which no registration matches."]
        if tried.isEmpty {
            lines.append("No registration has a behavior for \(requirement.name).")
        } else {
            lines.append("Registrations tried, in order:")
            for registration in tried {
                let reasons = explainMismatch(requirement, registration.matchers, arguments)
                let why = reasons.isEmpty ? "its behaviors are used up" : reasons.joined(separator: "; ")
                lines.append(
                    "  #\(registration.number) \(registration.patternDescription) at \(registration.site): \(why)")
            }
        }
        if let suggestion = RegistrationSuggestion(requirement, arguments) {
            lines.append("Add a registration before the call, for example:\n    \(suggestion.code)")
        } else {
            lines.append("Add a registration with when { ... }.then...(...) before the call.")
        }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .unmatchedCall, message: lines.joined(separator: "\n"), location: creationSite))
        return defaultAnswer(requirement, arguments, reason: "no registration matched")
    }

    /// A synthesized value, else `UnstubbedCall` for a throwing requirement,
    /// else an argument of the call of exactly the result type (an instance
    /// the test made, such as the object an echoing requirement is handed),
    /// else a trap. The call was reported already: this only keeps the run going.
    func defaultAnswer(_ requirement: Requirement, _ arguments: [Any], reason: String) -> CallOutcome {
        if let value = Match.Placeholders.make(any: requirement.resultType) { return .returned(value) }
        if requirement.effects.canThrow {
            return .threw(UnstubbedCall(double: name, call: requirement.describeCall(arguments)))
        }
        if let handedOver = arguments.first(where: { type(of: $0) == requirement.resultType }) {
            return .returned(handedOver)
        }
        let message = """
            \(name): \(requirement.describeCall(arguments)) cannot be answered (\(reason)): no default value of \
            \(requirement.resultType) can be made and \(requirement.name) cannot throw. Configure a behavior \
            with when { ... }.thenReturn(...), or register a placeholder with Match.Placeholders.register.
            """
        TestDoubleIssueReporting.writeToStandardError("TestDoubles: \(message)\n")
        return .trap(message)
    }
}
