import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// An `@autoclosure` argument (`func evaluate(_ value: @autoclosure () -> Int)`):
/// the handler receives the closure unevaluated; a recording pass calls it
/// once to collect the matcher written inside it (see
/// `InvocationRecorder.recordDeferredMatchers(in:deferred:evaluate:)`).
enum AutoclosureArgument {
    /// Calls a decoded autoclosure and returns its value; nil when it is not
    /// a synchronous, non-throwing function without parameters, or when the
    /// call it was passed to has returned.
    ///
    /// A matcher other than `any()` tests the value the closure evaluates
    /// to. While the call runs (a registration choosing its answer) the
    /// closure is lent and answers. A `verify` or `arguments`-style query
    /// made after the call returned meets a closure whose expression no
    /// longer exists: that call cannot match, and an issue says why and what
    /// to write instead, where calling it would stop the process.
    @Sendable static func evaluate(_ argument: Any) -> Any? {
        guard let function = try? FunctionMetadata(TypeMetadata(type(of: argument))), function.parameterCount == 0,
            !function.isThrowing, !function.isAsync
        else { return nil }
        func call<T>(_: T.Type) -> Any? {
            let closure: () -> T
            if let plain = argument as? () -> T {
                closure = plain
            } else if let sendable = argument as? @Sendable () -> T {
                closure = sendable
            } else {
                return nil
            }
            // Without a placeholder, an escaped call answers a class result with a null reference, dropped
            // here unread; one of any other type cannot be answered, and stops as before.
            let placeholder: Any? = Match.Placeholders.make(any: T.self)
            let (value, escaped, firstEscape) = EscapedClosureProbe.run(answering: placeholder) { closure() }
            guard !escaped else {
                // One issue per kept argument: a verify tests each call more than once (its count, its report).
                if firstEscape { reportEscaped(T.self) }
                return nil
            }
            return value
        }
        return _openExistential(function.resultType.type, do: call)
    }

    private static func reportEscaped(_ type: Any.Type) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidRecording,
                message: """
                    An @autoclosure argument (() -> \(type)) of a call that has already returned was matched by \
                    value: its expression existed only while that call ran, so the call does not match. Fix: match \
                    that argument with Match.any(), and read its value while the call runs: in a then handler \
                    (call the closure it receives) or with a when registered before the call, whose matcher \
                    evaluates it then.
                    """,
                location: nil))
    }
}
