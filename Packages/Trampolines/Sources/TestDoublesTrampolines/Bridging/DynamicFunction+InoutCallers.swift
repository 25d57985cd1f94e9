/// The adapters that call a Swift closure, stored in `Any`, whose first
/// parameter is `inout` (`(inout A) -> R`, `(inout A, B) -> R`, in every
/// effect the bridge serves): the reverse of `DirectFunction+InoutClosures`.
///
/// The closure is called with a variable holding the boxed argument, and the
/// variable's final value is put back in the boxed arguments (also when the
/// closure throws), from where `InoutTarget` assigns it to the variable of
/// the direct-convention caller.
extension DynamicFunction {
    /// Makes the caller of a synchronous `closure`; `nil` when it is not of the signature's type.
    static func makeInoutCaller(of closure: Any, signature: FunctionSignature) -> Caller? {
        if let errorType = signature.thrownErrorType {
            func withError<E: Error>(_: E.Type) -> Caller? {
                signature.open(with: InoutTypedCallerOpener<E>(closure: closure, sendable: signature.isSendable))
                    ?? nil
            }
            return _openExistential(errorType, do: withError)
        }
        return signature.open(
            with: InoutCallerOpener(closure: closure, flags: (signature.isThrowing, signature.isSendable))) ?? nil
    }

    /// Makes the caller of an async `closure`; `nil` when it is not of the signature's type.
    static func makeAsyncInoutCaller(of closure: Any, signature: FunctionSignature) -> AsyncCaller? {
        if let errorType = signature.thrownErrorType {
            func withError<E: Error>(_: E.Type) -> AsyncCaller? {
                signature.open(with: AsyncInoutTypedCallerOpener<E>(closure: closure, sendable: signature.isSendable))
                    ?? nil
            }
            return _openExistential(errorType, do: withError)
        }
        return signature.open(
            with: AsyncInoutCallerOpener(closure: closure, flags: (signature.isThrowing, signature.isSendable))) ?? nil
    }
}

/// Makes the caller of a synchronous nonthrowing or `throws` inout closure.
private struct InoutCallerOpener: FunctionTypeOpener {
    let closure: Any
    let flags: (throwing: Bool, sendable: Bool)

    func open<R>(_: R.Type) -> DynamicFunction.Caller? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> DynamicFunction.Caller? { nil }
    func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> DynamicFunction.Caller? {
        nil
    }

    func open<A, R>(_: A.Type, _: R.Type) -> DynamicFunction.Caller? {
        let function: ((inout A) throws -> R)?
        switch flags {
        case (false, false): function = closure as? (inout A) -> R
        case (false, true): function = closure as? @Sendable (inout A) -> R
        case (true, false): function = closure as? (inout A) throws -> R
        case (true, true): function = closure as? @Sendable (inout A) throws -> R
        }
        guard let function else { return nil }
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try function(&a)
        }
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> DynamicFunction.Caller? {
        let function: ((inout A, B) throws -> R)?
        switch flags {
        case (false, false): function = closure as? (inout A, B) -> R
        case (false, true): function = closure as? @Sendable (inout A, B) -> R
        case (true, false): function = closure as? (inout A, B) throws -> R
        case (true, true): function = closure as? @Sendable (inout A, B) throws -> R
        }
        guard let function else { return nil }
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try function(&a, argument(arguments, 1))
        }
    }
}

/// Makes the caller of a synchronous `throws(E)` inout closure.
private struct InoutTypedCallerOpener<E: Error>: FunctionTypeOpener {
    let closure: Any
    let sendable: Bool

    func open<R>(_: R.Type) -> DynamicFunction.Caller? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> DynamicFunction.Caller? { nil }
    func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> DynamicFunction.Caller? {
        nil
    }

    func open<A, R>(_: A.Type, _: R.Type) -> DynamicFunction.Caller? {
        let function: ((inout A) throws(E) -> R)? =
            sendable ? closure as? @Sendable (inout A) throws(E) -> R : closure as? (inout A) throws(E) -> R
        guard let function else { return nil }
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try function(&a)
        }
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> DynamicFunction.Caller? {
        let function: ((inout A, B) throws(E) -> R)? =
            sendable ? closure as? @Sendable (inout A, B) throws(E) -> R : closure as? (inout A, B) throws(E) -> R
        guard let function else { return nil }
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try function(&a, argument(arguments, 1))
        }
    }
}

/// Makes the caller of an `async` or `async throws` inout closure. A
/// non-`Sendable` closure is held unchecked: it runs on the task of whoever
/// calls the bridged function, as a direct call would.
private struct AsyncInoutCallerOpener: FunctionTypeOpener {
    let closure: Any
    let flags: (throwing: Bool, sendable: Bool)

    func open<R>(_: R.Type) -> DynamicFunction.AsyncCaller? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> DynamicFunction.AsyncCaller? { nil }
    func open<A, B, C, D, R>(
        _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type
    ) -> DynamicFunction.AsyncCaller? { nil }

    func open<A, R>(_: A.Type, _: R.Type) -> DynamicFunction.AsyncCaller? {
        let function: ((inout A) async throws -> R)?
        switch flags {
        case (false, false): function = closure as? (inout A) async -> R
        case (false, true): function = closure as? @Sendable (inout A) async -> R
        case (true, false): function = closure as? (inout A) async throws -> R
        case (true, true): function = closure as? @Sendable (inout A) async throws -> R
        }
        guard let function else { return nil }
        let held = HeldInoutFunction(value: function)
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try await held.value(&a)
        }
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> DynamicFunction.AsyncCaller? {
        let function: ((inout A, B) async throws -> R)?
        switch flags {
        case (false, false): function = closure as? (inout A, B) async -> R
        case (false, true): function = closure as? @Sendable (inout A, B) async -> R
        case (true, false): function = closure as? (inout A, B) async throws -> R
        case (true, true): function = closure as? @Sendable (inout A, B) async throws -> R
        }
        guard let function else { return nil }
        let held = HeldInoutFunction(value: function)
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try await held.value(&a, argument(arguments, 1))
        }
    }
}

/// Makes the caller of an `async throws(E)` inout closure. Each `open` casts
/// and holds the closure itself, as the other typed async callers do.
private struct AsyncInoutTypedCallerOpener<E: Error>: FunctionTypeOpener {
    let closure: Any
    let sendable: Bool

    func open<R>(_: R.Type) -> DynamicFunction.AsyncCaller? { nil }
    func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> DynamicFunction.AsyncCaller? { nil }
    func open<A, B, C, D, R>(
        _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type
    ) -> DynamicFunction.AsyncCaller? { nil }

    func open<A, R>(_: A.Type, _: R.Type) -> DynamicFunction.AsyncCaller? {
        let function: ((inout A) async throws(E) -> R)? =
            sendable
            ? closure as? @Sendable (inout A) async throws(E) -> R : closure as? (inout A) async throws(E) -> R
        guard let function else { return nil }
        let held = HeldInoutFunction(value: function)
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try await held.value(&a)
        }
    }

    func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> DynamicFunction.AsyncCaller? {
        let function: ((inout A, B) async throws(E) -> R)? =
            sendable
            ? closure as? @Sendable (inout A, B) async throws(E) -> R
            : closure as? (inout A, B) async throws(E) -> R
        guard let function else { return nil }
        let held = HeldInoutFunction(value: function)
        return { arguments in
            var a: A = argument(arguments, 0)
            defer { arguments[0] = a }
            return try await held.value(&a, argument(arguments, 1))
        }
    }
}

/// An inout closure held by a `Sendable` async caller.
private struct HeldInoutFunction<Value>: @unchecked Sendable {
    let value: Value
}
