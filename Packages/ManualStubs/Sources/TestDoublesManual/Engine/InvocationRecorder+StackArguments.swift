import TestDoublesRecorder

extension InvocationRecorder {
    /// Offers a call of a synchronous requirement, its arguments boxed on
    /// the stack, to the one-hold lanes: the path of arguments that hold no
    /// reference (every scalar among them), whose copies retain nothing;
    /// others take ``dispatchOnStack(_:stackBoxes:count:)``.
    ///
    /// Inlined into the conformer, so the arguments are boxed (or read as
    /// words) for their concrete types. Up to two arguments of the scalar
    /// types (``ScalarKind``) go to the engine as words, as a runtime
    /// `Stub`'s do: recorded and matched unboxed, the same values, and
    /// always answered (the engine's scalar dispatch picks exactly as the
    /// general path would). Otherwise a call whose requirement's first
    /// registration is a catch-all with a configured `Void` or scalar value
    /// next is answered in one hold: the ledger takes the boxes themselves
    /// (no array is allocated) and a scalar of the result type comes back
    /// unboxed. Any other call is declined with its boxes moved into an
    /// array, for the general path (``answer(_:_:forward:)``), which picks
    /// exactly as it would have.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, in declaration order.
    /// - Returns: The answer, or the arguments for the general path.
    @inlinable
    @inline(__always)
    func dispatchOnStack<each A>(_ requirement: Requirement, stackArguments arguments: repeat each A) -> StackDispatch {
        if let scalars = ManualScalars.arguments(repeat each arguments) {
            return .answered(dispatch(requirement, scalars: scalars))
        }
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        // The buffer's body returns a concrete type: one returning `R` made
        // the runtime look generic metadata up on every call. (Written out
        // here, not shared with ``asyncDispatchOnStack(_:_:)`` through a flag:
        // that form cost a synchronous call about 190 instructions more.)
        return withUnsafeTemporaryAllocation(of: Any.self, capacity: count) { buffer -> StackDispatch in
            guard let base = buffer.baseAddress else { return .declined(boxed(repeat each arguments)) }
            UnsafeMutableRawPointer(base).initializeMemory(
                as: (repeat StackBox<each A>).self, repeating: (repeat (each arguments) as Any), count: 1)
            if let immediate = answerImmediately(requirement, consuming: buffer) { return .answered(immediate) }
            return .declined(movedIntoArray(base, count: count))
        }
    }

    /// Offers a call of a synchronous requirement whose arguments the front
    /// boxed in a tuple of `Any`s on its stack to the one-hold lanes.
    ///
    /// The front boxes the arguments itself, in place, and lends them here:
    /// taking the arguments here (or capturing them in a closure) copied
    /// every one of them again, a retain and a release per reference, since
    /// a pack's values are handled through their metadata, not their
    /// concrete types.
    ///
    /// A call whose requirement's first registration is a catch-all with a
    /// configured value or a synchronous handler next is answered in one
    /// hold: the ledger takes the boxes themselves (no array is allocated)
    /// and a scalar of the result type comes back unboxed. Any other call is
    /// declined with the boxes moved into an array, for the general path
    /// (``answer(_:_:forward:)``), which picks exactly as it would have.
    /// Either way the boxes are moved out, and each is left holding `()`
    /// (``StackBoxes/refill(_:count:)``) for the front's tuple to destroy.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - boxes: The arguments' boxes, in declaration order, initialized.
    ///   - count: The number of boxes.
    /// - Returns: The answer, or the arguments for the general path.
    @inlinable
    @inline(__always)
    func dispatchOnStack(
        _ requirement: Requirement, stackBoxes boxes: UnsafeMutablePointer<Any>, count: Int
    )
        -> StackDispatch
    {
        if let immediate = answerImmediately(
            requirement, consuming: UnsafeMutableBufferPointer(start: boxes, count: count))
        {
            StackBoxes.refill(boxes, count: count)
            return .answered(immediate)
        }
        let values = movedIntoArray(boxes, count: count)
        StackBoxes.refill(boxes, count: count)
        return .declined(values)
    }

