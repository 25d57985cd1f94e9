/// The fixed-arity Swift closures that stand for a direct-convention function.
///
/// Each wrapper is a generic closure `(A, B, ...) -> R` built with the
/// function type's own parameter and result types, so the value it produces
/// is a genuine Swift closure of that type, stored in `Any` the way the
/// compiler stores any closure there (the generic convention). Its body
/// boxes the arguments and calls the original function through
/// `DirectFunction.call(_:)` (an async function's, `callAsync(_:)`).
extension DirectFunction {
    /// The Swift closure for this function, boxed as `Any`.
    ///
    /// - Returns: A value whose dynamic type is exactly `signature.type`.
    func makeClosure() -> Any {
        let plain = makePlainClosure()
        guard signature.isGlobalActorIsolated else { return plain }
        // A synchronous global-actor-isolated function has the convention of
        // the same function without the actor: only the type says where it runs.
        return FunctionRetyping.reinterpret(plain, as: signature.type)
    }

    /// The closure with the function type's parameters, result and effects
    /// but no global actor.
    func makePlainClosure() -> Any {
        if signature.firstParameterIsInout {
            guard let closure = makeInoutClosure() else {
                preconditionFailure("the signature admits inout only as the first of at most two parameters")
            }
            return closure
        }
        if let errorType = signature.thrownErrorType {
            let typed =
                signature.isAsync
                ? makeAsyncTypedThrowingClosure(errorType: errorType) : makeTypedThrowingClosure(errorType: errorType)
            if let typed { return typed }
        }
        guard let closure = signature.open(with: ClosureOpener(function: self)) else {
            preconditionFailure("the signature admits at most \(FunctionSignature.maximumArity) parameters")
        }
        return closure
    }

    /// What ``makeClosure()`` does for a function of `signature` after
    /// opening its types, with the types opened now, once: nil where
    /// ``makePlainClosure()`` takes another path (a first `inout` parameter,
    /// typed throws) or the arity is past the fixed-arity wrappers. Pass
    /// what it makes to ``finishClosure(_:)``.
    static func closureMaker(for signature: FunctionSignature) -> (@Sendable (DirectFunction) -> Any)? {
        guard !signature.firstParameterIsInout, signature.thrownErrorType == nil else { return nil }
        return signature.open(with: MakerOpener())
    }

    /// The closure a ``closureMaker(for:)`` made, as ``makeClosure()`` gives
    /// it: retyped for a function isolated to a global actor.
    func finishClosure(_ plain: Any) -> Any {
        guard signature.isGlobalActorIsolated else { return plain }
        return FunctionRetyping.reinterpret(plain, as: signature.type)
    }

    /// Makes, for the opened parameter and result types, what makes a function's closure.
    private struct MakerOpener: FunctionTypeOpener {
        func open<R>(_: R.Type) -> @Sendable (DirectFunction) -> Any { { $0.makeClosure0(R.self) } }
        func open<A, R>(_: A.Type, _: R.Type) -> @Sendable (DirectFunction) -> Any {
            { $0.makeClosure1(A.self, R.self) }
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> @Sendable (DirectFunction) -> Any {
            { $0.makeClosure2(A.self, B.self, R.self) }
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> @Sendable (DirectFunction) -> Any {
            { $0.makeClosure3(A.self, B.self, C.self, R.self) }
        }
        func open<A, B, C, D, R>(
            _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type
        ) -> @Sendable (DirectFunction) -> Any {
            { $0.makeClosure4(A.self, B.self, C.self, D.self, R.self) }
        }
    }

    /// Makes the closure for the opened parameter and result types.
    private struct ClosureOpener: FunctionTypeOpener {
        let function: DirectFunction
        func open<R>(_: R.Type) -> Any { function.makeClosure0(R.self) }
        func open<A, R>(_: A.Type, _: R.Type) -> Any { function.makeClosure1(A.self, R.self) }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any { function.makeClosure2(A.self, B.self, R.self) }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
            function.makeClosure3(A.self, B.self, C.self, R.self)
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
            function.makeClosure4(A.self, B.self, C.self, D.self, R.self)
        }
    }

    fileprivate func makeClosure0<R>(_: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure0(R.self) }
        if signature.isThrowing {
            let closure: @Sendable () throws -> R = { try self.call([]) as! R }
            return signature.isSendable ? closure as Any : closure as () throws -> R
        }
        let closure: @Sendable () -> R = { self.callNonthrowing([]) as! R }
        return signature.isSendable ? closure as Any : closure as () -> R
    }

    fileprivate func makeClosure1<A, R>(_: A.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure1(A.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A) throws -> R = { (a) in try self.call([a]) as! R }
            return signature.isSendable ? closure as Any : closure as (A) throws -> R
        }
        let closure: @Sendable (A) -> R = { (a) in self.callNonthrowing([a]) as! R }
        return signature.isSendable ? closure as Any : closure as (A) -> R
    }

    fileprivate func makeClosure2<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure2(A.self, B.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B) throws -> R = { (a, b) in try self.call([a, b]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B) throws -> R
        }
        let closure: @Sendable (A, B) -> R = { (a, b) in self.callNonthrowing([a, b]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B) -> R
    }

    fileprivate func makeClosure3<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure3(A.self, B.self, C.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B, C) throws -> R = { (a, b, c) in try self.call([a, b, c]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C) throws -> R
        }
        let closure: @Sendable (A, B, C) -> R = { (a, b, c) in self.callNonthrowing([a, b, c]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B, C) -> R
    }

    fileprivate func makeClosure4<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure4(A.self, B.self, C.self, D.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B, C, D) throws -> R = { (a, b, c, d) in try self.call([a, b, c, d]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C, D) throws -> R
        }
        let closure: @Sendable (A, B, C, D) -> R = { (a, b, c, d) in self.callNonthrowing([a, b, c, d]) as! R }
        return signature.isSendable ? closure as Any : closure as (A, B, C, D) -> R
    }

    /// Calls a nonthrowing function; a call outside a non-escaping
    /// function's scope cannot be reported to its caller, so it stops the process.
    private func callNonthrowing(_ arguments: [Any]) -> Any {
        do { return try call(arguments) } catch {
            stopForEscapedClosureCall(error)
        }
    }
}
