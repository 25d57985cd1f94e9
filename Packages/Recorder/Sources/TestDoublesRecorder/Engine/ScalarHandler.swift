/// A typed synchronous handler (`then`) whose answer is `()` or a scalar,
/// in a form that answers unboxed: its answer's kind is worked out once,
/// when the handler is configured, from the handler's own result type, and
/// each call's answer comes back as its word.
///
/// A call served in one lock hold (a catch-all whose next behavior is this
/// handler) hands that word to the front as
/// ``ScalarCallOutcome/returnedScalar(_:_:)`` (or
/// ``ScalarCallOutcome/returnedVoid``), which a runtime stub writes straight
/// into its result register, with no boxed value to open; the completion
/// records the same value boxed, as the general path records it. Every other
/// call runs the behavior's boxed handler, which answers the same.
@usableFromInline
struct ScalarHandler: @unchecked Sendable {
    /// The answer's kind; nil when the handler answers `()`.
    @usableFromInline
    let kind: ScalarKind?
    /// Runs the handler on a call's arguments and its per-behavior call
    /// count; its answer's word (0 for `()`). The arguments are lent for its
    /// run in memory only this call reads and writes meanwhile, so a typed
    /// handler of one or two parameters borrows them in place
    /// (``ArgumentUnpacking/apply(inPlace:toUnary:_:)``); they are as they
    /// came once it returns.
    @usableFromInline
    let compute: (UnsafeMutableBufferPointer<Any>, Int) throws -> UInt64
    /// Whether ``compute`` reads ``WideArgument`` markers among the
    /// arguments (the one- and two-parameter forms: see
    /// ``ArgumentUnpacking/apply(inPlace:toUnary:_:)``); a call that lends
    /// wide values makes them real `Any`s first for any other.
    @usableFromInline
    let readsWideArguments: Bool
    /// Whether ``compute`` reads ``DeferredArgument`` markers among the
    /// arguments, making the values it reads for its run alone (the one- and
    /// two-parameter forms, as for ``readsWideArguments``); a call that lends
    /// escaping closures as their words makes them real `Any`s first for any other.
    @usableFromInline
    let readsDeferredArguments: Bool

    @usableFromInline
    init(
        kind: ScalarKind?, readsWideArguments: Bool = false, readsDeferredArguments: Bool = false,
        compute: @escaping (UnsafeMutableBufferPointer<Any>, Int) throws -> UInt64
    ) {
        self.kind = kind
        self.readsWideArguments = readsWideArguments
        self.readsDeferredArguments = readsDeferredArguments
        self.compute = compute
    }

    /// The word of a scalar `value`, as ``ScalarKind/bits(of:)`` gives it for
    /// `value`'s kind: its bits, zero-extended. Worked out from the type's
    /// size, which specialization makes a constant, rather than from a kind
    /// captured at run time (a jump table on every handler call).
    @inlinable
    @inline(__always)
    static func word<Value>(of value: Value) -> UInt64 {
        switch MemoryLayout<Value>.size {
        case 8: unsafeBitCast(value, to: UInt64.self)
        case 4: UInt64(unsafeBitCast(value, to: UInt32.self))
        case 2: UInt64(unsafeBitCast(value, to: UInt16.self))
        default: UInt64(unsafeBitCast(value, to: UInt8.self))
        }
    }

    /// The unboxed form of a typed handler, whose parameter types are
    /// `ownTypes`; nil unless `Value` is `Void` or a scalar.
    @inlinable
    static func make<each Argument, Value>(
        _ handler: @escaping (repeat each Argument) throws -> Value, _ ownTypes: ArgumentUnpacking.OwnTypes,
        _ requirement: Requirement?
    ) -> ScalarHandler? {
        if Value.self == Void.self {
            return ScalarHandler(kind: nil) { arguments, _ in
                _ = try ArgumentUnpacking.apply(UnsafeBufferPointer(arguments), to: handler, ownTypes, requirement)
                return 0
            }
        }
        guard let kind = ScalarKind(Value.self) else { return nil }
        return ScalarHandler(kind: kind) { arguments, _ in
            word(
                of: try ArgumentUnpacking.apply(UnsafeBufferPointer(arguments), to: handler, ownTypes, requirement))
        }
    }
}
