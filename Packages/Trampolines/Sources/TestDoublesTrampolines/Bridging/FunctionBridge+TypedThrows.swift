/// Typed-throwing function types, `(A, ...) throws(E) -> R`: the Swift
/// closures that stand for a direct-convention function of such a type
/// (`DirectFunction`) and the callers of a Swift closure of such a type
/// (`DynamicFunction`), one per arity, generic over the error type too.
///
/// The convention adds only the error: the error register carries the
/// thrown flag, and the payload travels in the result registers or in a
/// buffer whose address the caller passes after the parameters
/// (`FunctionSignature.typedError`), as for a `throws(E)` requirement.
extension DirectFunction {
    /// The Swift closure of a `throws(E)` function type, boxed as `Any`.
    func makeTypedThrowingClosure(errorType: any Error.Type) -> Any? {
        func withError<E: Error>(_: E.Type) -> Any? {
            signature.open(with: TypedClosureOpener<E>(function: self))
        }
        return _openExistential(errorType, do: withError)
    }

    private struct TypedClosureOpener<E: Error>: FunctionTypeOpener {
        let function: DirectFunction
        var sendable: Bool { function.signature.isSendable }

        func open<R>(_: R.Type) -> Any {
            let closure: @Sendable () throws(E) -> R = { () throws(E) -> R in
                try function.answer(function.callTyped([], E.self))
            }
            return sendable ? closure as Any : closure as () throws(E) -> R
        }
        func open<A, R>(_: A.Type, _: R.Type) -> Any {
            let closure: @Sendable (A) throws(E) -> R = { (a: A) throws(E) -> R in
                try function.answer(function.callTyped([a], E.self))
            }
            return sendable ? closure as Any : closure as (A) throws(E) -> R
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B) throws(E) -> R = { (a: A, b: B) throws(E) -> R in
                try function.answer(function.callTyped([a, b], E.self))
            }
            return sendable ? closure as Any : closure as (A, B) throws(E) -> R
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B, C) throws(E) -> R = { (a: A, b: B, c: C) throws(E) -> R in
                try function.answer(function.callTyped([a, b, c], E.self))
            }
            return sendable ? closure as Any : closure as (A, B, C) throws(E) -> R
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
            let closure: @Sendable (A, B, C, D) throws(E) -> R = { (a: A, b: B, c: C, d: D) throws(E) -> R in
                try function.answer(function.callTyped([a, b, c, d], E.self))
            }
            return sendable ? closure as Any : closure as (A, B, C, D) throws(E) -> R
        }
    }

    /// Calls the function; its typed error is rethrown as `E`.
    ///
    /// A call outside a non-escaping function's scope has no `E` to report
    /// it with, so it stops the process, as a nonthrowing function's does.
    func callTyped<E: Error>(_ arguments: [Any], _: E.Type) throws(E) -> Any {
        do {
            return try call(arguments)
        } catch let error as E {
            throw error
        } catch {
            stopForEscapedClosureCall(error)
        }
    }

    /// The result of a call, as the closure's result type (the signature's, by construction).
    func answer<R>(_ value: Any) -> R {
        guard let result = value as? R else {
            fatalError("TestDoubles: \(signature.name) produced \(type(of: value)), not \(R.self)")
        }
        return result
    }
}

extension DynamicFunction {
    /// The caller of a Swift closure of a `throws(E)` function type, or
    /// `nil` when `closure` is not of that type.
    static func makeTypedThrowingCaller(
        of closure: Any, signature: FunctionSignature, errorType: any Error.Type
    ) -> Caller? {
        func withError<E: Error>(_: E.Type) -> Caller? {
            signature.open(with: TypedCallerOpener<E>(closure: closure, sendable: signature.isSendable)) ?? nil
        }
        return _openExistential(errorType, do: withError)
    }

    /// Throws `error` to the direct-convention caller of a `throws(E)`
    /// function: the flag in the error register, the payload where the
    /// signature says; `false` when `error` is not an `E`.
    static func setTypedThrownError(_ error: any Error, in frame: CallFrame, signature: FunctionSignature) -> Bool {
        guard let errorType = signature.thrownErrorType, let location = signature.typedError else { return false }
        func throwTyped<E: Error>(_: E.Type) -> Bool {
            guard let typed = error as? E else { return false }
            frame.setTypedThrownError(typed, at: location)
            return true
        }
        return _openExistential(errorType, do: throwTyped)
    }

    private struct TypedCallerOpener<E: Error>: FunctionTypeOpener {
        let closure: Any
        let sendable: Bool

        func open<R>(_: R.Type) -> Caller? {
            let function: (() throws(E) -> R)? =
                sendable ? closure as? @Sendable () throws(E) -> R : closure as? () throws(E) -> R
            guard let function else { return nil }
            return { _ in try function() }
        }
        func open<A, R>(_: A.Type, _: R.Type) -> Caller? {
            let function: ((A) throws(E) -> R)? =
                sendable ? closure as? @Sendable (A) throws(E) -> R : closure as? (A) throws(E) -> R
            guard let function else { return nil }
            return { arguments in try function(argument(arguments, 0)) }
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Caller? {
            let function: ((A, B) throws(E) -> R)? =
                sendable ? closure as? @Sendable (A, B) throws(E) -> R : closure as? (A, B) throws(E) -> R
            guard let function else { return nil }
            return { arguments in try function(argument(arguments, 0), argument(arguments, 1)) }
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Caller? {
            let function: ((A, B, C) throws(E) -> R)? =
                sendable ? closure as? @Sendable (A, B, C) throws(E) -> R : closure as? (A, B, C) throws(E) -> R
            guard let function else { return nil }
            return { arguments in
                try function(argument(arguments, 0), argument(arguments, 1), argument(arguments, 2))
            }
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Caller? {
            let function: ((A, B, C, D) throws(E) -> R)? =
                sendable
                ? closure as? @Sendable (A, B, C, D) throws(E) -> R : closure as? (A, B, C, D) throws(E) -> R
            guard let function else { return nil }
            return { arguments in
                try function(
                    argument(arguments, 0), argument(arguments, 1), argument(arguments, 2), argument(arguments, 3))
            }
        }
    }
}

/// Argument `index` of a decoded call, as the parameter type it was decoded as.
func argument<T>(_ arguments: [Any], _ index: Int) -> T {
    guard let value = arguments[index] as? T else {
        fatalError("TestDoubles: a \(type(of: arguments[index])) argument for a \(T.self) parameter")
    }
    return value
}
