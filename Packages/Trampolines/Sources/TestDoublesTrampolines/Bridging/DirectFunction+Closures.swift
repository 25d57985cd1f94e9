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
    static func closureMaker(for signature: FunctionSignature) -> (@Sendable (EscapingFunction) -> Any)? {
        guard !signature.firstParameterIsInout, signature.thrownErrorType == nil else { return nil }
        return signature.open(
            with: MakerOpener(
                isPlain: !signature.isAsync && !signature.isThrowing, isSendable: signature.isSendable))
    }

    /// The closure a ``closureMaker(for:)`` made for a function of
    /// `signature`, as ``makeClosure()`` gives it: retyped for a function
    /// isolated to a global actor.
    static func finishClosure(_ plain: Any, of signature: FunctionSignature) -> Any {
        guard signature.isGlobalActorIsolated else { return plain }
        return FunctionRetyping.reinterpret(plain, as: signature.type)
    }

    /// Makes, for the opened parameter and result types, what makes a function's closure.
    ///
    /// A synchronous function that does not throw gets the closure
    /// ``makeClosure()`` makes, holding the function by value (see
    /// ``EscapingFunction``) and boxed with its function type found here,
    /// once (see ``boxed(_:as:)``); any other goes through ``makeClosure()``'s path.
    private struct MakerOpener: FunctionTypeOpener {
        let isPlain: Bool
        let isSendable: Bool

        func open<R>(_: R.Type) -> @Sendable (EscapingFunction) -> Any {
            guard isPlain else { return { $0.function.makeClosure0(R.self) } }
            let type: Any.Type = isSendable ? (@Sendable () -> R).self : (() -> R).self
            return { held in
                let closure: @Sendable () -> R = { held.function.callNonthrowing([]) }
                return boxed(unsafeBitCast(closure, to: ThickWords.self), as: type)
            }
        }
        func open<A, R>(_: A.Type, _: R.Type) -> @Sendable (EscapingFunction) -> Any {
            guard isPlain else { return { $0.function.makeClosure1(A.self, R.self) } }
            let type: Any.Type = isSendable ? (@Sendable (A) -> R).self : ((A) -> R).self
            return { held in
                let closure: @Sendable (A) -> R = { (a) in held.function.callNonthrowing([a]) }
                return boxed(unsafeBitCast(closure, to: ThickWords.self), as: type)
            }
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> @Sendable (EscapingFunction) -> Any {
            guard isPlain else { return { $0.function.makeClosure2(A.self, B.self, R.self) } }
            let type: Any.Type = isSendable ? (@Sendable (A, B) -> R).self : ((A, B) -> R).self
            return { held in
                let closure: @Sendable (A, B) -> R = { (a, b) in held.function.callNonthrowing([a, b]) }
                return boxed(unsafeBitCast(closure, to: ThickWords.self), as: type)
            }
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> @Sendable (EscapingFunction) -> Any {
            guard isPlain else { return { $0.function.makeClosure3(A.self, B.self, C.self, R.self) } }
            let type: Any.Type = isSendable ? (@Sendable (A, B, C) -> R).self : ((A, B, C) -> R).self
            return { held in
                let closure: @Sendable (A, B, C) -> R = { (a, b, c) in held.function.callNonthrowing([a, b, c]) }
                return boxed(unsafeBitCast(closure, to: ThickWords.self), as: type)
            }
        }
        func open<A, B, C, D, R>(
            _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type
        ) -> @Sendable (EscapingFunction) -> Any {
            guard isPlain else { return { $0.function.makeClosure4(A.self, B.self, C.self, D.self, R.self) } }
            let type: Any.Type = isSendable ? (@Sendable (A, B, C, D) -> R).self : ((A, B, C, D) -> R).self
            return { held in
                let closure: @Sendable (A, B, C, D) -> R = { (a, b, c, d) in
                    held.function.callNonthrowing([a, b, c, d])
                }
                return boxed(unsafeBitCast(closure, to: ThickWords.self), as: type)
            }
        }
    }

    /// A closure's entry point and context.
    private typealias ThickWords = (entry: UInt, context: UInt)

    /// A closure, as its two words, boxed as an `Any` whose dynamic type is
    /// `type`, the closure's own function type: what `closure as Any` makes,
    /// without looking the function type up on every call. The `Any` takes
    /// a reference of its own to the context (a closure's context is a
    /// native object, or none).
    private static func boxed(_ closure: ThickWords, as type: Any.Type) -> Any {
        if let context = UnsafeRawPointer(bitPattern: closure.context) {
            _ = Unmanaged<AnyObject>.fromOpaque(context).retain()
        }
        return withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
            let raw = UnsafeMutableRawPointer(slot.baseAddress!)
            raw.initializeMemory(as: UInt.self, repeating: 0, count: ExistentialContainer.bufferSize / 8)
            raw.storeBytes(of: closure.entry, as: UInt.self)
            raw.storeBytes(of: closure.context, toByteOffset: 8, as: UInt.self)
            raw.storeBytes(
                of: unsafeBitCast(type, to: UnsafeRawPointer.self), toByteOffset: ExistentialContainer.metadataOffset,
                as: UnsafeRawPointer.self)
            return slot.baseAddress!.move()
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
        let closure: @Sendable () -> R = { self.callNonthrowing([]) }
        return signature.isSendable ? closure as Any : closure as () -> R
    }

    fileprivate func makeClosure1<A, R>(_: A.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure1(A.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A) throws -> R = { (a) in try self.call([a]) as! R }
            return signature.isSendable ? closure as Any : closure as (A) throws -> R
        }
        let closure: @Sendable (A) -> R = { (a) in self.callNonthrowing([a]) }
        return signature.isSendable ? closure as Any : closure as (A) -> R
    }

    fileprivate func makeClosure2<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure2(A.self, B.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B) throws -> R = { (a, b) in try self.call([a, b]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B) throws -> R
        }
        let closure: @Sendable (A, B) -> R = { (a, b) in self.callNonthrowing([a, b]) }
        return signature.isSendable ? closure as Any : closure as (A, B) -> R
    }

    fileprivate func makeClosure3<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure3(A.self, B.self, C.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B, C) throws -> R = { (a, b, c) in try self.call([a, b, c]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C) throws -> R
        }
        let closure: @Sendable (A, B, C) -> R = { (a, b, c) in self.callNonthrowing([a, b, c]) }
        return signature.isSendable ? closure as Any : closure as (A, B, C) -> R
    }

    fileprivate func makeClosure4<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Any {
        if signature.isAsync { return makeAsyncClosure4(A.self, B.self, C.self, D.self, R.self) }
        if signature.isThrowing {
            let closure: @Sendable (A, B, C, D) throws -> R = { (a, b, c, d) in try self.call([a, b, c, d]) as! R }
            return signature.isSendable ? closure as Any : closure as (A, B, C, D) throws -> R
        }
        let closure: @Sendable (A, B, C, D) -> R = { (a, b, c, d) in self.callNonthrowing([a, b, c, d]) }
        return signature.isSendable ? closure as Any : closure as (A, B, C, D) -> R
    }

    /// Calls a nonthrowing function whose result is an `R`; a call outside
    /// a non-escaping function's scope cannot be reported to its caller, so
    /// it stops the process, unless an ``EscapedClosureProbe`` run answers it.
    private func callNonthrowing<R>(_ arguments: [Any]) -> R {
        do { return try call(arguments) as! R } catch {
            guard case .calledOutsideItsScope = error as? FunctionBridgeError else { stopForEscapedClosureCall(error) }
            let answer = UnsafeMutablePointer<R>.allocate(capacity: 1)
            defer { answer.deallocate() }
            guard EscapedClosureProbe.answerEscapedCall(into: answer, first: noteEscapedCall()) else {
                stopForEscapedClosureCall(error)
            }
            return answer.move()
        }
    }
}