    /// The typed answer of a call of a synchronous, non-throwing
    /// requirement that ``dispatchOnStack(_:stackArguments:)`` or
    /// ``dispatchOnStack(_:stackBoxes:count:)`` offered to the one-hold lanes.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - dispatched: What the offer came to.
    /// - Returns: The answer.
    @inlinable
    @inline(__always)
    func answer<R>(_ requirement: Requirement, dispatched: consuming StackDispatch) -> R {
        switch consume dispatched {
        case .answered(let immediate): return typedAnswer(consume immediate, requirement)
        case .declined(let values): return answer(requirement, values)
        }
    }

    /// The typed answer of a call of a synchronous requirement that throws
    /// `E`, offered to the one-hold lanes as ``answer(_:dispatched:)``'s is.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - dispatched: What the offer came to.
    ///   - type: The requirement's error type.
    /// - Returns: The answer.
    /// - Throws: The configured error, or `UnstubbedCall`.
    @inlinable
    @inline(__always)
    func answer<R, E: Error>(
        _ requirement: Requirement, dispatched: consuming StackDispatch, throwing type: E.Type
    )
        throws(E) -> R
    {
        switch consume dispatched {
        case .answered(let immediate):
            // A value or `()` answers as the non-throwing form does; an outcome (an error, a
            // handler's answer, an unmatched call) resolves as the general path resolves it.
            if case .outcome(let outcome) = immediate {
                return try TypedAnswer.resolve(outcome, self, requirement, throwing: type, forward: nil)
            }
            return typedAnswer(consume immediate, requirement)
        case .declined(let values): return try answer(requirement, values, throwing: type)
        }
    }

    /// Dispatches a call of an async, non-throwing requirement with its
    /// arguments boxed on the stack, and returns its typed answer on the
    /// caller's actor.
    ///
    /// The async form of ``dispatchOnStack(_:stackArguments:)``: a call the recorder
    /// answers at once with a configured value (the one-hold lanes of an
    /// async requirement: no handler, which runs where
    /// ``answerAsync(_:_:isolation:)`` runs it) returns without suspending;
    /// any other takes the general async path, which picks exactly as it
    /// would have.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, in declaration order.
    ///   - isolation: The caller's actor.
    /// - Returns: The answer.
    @inlinable
    @inline(__always)
    func answerAsync<each A, R>(
        _ requirement: Requirement, stackArguments arguments: repeat each A, isolation: isolated (any Actor)?
    ) async -> R {
        if let scalars = ManualScalars.arguments(repeat each arguments) {
            if let immediate = answerImmediately(requirement, scalars: scalars) {
                return typedAnswer(consume immediate, requirement)
            }
            return await answerAsync(requirement, boxed(repeat each arguments), isolation: isolation)
        }
        let dispatched = asyncDispatchOnStack(requirement, repeat each arguments)
        switch consume dispatched {
        case .answered(let immediate): return typedAnswer(consume immediate, requirement)
        case .declined(let values): return await answerAsync(requirement, values, isolation: isolation)
        }
    }

    /// ``answerAsync(_:stackArguments:isolation:)`` for a requirement that
    /// throws `E`: a call a configured value or error answers at once
    /// returns (or throws) without suspending, resolved as the synchronous
    /// throwing forms resolve it (``answer(_:dispatched:throwing:)``); any
    /// other takes the general async path, which picks exactly as it would
    /// have (delays, suspensions and handlers run there, and a cancelled
    /// task's delayed value is not served at once).
    ///
    /// - Parameters:
    ///   - requirement: The requirement called.
    ///   - arguments: The arguments, in declaration order.
    ///   - type: The requirement's error type.
    ///   - isolation: The caller's actor.
    /// - Returns: The answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    @inlinable
    @inline(__always)
    func answerAsync<each A, R, E: Error>(
        _ requirement: Requirement, stackArguments arguments: repeat each A, throwing type: E.Type,
        isolation: isolated (any Actor)?
    ) async throws(E) -> R {
        if let scalars = ManualScalars.arguments(repeat each arguments) {
            if let immediate = answerImmediately(requirement, scalars: scalars) {
                return try answer(requirement, dispatched: .answered(immediate), throwing: type)
            }
            return try await answerAsync(
                requirement, boxed(repeat each arguments), throwing: type, isolation: isolation)
        }
        let dispatched = asyncDispatchOnStack(requirement, repeat each arguments)
        switch consume dispatched {
        case .answered(let immediate): return try answer(requirement, dispatched: .answered(immediate), throwing: type)
        case .declined(let values):
            return try await answerAsync(requirement, values, throwing: type, isolation: isolation)
        }
    }

