import Synchronization

// The one-hold lanes of a call: a scalar or catch-all registration whose next
// behavior is an unboxed value or a synchronous handler is picked, recorded and
// answered in one hold of the recorder's lock, without the general path.

extension InvocationRecorder {
    /// Serves a call in one lock hold when the registration that matches it
    /// can be found on the raw words (every matcher before it and its own
    /// have a ``ScalarTest``) and its next behavior is an unboxed value (see
    /// ``ImmediateAnswer``) or any other configured value, recording the
    /// call (and a boxed value's completion); nil (and nothing
    /// consumed or recorded) otherwise, for the general path to pick exactly
    /// as it would have: the first registration, in `when` order, that
    /// matches and has a behavior left.
    ///
    /// With `forwardingUnmatched` (a synchronous call), a call the double
    /// forwards when unmatched (``forwardsUnmatched(_:)``: a spy's, or a
    /// stub's of a requirement that runs its default implementation) that
    /// every registration declines on its raw words is recorded as
    /// forwarded and answered ``ImmediateAnswer/forward`` in the same hold:
    /// what the general path would decide (no registration matches, the
    /// call forwards), with its completion kept in the entry.
    /// Without it (an async call), a delayed value whose sleep takes no time
    /// is served as a configured value (see ``ConfiguredBehavior/elapsesAtOnce``).
    @inline(__always)
    func immediateAnswer(
        _ requirement: Requirement, _ scalars: ScalarArguments, forwardingUnmatched: Bool
    ) -> ScalarCallOutcome? {
        var notification: Notification?
        // The configured value taken in the hold, retained, kept apart as a
        // trivial word so the lanes return a trivial enum (an optional
        // outcome, or an `Any`, went through value witnesses on every call).
        var taken: Unmanaged<ConfiguredValue>?
        // The slot and the registrations are borrowed without retaining:
        // the state holds them, and nothing drops them while the lock is held.
        let answer = state.withLock { state -> ImmediateAnswer? in
            state.lentSlot(requirement, onlyOwn: specializationsKeepToTheirOwn)._withUnsafeGuaranteedRef {
                slot -> ImmediateAnswer? in
                // Indexed through the slot's addressor: iterating the array
                // (or its buffer) would retain and release every registration.
                for index in 0..<slot.registrations.count {
                    let picked = Unmanaged.passUnretained(slot.registrations[index])._withUnsafeGuaranteedRef {
                        registration -> ImmediateAnswer?? in
                        guard let matches = registration.matches(scalars) else { return .some(nil) }
                        guard matches else { return nil }
                        switch registration.chain.takeImmediateAnswer(onAsyncRequirement: !forwardingUnmatched) {
                        case .usedUp: return nil
                        case .general: return .some(nil)
                        case .answer(let answer):
                            registration.served += 1
                            notification = appendInvocation(
                                &state, requirement, .scalars(scalars), .returned, registration.number,
                                immediate: answer)
                            return .some(answer)
                        case .value(let behavior):
                            // (A value step always has its value: both come from one `.value` action.)
                            guard let configured = behavior.returnedValue else { return .some(nil) }
                            registration.served += 1
                            notification = appendConfiguredAnswer(
                                &state, requirement, .scalars(scalars), behavior, configured, registration.number)
                            taken = Unmanaged.passRetained(configured)
                            // Decided; the answer is the taken behavior's value.
                            return .some(nil)
                        }
                    }
                    // nil: not this registration, try the next; .some: decided.
                    if let picked { return picked }
                }
                guard forwardingUnmatched, forwardsUnmatched(requirement) else { return nil }
                notification = appendInvocation(
                    &state, requirement, .scalars(scalars), .forwarded, nil, immediate: .forward)
                return .forward
            }
        }
        notification?.deliver()
        if let taken { return .returnedConfigured(taken.takeRetainedValue()) }
        return answer?.outcome
    }

