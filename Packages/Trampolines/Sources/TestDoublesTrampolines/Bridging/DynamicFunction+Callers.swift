/// The fixed-arity adapters that call a Swift closure, stored in `Any`,
/// with arguments boxed as `Any`: the reverse of `DirectFunction+Closures`.
extension DynamicFunction {
    /// Makes the caller of `closure`.
    ///
    /// - Parameters:
    ///   - closure: A closure value of type `signature.type`.
    ///   - signature: The checked signature.
    /// - Returns: A function that calls `closure`, or `nil` when the value is
    ///   not a closure of that type.
    static func makeCaller(of closure: Any, signature: FunctionSignature) -> Caller? {
        guard let closure = withoutGlobalActor(closure, signature: signature) else { return nil }
        if signature.firstParameterIsInout { return makeInoutCaller(of: closure, signature: signature) }
        if let errorType = signature.thrownErrorType {
            return makeTypedThrowingCaller(of: closure, signature: signature, errorType: errorType)
        }
        for flags in acceptedFlags(of: signature) {
            if let caller = signature.open(with: CallerOpener(closure: closure, flags: flags)) ?? nil { return caller }
        }
        return nil
    }

    /// The closure types a function of `signature` may be served by, its own
    /// first: the same type with or without `@Sendable` (one representation
    /// and convention; the runtime's cast tells them apart), and for a
    /// throwing signature the cast already accepts a non-throwing closure.
    /// A `Sendable` mismatch arises when a closure reaches the double through
    /// a context that dropped or added the attribute (a handler's result, a
    /// `thenReturn` value of a pattern typed by inference).
    static func acceptedFlags(of signature: FunctionSignature) -> [(throwing: Bool, sendable: Bool)] {
        [(signature.isThrowing, signature.isSendable), (signature.isThrowing, !signature.isSendable)]
    }

    /// `closure` as the same function without its global actor, or `nil`
    /// when it is not of the signature's isolated type.
    ///
    /// A global-actor-isolated function is called in the convention of the
    /// same function without the actor (see `DirectFunction.makeClosure()`);
    /// an async one hops to its actor itself.
    static func withoutGlobalActor(_ closure: Any, signature: FunctionSignature) -> Any? {
        guard signature.isGlobalActorIsolated else { return closure }
        guard ObjectIdentifier(type(of: closure)) == ObjectIdentifier(signature.type) else { return nil }
        return FunctionRetyping.reinterpret(closure, as: FunctionRetyping.plainType(of: signature))
    }

    /// Makes the caller for the opened parameter and result types.
    private struct CallerOpener: FunctionTypeOpener {
        let closure: Any
        let flags: (throwing: Bool, sendable: Bool)
        func open<R>(_: R.Type) -> Caller? { caller0(closure, R.self, flags) }
        func open<A, R>(_: A.Type, _: R.Type) -> Caller? { caller1(closure, A.self, R.self, flags) }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Caller? {
            caller2(closure, A.self, B.self, R.self, flags)
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Caller? {
            caller3(closure, A.self, B.self, C.self, R.self, flags)
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Caller? {
            caller4(closure, A.self, B.self, C.self, D.self, R.self, flags)
        }
    }

    fileprivate static func caller0<R>(
        _ closure: Any, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> Caller? {
        switch flags {
        case (false, false):
            guard let function = closure as? () -> R else { return nil }
            return { arguments in function() }
        case (false, true):
            guard let function = closure as? @Sendable () -> R else { return nil }
            return { arguments in function() }
        case (true, false):
            guard let function = closure as? () throws -> R else { return nil }
            return { arguments in try function() }
        case (true, true):
            guard let function = closure as? @Sendable () throws -> R else { return nil }
            return { arguments in try function() }
        }
    }

    fileprivate static func caller1<A, R>(
        _ closure: Any, _: A.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> Caller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A) -> R else { return nil }
            return { arguments in function(arguments[0] as! A) }
        case (false, true):
            guard let function = closure as? @Sendable (A) -> R else { return nil }
            return { arguments in function(arguments[0] as! A) }
        case (true, false):
            guard let function = closure as? (A) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A) }
        case (true, true):
            guard let function = closure as? @Sendable (A) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A) }
        }
    }

    fileprivate static func caller2<A, B, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> Caller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B) -> R else { return nil }
            return { arguments in function(arguments[0] as! A, arguments[1] as! B) }
        case (false, true):
            guard let function = closure as? @Sendable (A, B) -> R else { return nil }
            return { arguments in function(arguments[0] as! A, arguments[1] as! B) }
        case (true, false):
            guard let function = closure as? (A, B) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A, arguments[1] as! B) }
        case (true, true):
            guard let function = closure as? @Sendable (A, B) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A, arguments[1] as! B) }
        }
    }

    fileprivate static func caller3<A, B, C, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: C.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> Caller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B, C) -> R else { return nil }
            return { arguments in function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (false, true):
            guard let function = closure as? @Sendable (A, B, C) -> R else { return nil }
            return { arguments in function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (true, false):
            guard let function = closure as? (A, B, C) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (true, true):
            guard let function = closure as? @Sendable (A, B, C) throws -> R else { return nil }
            return { arguments in try function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        }
    }

    fileprivate static func caller4<A, B, C, D, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> Caller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B, C, D) -> R else { return nil }
            return { arguments in
                function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (false, true):
            guard let function = closure as? @Sendable (A, B, C, D) -> R else { return nil }
            return { arguments in
                function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (true, false):
            guard let function = closure as? (A, B, C, D) throws -> R else { return nil }
            return { arguments in
                try function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (true, true):
            guard let function = closure as? @Sendable (A, B, C, D) throws -> R else { return nil }
            return { arguments in
                try function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        }
    }

}