    /// Boxes an async call's arguments on the stack and offers them to the
    /// recorder's one-hold answer (``InvocationRecorder/answerAsyncImmediately(_:consuming:)``):
    /// answered, the ledger took the boxes themselves (no array is
    /// allocated); declined, the boxes move into an array for the general path.
    @inlinable
    @inline(__always)
    func asyncDispatchOnStack<each A>(_ requirement: Requirement, _ arguments: repeat each A) -> StackDispatch {
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        // The buffer's body returns a concrete type: one returning `R` made
        // the runtime look generic metadata up on every call.
        return withUnsafeTemporaryAllocation(of: Any.self, capacity: count) { buffer -> StackDispatch in
            guard let base = buffer.baseAddress else { return .declined(boxed(repeat each arguments)) }
            // All at once, as one tuple of `Any`s laid over the buffer (a tuple
            // of one type is laid out as an array of it): each box is made
            // from the pack element itself. Boxing one at a time through a
            // generic helper or a `for` loop over the pack copied each
            // argument into a temporary first, through its value witnesses.
            UnsafeMutableRawPointer(base).initializeMemory(
                as: (repeat StackBox<each A>).self, repeating: (repeat (each arguments) as Any), count: 1)
            // Answered: the ledger moved the boxes out. Declined: they are still here.
            if let immediate = answerAsyncImmediately(requirement, consuming: buffer) { return .answered(immediate) }
            return .declined(movedIntoArray(base, count: count))
        }
    }

    /// The boxes a one-hold answer declined, moved into an array, the buffer left uninitialized.
    @inlinable
    @inline(__always)
    func movedIntoArray(_ base: UnsafeMutablePointer<Any>, count: Int) -> [Any] {
        // Literals for the common arities: the general initializers are not
        // specialized and look the array's metadata up on every call.
        switch count {
        case 1: return [base.move()]
        case 2: return [base.move(), (base + 1).move()]
        case 3: return [base.move(), (base + 1).move(), (base + 2).move()]
        default:
            var values: [Any] = []
            values.reserveCapacity(count)
            for position in 0..<count { values.append((base + position).move()) }
            return values
        }
    }

    /// What a call with stack-boxed arguments came to: answered in one hold,
    /// or declined with its arguments moved into an array.
    @usableFromInline
    enum StackDispatch {
        case answered(ScalarCallOutcome)
        case declined([Any])
    }

    /// A one-hold answer as `R`: `()` and a scalar of exactly `R`'s type
    /// without boxing; anything else through ``TypedAnswer``, as the general
    /// path gives it (a value of another type is an issue and a placeholder).
    @inlinable
    @inline(__always)
    func typedAnswer<R>(_ immediate: consuming ScalarCallOutcome, _ requirement: Requirement) -> R {
        // Consumed: switching over a borrowed outcome copied it (and its
        // payload) through the enum's value witnesses on every call.
        switch consume immediate {
        case .returnedVoid:
            if R.self == Void.self { return unsafeBitCast((), to: R.self) }
            return TypedAnswer.resolve(.returned(()), self, requirement, forward: nil)
        case .returnedScalar(let kind, let word):
            if let expected = ManualScalars.kind(of: R.self), expected == kind {
                return expected.value(from: word, as: R.self)
            }
            return TypedAnswer.resolve(.returned(kind.value(from: word)), self, requirement, forward: nil)
        case .returnedConfigured(let configured):
            if let value = configured.value(ifExactly: R.self) { return value }
            return TypedAnswer.resolve(.returned(configured.value), self, requirement, forward: nil)
        case .forward:
            return TypedAnswer.resolve(.forward, self, requirement, forward: nil)
        case .outcome(let outcome):
            return TypedAnswer.resolve(outcome, self, requirement, forward: nil)
        }
    }
}

/// One argument's box in a call's stack buffer: `(repeat StackBox<each A>)`
/// is as many `Any`s as the call has arguments.
@usableFromInline
typealias StackBox<Argument> = Any
