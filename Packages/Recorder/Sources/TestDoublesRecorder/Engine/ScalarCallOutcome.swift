/// What a front must do to answer a call it dispatched with scalar
/// arguments (``InvocationRecorder/dispatch(_:scalars:)``).
///
/// A configured `Void` or scalar value comes back unboxed, ready for a
/// register; any other configured value comes back as the object that
/// holds it, to copy from; every other answer comes back as the
/// ``CallOutcome`` that ``InvocationRecorder/dispatch(_:arguments:)`` would
/// have given.
public enum ScalarCallOutcome: Sendable {
    /// Return nothing: the configured answer is `()`.
    case returnedVoid
    /// Return this scalar: a value of `kind` in the low bytes of the word.
    case returnedScalar(ScalarKind, UInt64)
    /// Return a copy of this configured value (a `thenReturn` value that is
    /// not `()` or a scalar), copied from its address into the result.
    case returnedConfigured(ConfiguredValue)
    /// Hand the call to the real implementation: a forwarding double's call
    /// that no registration matches, decided in the hold that recorded it
    /// (the general path gives the same decision as `.outcome(.forward)`).
    case forward
    /// Any other answer.
    ///
    /// Boxed (`indirect`), so the whole enum is three words and travels in
    /// registers. Inline, the 33-byte ``CallOutcome`` made it 34 bytes,
    /// returned through memory: the callee wrote a case with narrow stores
    /// and read it back with wide loads to copy it out, and the caller read
    /// its tag across two of those stores, two store-forwarding stalls on
    /// every call, about 15% of a recorded call (`invoke.int` 57 -> 46 ns,
    /// `arg.existential.then` 149 -> 130 ns, in one interleaved run). The
    /// box costs an allocation only for answers the one-hold lanes do not give.
    indirect case outcome(CallOutcome)
}

/// A configured value a call can be answered with without boxing: the
/// scalar form of a `thenReturn` value, worked out once when it is configured;
/// or, for a spy's call that no registration matches, the decision to
/// forward it, taken in the lock hold that records it.
enum ImmediateAnswer: Sendable {
    case void
    case scalar(ScalarKind, UInt64)
    /// The call goes to the real implementation (never made from a behavior:
    /// only an unmatched call of a forwarding double is answered so).
    case forward

    /// The unboxed form of `action`; nil unless it returns `()` or a scalar.
    init?(_ action: BehaviorAction) {
        guard case .value(let value) = action else { return nil }
        if value is Void {
            self = .void
        } else if let kind = ScalarKind(type(of: value)), let word = kind.word(of: value) {
            self = .scalar(kind, word)
        } else {
            return nil
        }
    }

    /// The answer boxed, as a front of boxed calls receives it.
    var callOutcome: CallOutcome {
        switch self {
        case .void: .returned(())
        case .scalar(let kind, let word): .returned(kind.value(from: word))
        case .forward: .forward
        }
    }

    /// The outcome a front receives.
    var outcome: ScalarCallOutcome {
        switch self {
        case .void: .returnedVoid
        case .scalar(let kind, let word): .returnedScalar(kind, word)
        case .forward: .forward
        }
    }
}
