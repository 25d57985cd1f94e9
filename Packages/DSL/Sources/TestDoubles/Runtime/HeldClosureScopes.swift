import TestDoublesTrampolines

/// The non-escaping closure arguments of an async call, held from decoding
/// until the call is answered.
///
/// A synchronous call lends such a closure only while it is being answered
/// (`FunctionBridge.withNonEscapingClosure`); an async call suspends before
/// its answer, and the caller keeps the closure's context alive while it
/// awaits, so the scope ends once the answer is written, before the caller
/// resumes. Decoded on the calling thread and ended from the resumption,
/// which the suspension orders after it.
final class HeldClosureScopes: @unchecked Sendable {
    private var scopes: [FunctionBridge.ScopedClosure] = []

    /// Keeps `scope` until ``endAll()``.
    func hold(_ scope: FunctionBridge.ScopedClosure) { scopes.append(scope) }

    /// Ends every held scope: a closure kept past its call no longer reaches the caller's context.
    func endAll() {
        for scope in scopes { scope.endScope() }
        scopes.removeAll()
    }
}