    /// Serves a call with boxed arguments in one lock hold when the
    /// requirement's first registration is a catch-all (no matcher to run)
    /// whose next behavior is an unboxed value (see ``ImmediateAnswer``) with
    /// no actions around its calls, recording the call with its answer (so
    /// its completion needs no second hold); nil (and nothing consumed or
    /// recorded) otherwise, for the general path to pick exactly as it would have.
    @inline(__always)
    func immediateCatchAllAnswer(_ requirement: Requirement, _ arguments: CallArguments) -> ImmediateAnswer? {
        var notification: Notification?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        let answer = state.withLock { state -> ImmediateAnswer? in
            state.lentSlot(requirement, onlyOwn: specializationsKeepToTheirOwn)._withUnsafeGuaranteedRef {
                slot -> ImmediateAnswer? in
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
    /// reads the ledger's values where the front's buffer still holds their
    /// bits: the buffer is left uninitialized when the answer is not nil.
    /// A handler's behavior and the arguments the ledger took are not
    /// retained for its run (see ``RunningHandlers``). Without `handlers`
    /// (an async call), a handler's step is left to the general path too,
    /// and a delayed value whose sleep takes no time is served as a
    /// configured value (see ``ConfiguredBehavior/elapsesAtOnce``).
    /// With `wide` (and `consuming`), some arguments are ``WideArgument``
    /// markers: the ledger copies their values, whatever the step, and the
    /// markers in the front's buffer then name its copies
    /// (``Ledger/keepWideValues(lentIn:)``); a handler reads them there (a
    /// typed handler that reads markers, see
    /// ``ConfiguredBehavior/unboxedHandlerReadsWide``), or as real `Any`s
    /// made for its run (``WideArgument/withValues(lentIn:_:)``).
    /// With `deferred` (and `consuming`), some arguments are
    /// ``DeferredArgument`` markers, which the ledger keeps as they are,
    /// whatever the step; a handler gets their values made for its run alone
    /// (see ``deferredHandlerAnswer(_:_:_:_:_:)``).
    @inline(__always)
    func catchAllAnswer(
        _ requirement: Requirement, _ arguments: UnsafeBufferPointer<Any>, consuming: Bool, handlers: Bool = true,
        wide: Bool = false, deferred: Bool = false
    ) -> ScalarCallOutcome? {
        var notification: Notification?
        // Set in the hold for a handler (or a value step without its value), whose completion follows.
        var ticket = CallTicket(generation: 0, position: 0)
        // A configured value answered in the hold, retained for the answer.
        var answered: Unmanaged<ConfiguredValue>?
        // The slot and the registration are borrowed without retaining:
        // the state holds both, and nothing drops them while the lock is held.
        let taken = state.withLock { state -> BehaviorChain.OneHoldStep? in
            state.lentSlot(requirement, onlyOwn: specializationsKeepToTheirOwn)._withUnsafeGuaranteedRef {
                slot -> BehaviorChain.OneHoldStep? in
                guard !slot.registrations.isEmpty else { return nil }
                return Unmanaged.passUnretained(slot.registrations[0])._withUnsafeGuaranteedRef { first in
                    // Not a requirement with arguments kept weakly (``Registration/servesLentArguments``): the
                    // general path's, where the ledger replaces its own copies, not those a handler here reads.
                    guard first.servesLentArguments, first.matchers.count == arguments.count,
                        let step = first.chain.nextOneHoldStep(handlers: handlers, onAsyncRequirement: !handlers)
                    else { return nil }
                    // Wrapping: a count of calls, which cannot reach 2^63.
                    first.served &+= 1
                    let recorded: CallArguments =
                        consuming ? .lent(UnsafeMutableBufferPointer(mutating: arguments)) : .borrowed(arguments)
                    // The wide values copied into the ledger, the markers pointed at the copies, before the
                    // append, which then moves the markers as it moves any `Any` (one append for both lanes).
                    if wide { state.ledger.keepWideValues(lentIn: UnsafeMutableBufferPointer(mutating: arguments)) }
                    // An unboxed value and a handler share one append, inlined once: a second call site
                    // was left out of line, about 100 instructions more a handler call. Its calls (the
                    // clock, the caller's priority) come first, so less of the step is kept across them.
                    let stamp = arrivalStamp(&state)
                    let answer: Ledger.Answer
                    let outcome: Invocation.Outcome
                    switch step {
                    case .answer(let given):
                        answer = Ledger.Answer(given)
                        outcome = .returned
                    case .handler(let behavior, _):
                        ticket = state.nextTicket
                        answer = .none
                        outcome = behavior._withUnsafeGuaranteedRef { $0.outcome }
                        // Neither the behavior nor the arguments the ledger took are retained for the
                        // handler's run: until the hold that records its completion, a clearing keeps
                        // what it drops (see ``RunningHandlers``).
                        state.runningHandlers.begin()
                    case .value(let behavior):
                        behavior._withUnsafeGuaranteedRef { behavior in
                            guard let configured = behavior.returnedValue else {
                                // Not reached (a value step always has its value); answered after the hold,
                                // when a clearing may have dropped the behavior: kept alive until then.
                                ticket = state.nextTicket
                                notification = appendInvocation(
                                    &state, requirement, recorded, behavior.outcome, first.number, answer: .none,
                                    stamp: stamp)
                                _ = Unmanaged.passRetained(behavior)
                                return
                            }
                            notification = appendConfiguredAnswer(
                                &state, requirement, recorded, behavior, configured, first.number, stamp: stamp)
                            // The answer, which outlives the hold (a clearing may drop the behavior meanwhile).
                            answered = .passRetained(configured)
                        }
                        return step
                    }
                    // A lane that lends wide values is too large for the inliner to inline this append
                    // (even always-inline), which then ran out of line in its general form (every kind of
                    // arguments, the stamp taken or not): about 180 instructions. Its own call does the same
                    // append specialized to lent arguments and a stamp.
                    if wide {
                        notification = appendLentInvocation(
                            &state, requirement, UnsafeMutableBufferPointer(mutating: arguments), outcome,
                            first.number, answer: answer, stamp: stamp)
                    } else {
                        notification = appendInvocation(
                            &state, requirement, recorded, outcome, first.number, answer: answer, stamp: stamp)
                    }
                    return step
                }
            }
        }
        // Consumed, not read: a nil notification left to the end of the scope cost a call to release it.
        if case .some(let notification) = consume notification { notification.deliver() }
        switch taken {
        case nil: return nil
        case .answer(let answer)?: return answer.outcome
        case .value(let behavior)?:
            if let answered { return .returnedConfigured(answered.takeRetainedValue()) }
            // Not reached (see above): what the general path answers and records, the same outcome and completion.
            let outcome = handlerOutcome(
                behavior.takeRetainedValue(), 0, requirement, UnsafeBufferPointer(start: nil, count: 0))
            complete(ticket, outcome)
            return .outcome(outcome)
        case .handler(let behavior, let count)?:
            // Consumed, the arguments moved into the ledger, and their bits are still in the front's
            // buffer (moving an `Any`, which is bitwise takable, copies them): the handler reads the
            // ledger's values there, with no copy to retain and none to destroy after it. Wide, the
            // buffer's markers name the ledger's copies of the values (kept, as its boxed values are,
            // through a clearing meanwhile: ``RunningHandlers``): a handler that does not read
            // markers gets real `Any`s of them, made for its run alone.
            return behavior._withUnsafeGuaranteedRef { behavior in
                if wide {
                    return wideHandlerAnswer(
                        behavior, count, requirement, UnsafeMutableBufferPointer(mutating: arguments), ticket)
                }
                if deferred {
                    return deferredHandlerAnswer(
                        behavior, count, requirement, UnsafeMutableBufferPointer(mutating: arguments), ticket)
                }
                guard behavior.unboxedHandler != nil else {
                    let outcome = handlerOutcome(behavior, count, requirement, arguments)
                    completeHandlerRun(ticket, outcome)
                    return .outcome(outcome)
                }
                // An unboxed handler may move an argument out of the memory it is lent and back
                // (``ScalarHandler/compute``): the front's buffer, given to this call, when consumed;
                // borrowed, the front's to read only, an image of it of the handler's own.
                if consuming {
                    return unboxedHandlerAnswer(
                        behavior, count, requirement, UnsafeMutableBufferPointer(mutating: arguments), ticket)
                }
                return withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { image in
                    if let base = image.baseAddress, let source = arguments.baseAddress {
                        UnsafeMutableRawPointer(base).copyMemory(
                            from: source, byteCount: arguments.count * MemoryLayout<Any>.stride)
                    }
                    return unboxedHandlerAnswer(behavior, count, requirement, image, ticket)
                }
            }
        }
    }

    /// The answer of a synchronous handler picked in one hold for a call
    /// that lends wide values, whose ``WideArgument`` markers in `arguments`
    /// (the front's buffer) name the ledger's copies: read there by a typed
    /// handler that reads markers (``ConfiguredBehavior/unboxedHandlerReadsWide``),
    /// as real `Any`s made for its run by any other; its completion recorded
    /// as ``unboxedHandlerAnswer(_:_:_:_:_:)`` records it.
    @inline(__always)
    private func wideHandlerAnswer(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement,
        _ arguments: UnsafeMutableBufferPointer<Any>, _ ticket: CallTicket
    ) -> ScalarCallOutcome {
        if behavior.unboxedHandler != nil, behavior.unboxedHandlerReadsWide {
            return unboxedHandlerAnswer(behavior, count, requirement, arguments, ticket)
        }
        return WideArgument.withValues(lentIn: arguments) { image in
            guard behavior.unboxedHandler != nil else {
                let outcome = handlerOutcome(behavior, count, requirement, UnsafeBufferPointer(image))
                completeHandlerRun(ticket, outcome)
                return .outcome(outcome)
            }
            return unboxedHandlerAnswer(behavior, count, requirement, image, ticket)
        }
    }

    /// The answer of a synchronous handler picked in one hold whose answer
    /// is `()` or a scalar (``ConfiguredBehavior/unboxedHandler``), unboxed
    /// for the front, and its completion, as the general path records it
    /// (the value boxed, or what the handler's error means), which ends its
    /// run (see ``RunningHandlers``).
    func unboxedHandlerAnswer(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement,
        _ arguments: UnsafeMutableBufferPointer<Any>, _ ticket: CallTicket
    ) -> ScalarCallOutcome {
        let answer: ImmediateAnswer
        do {
            let word = try behavior.unboxedHandler?(arguments, count) ?? 0
            answer = behavior.unboxedKind.map { .scalar($0, word) } ?? .void
        } catch {
            // Markers (a call that lends wide values or closures' words) described by their values.
            let outcome = handlerFailed(
                error, requirement, DeferredArgument.values(in: UnsafeBufferPointer(arguments)), site: behavior.site)
            completeHandlerRun(ticket, outcome)
            return .outcome(outcome)
        }
        completeHandlerRun(ticket, unboxed: answer)
        return answer.outcome
    }

    /// ``appendInvocation(_:_:_:_:_:answer:configured:stamp:)`` of a call
    /// whose arguments move into the ledger (``CallArguments/lent(_:)``),
    /// with its stamp taken, specialized to them: called out of line by a
    /// lane too large to inline the general append.
    @inline(never)
    private func appendLentInvocation(
        _ state: inout State, _ requirement: Requirement, _ arguments: UnsafeMutableBufferPointer<Any>,
        _ outcome: Invocation.Outcome, _ registration: Int, answer: Ledger.Answer, stamp: ArrivalStamp
    ) -> Notification? {
        appendInvocation(&state, requirement, .lent(arguments), outcome, registration, answer: answer, stamp: stamp)
    }

    /// Records a call answered with a configured value in this hold. A value
    /// finished as it arrived: the call and its answer are one entry. A
    /// delayed value whose sleep takes no time is recorded as the delayed
    /// answer is: the arrival (`suspended`), then its completion after it.
    @inline(__always)
    private func appendConfiguredAnswer(
        _ state: inout State, _ requirement: Requirement, _ arguments: CallArguments, _ behavior: ConfiguredBehavior,
        _ configured: ConfiguredValue, _ registration: Int, stamp: ArrivalStamp? = nil
    ) -> Notification? {
        guard behavior.elapsesAtOnce else {
            return appendInvocation(
                &state, requirement, arguments, behavior.outcome, registration, answer: .none, configured: configured,
                stamp: stamp)
        }
        let position = state.ledger.count
        let arrival = appendInvocation(
            &state, requirement, arguments, behavior.outcome, registration, answer: .none, stamp: stamp)
        state.completions.record(CallCompletion(configured, sequence: state.sequence.next(), time: .now), at: position)
        guard !state.completionObservers.isEmpty else { return arrival }
        return Notification(
            invocation: arrival?.invocation, listeners: arrival?.listeners ?? [],
            completionListeners: Array(state.completionObservers.values))
    }

    /// The answer of a synchronous handler picked in one hold, as the general path gives it.
    func handlerOutcome(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement, _ arguments: UnsafeBufferPointer<Any>
    ) -> CallOutcome {
        if let outcome = immediateOutcome(behavior, count, requirement, .borrowed(arguments)) { return outcome }
        // Not reached: only a synchronous handler is picked so, and it always answers.
        return misconfigured(
            "\(behavior.action.name) needs an async requirement, and \(requirement.name) is \(requirement.effects)",
            requirement, Array(arguments), site: behavior.site)
    }
}
