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

    /// Writes the closure of a function read from a call, as ``makeClosure()``
    /// gives it (retyped for a global actor), into the uninitialized `Any`
    /// at `destination`; `owned` says whether the caller passed the context
    /// at +1 (taken over) or at +0 (retained).
    typealias ClosureMaker =
        @Sendable (
            _ entry: UnsafeRawPointer, _ context: UnsafeMutableRawPointer?, _ owned: Bool,
            _ destination: UnsafeMutableRawPointer
        ) -> Void

    /// What ``makeClosure()`` does for a function of `signature` after
    /// opening its types, with the types opened now, once: nil where
    /// ``makePlainClosure()`` takes another path (a first `inout` parameter,
    /// typed throws) or the arity is past the fixed-arity wrappers.
    static func closureMaker(for signature: FunctionSignature) -> ClosureMaker? {
        guard !signature.firstParameterIsInout, signature.thrownErrorType == nil else { return nil }
        return signature.open(
            with: MakerOpener(
                signature: signature, isPlain: !signature.isAsync && !signature.isThrowing,
                isSendable: signature.isSendable))?.make
    }

    /// A ``ClosureMaker`` as ``MakerOpener`` hands it back: in a struct, so
    /// the function keeps its own convention through the opener's generic
    /// result. Handed back bare, the function was wrapped in two
    /// reabstraction thunks (into the generic convention and back), which
    /// every closure made ran through (about 70 instructions).
    private struct OpenedMaker {
        let make: ClosureMaker
    }

    /// The closure ``makePlainClosure()`` made for a function of `signature`,
    /// as ``makeClosure()`` gives it: retyped for a function isolated to a global actor.
    static func finishClosure(_ plain: Any, of signature: FunctionSignature) -> Any {
        guard signature.isGlobalActorIsolated else { return plain }
        return FunctionRetyping.reinterpret(plain, as: signature.type)
    }

    /// Makes, for the opened parameter and result types, what makes a function's closure.
    ///
    /// A synchronous function that does not throw gets the closure
    /// ``makeClosure()`` makes, holding the function by value (see
    /// ``EscapingFunction``) and written into its `Any` with its function
    /// type found here, once (see ``store(_:as:into:)``): one allocation
    /// (the closure's context), and one retain of the function's context
    /// when the call lent it. Any other goes through ``makeClosure()``'s path.
    private struct MakerOpener: FunctionTypeOpener {
        let signature: FunctionSignature
        let isPlain: Bool
        let isSendable: Bool

        /// The dynamic type of the closure's `Any`: the plain closure's
        /// function type, or, for a function isolated to a global actor, its
        /// own type (the same convention: what ``FunctionRetyping`` gives it).
        func boxType(plain: Any.Type, sendable: Any.Type) -> Any.Type {
            if signature.isGlobalActorIsolated { return signature.type }
            return isSendable ? sendable : plain
        }

        /// The maker of a function that is not plain: through ``makeClosure()``'s path.
        func general(_ make: @escaping @Sendable (DirectFunction) -> Any) -> OpenedMaker {
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let function = DirectFunction(
                    entry: entry, context: context, signature: signature, holding: owned ? .taken : .retained)
                destination.assumingMemoryBound(to: Any.self).initialize(
                    to: DirectFunction.finishClosure(make(function), of: signature))
            }
        }

        func open<R>(_: R.Type) -> OpenedMaker {
            guard isPlain else { return general { $0.makeClosure0(R.self) } }
            let type = boxType(plain: (() -> R).self, sendable: (@Sendable () -> R).self)
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let held = EscapingFunction(entry: entry, context: context, signature: signature, owned: owned)
                let closure: @Sendable () -> R = { held.function.callNonthrowing([]) }
                store(unsafeBitCast(closure, to: ThickWords.self), as: type, into: destination)
            }
        }
        func open<A, R>(_: A.Type, _: R.Type) -> OpenedMaker {
            guard isPlain else { return general { $0.makeClosure1(A.self, R.self) } }
            let type = boxType(plain: ((A) -> R).self, sendable: (@Sendable (A) -> R).self)
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let held = EscapingFunction(entry: entry, context: context, signature: signature, owned: owned)
                let closure: @Sendable (A) -> R = { (a) in held.function.callNonthrowing([a]) }
                store(unsafeBitCast(closure, to: ThickWords.self), as: type, into: destination)
            }
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> OpenedMaker {
            guard isPlain else { return general { $0.makeClosure2(A.self, B.self, R.self) } }
            let type = boxType(plain: ((A, B) -> R).self, sendable: (@Sendable (A, B) -> R).self)
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let held = EscapingFunction(entry: entry, context: context, signature: signature, owned: owned)
                let closure: @Sendable (A, B) -> R = { (a, b) in held.function.callNonthrowing([a, b]) }
                store(unsafeBitCast(closure, to: ThickWords.self), as: type, into: destination)
            }
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> OpenedMaker {
            guard isPlain else { return general { $0.makeClosure3(A.self, B.self, C.self, R.self) } }
            let type = boxType(plain: ((A, B, C) -> R).self, sendable: (@Sendable (A, B, C) -> R).self)
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let held = EscapingFunction(entry: entry, context: context, signature: signature, owned: owned)
                let closure: @Sendable (A, B, C) -> R = { (a, b, c) in held.function.callNonthrowing([a, b, c]) }
                store(unsafeBitCast(closure, to: ThickWords.self), as: type, into: destination)
            }
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> OpenedMaker {
            guard isPlain else { return general { $0.makeClosure4(A.self, B.self, C.self, D.self, R.self) } }
            let type = boxType(plain: ((A, B, C, D) -> R).self, sendable: (@Sendable (A, B, C, D) -> R).self)
            let signature = signature
            return OpenedMaker { entry, context, owned, destination in
                let held = EscapingFunction(entry: entry, context: context, signature: signature, owned: owned)
                let closure: @Sendable (A, B, C, D) -> R = { (a, b, c, d) in
                    held.function.callNonthrowing([a, b, c, d])
                }
                store(unsafeBitCast(closure, to: ThickWords.self), as: type, into: destination)
            }
        }
    }

    /// A closure's entry point and context.
    private typealias ThickWords = (entry: UInt, context: UInt)

    /// Writes a closure, as its two words, into the uninitialized `Any` at
    /// `destination` with the dynamic type `type`, the closure's own function
    /// type (or the same function type isolated to a global actor): what
    /// `closure as Any` makes, without looking the function type up on every
    /// call (nor asking for it to move a value of a type that depends on the
    /// opened types, which copies through its value witnesses). The `Any`
    /// takes a reference of its own to the context (a closure's context is
    /// a native object, or none).
    private static func store(_ closure: ThickWords, as type: Any.Type, into destination: UnsafeMutableRawPointer) {
        if let context = UnsafeRawPointer(bitPattern: closure.context) {
            _ = Unmanaged<AnyObject>.fromOpaque(context).retain()
        }
        destination.storeBytes(of: closure.entry, as: UInt.self)
        destination.storeBytes(of: closure.context, toByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        destination.storeBytes(of: 0, toByteOffset: 2 * MemoryLayout<UInt>.size, as: UInt.self)
        destination.storeBytes(
            of: unsafeBitCast(type, to: UnsafeRawPointer.self), toByteOffset: ExistentialContainer.metadataOffset,
            as: UnsafeRawPointer.self)
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
    func callNonthrowing<R>(_ arguments: [Any]) -> R {
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
