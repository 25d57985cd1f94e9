/// Lets a caller learn that a non-escaping closure it calls has outlived
/// the call it was passed to, instead of the process stopping.
///
/// A non-escaping closure argument is lent only while its call runs; a
/// nonthrowing one called later has neither a value to return nor an error
/// to throw, so it stops the process (see `stopForEscapedClosureCall`).
/// Code that calls a kept argument on the test's behalf, such as a matcher
/// testing the value of a recorded `@autoclosure` argument in a `verify`
/// made after the call returned, runs that call inside ``run(answering:_:)``:
/// there such a call answers the placeholder it was given and the run says
/// so, and the caller decides what the missing value means.
public enum EscapedClosureProbe {
    /// One probing run: what an escaped call answers, and whether one happened.
    final class State: @unchecked Sendable {
        let placeholder: Any
        var escaped = false
        var escapedFirst = false
        init(placeholder: Any) { self.placeholder = placeholder }
    }

    @TaskLocal static var current: State?

    /// Runs `body`; a nonthrowing non-escaping closure called in it after its
    /// scope ended answers `placeholder` instead of stopping the process.
    ///
    /// - Parameters:
    ///   - placeholder: A value of the result type of the closures `body`
    ///     calls; an escaped call returns it.
    ///   - body: The code calling kept closures.
    /// - Returns: What `body` returned; whether any call in it escaped
    ///   (its result is then built from `placeholder` and means nothing);
    ///   and whether one of those was the first escaped call of its closure
    ///   (so a caller reports a kept closure once, not at every query).
    public static func run<Result>(
        answering placeholder: Any, _ body: () -> Result
    ) -> (
        result: Result, escaped: Bool, firstEscape: Bool
    ) {
        let state = State(placeholder: placeholder)
        let result = $current.withValue(state) { body() }
        return (result, state.escaped, state.escapedFirst)
    }

    /// The placeholder of the probing run in progress, once an escaped call
    /// was noted (`first`: the closure's first escaped call); nil outside a run.
    static func answerEscapedCall(first: Bool) -> Any? {
        guard let state = current else { return nil }
        state.escaped = true
        if first { state.escapedFirst = true }
        return state.placeholder
    }
}
