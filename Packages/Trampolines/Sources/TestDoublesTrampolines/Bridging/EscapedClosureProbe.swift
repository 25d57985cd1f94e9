import TestDoublesMetadata

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
        let placeholder: Any?
        var escaped = false
        var escapedFirst = false
        init(placeholder: Any?) { self.placeholder = placeholder }
    }

    @TaskLocal static var current: State?

    /// Runs `body`; a nonthrowing non-escaping closure called in it after its
    /// scope ended answers `placeholder` instead of stopping the process.
    ///
    /// Without a placeholder, an escaped call whose result is a class
    /// instance answers a null reference, which `body` must drop without
    /// using (the run says the call escaped); one whose result is any other
    /// type still stops the process.
    ///
    /// - Parameters:
    ///   - placeholder: A value of the result type of the closures `body`
    ///     calls, which an escaped call returns; nil when there is none.
    ///   - body: The code calling kept closures.
    /// - Returns: What `body` returned; whether any call in it escaped
    ///   (its result is then built from `placeholder` and means nothing);
    ///   and whether one of those was the first escaped call of its closure
    ///   (so a caller reports a kept closure once, not at every query).
    public static func run<Result>(
        answering placeholder: Any?, _ body: () -> Result
    ) -> (
        result: Result, escaped: Bool, firstEscape: Bool
    ) {
        let state = State(placeholder: placeholder)
        let result = $current.withValue(state) { body() }
        return (result, state.escaped, state.escapedFirst)
    }

    /// Initializes `answer` with what an escaped call of a closure whose
    /// result is an `R` answers in the probing run in progress, noting the
    /// escape (`first`: the closure's first escaped call); false, leaving
    /// `answer` uninitialized, outside a run and when the run has no answer
    /// of that type.
    ///
    /// The answer is written to memory rather than returned as an optional:
    /// a null reference in an `Optional` of a class would read as `nil`.
    static func answerEscapedCall<R>(into answer: UnsafeMutablePointer<R>, first: Bool) -> Bool {
        guard let state = current else { return false }
        if let placeholder = state.placeholder {
            guard let typed = placeholder as? R else { return false }
            answer.initialize(to: typed)
        } else {
            // A native class reference is one word; releasing a null one does nothing.
            guard MemoryLayout<R>.size == MemoryLayout<UInt>.size, TypeMetadata(R.self).kind == .class else {
                return false
            }
            UnsafeMutableRawPointer(answer).storeBytes(of: 0, as: UInt.self)
        }
        state.escaped = true
        if first { state.escapedFirst = true }
        return true
    }
}
