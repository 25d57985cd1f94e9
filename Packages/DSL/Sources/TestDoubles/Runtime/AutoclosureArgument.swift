import TestDoublesMetadata

/// An `@autoclosure` argument (`func evaluate(_ value: @autoclosure () -> Int)`):
/// the handler receives the closure unevaluated; a recording pass calls it
/// once to collect the matcher written inside it (see
/// `InvocationRecorder.recordDeferredMatchers(in:deferred:evaluate:)`).
enum AutoclosureArgument {
    /// Calls a decoded autoclosure and returns its value; nil when it is not
    /// a synchronous, non-throwing function without parameters.
    @Sendable static func evaluate(_ argument: Any) -> Any? {
        guard let function = try? FunctionMetadata(TypeMetadata(type(of: argument))), function.parameterCount == 0,
            !function.isThrowing, !function.isAsync
        else { return nil }
        func call<T>(_: T.Type) -> Any? {
            if let closure = argument as? () -> T { return closure() }
            if let closure = argument as? @Sendable () -> T { return closure() }
            return nil
        }
        return _openExistential(function.resultType.type, do: call)
    }
}
