/// A value on its way between the caller's actor and the nonisolated engine,
/// while the caller awaits the answer.
///
/// An async call hands its arguments to the callee and gets the result back;
/// the caller does not touch either meanwhile, so the hand-over is safe as
/// any async call's is. Unchecked because the compiler cannot follow it
/// through `[Any]` and the engine's nonisolated paths.
struct HandOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
