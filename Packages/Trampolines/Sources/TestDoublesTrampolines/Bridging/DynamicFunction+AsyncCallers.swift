/// The fixed-arity adapters that await a Swift async closure, stored in
/// `Any`, with arguments boxed as `Any`: the reverse of
/// `DirectFunction+AsyncClosures`.
extension DynamicFunction {
    /// Makes the caller of an async `closure`.
    ///
    /// - Parameters:
    ///   - closure: A closure value of type `signature.type` (async).
    ///   - signature: The checked signature.
    /// - Returns: A function that awaits `closure`, or `nil` when the value
    ///   is not a closure of that type.
    static func makeAsyncCaller(of closure: Any, signature: FunctionSignature) -> AsyncCaller? {
        guard let closure = withoutGlobalActor(closure, signature: signature) else { return nil }
        if signature.firstParameterIsInout { return makeAsyncInoutCaller(of: closure, signature: signature) }
        if let errorType = signature.thrownErrorType {
            return makeAsyncTypedThrowingCaller(of: closure, signature: signature, errorType: errorType)
        }
        for flags in acceptedFlags(of: signature) {
            if let caller = signature.open(with: AsyncCallerOpener(closure: closure, flags: flags)) ?? nil {
                return caller
            }
        }
        return nil
    }

    /// Makes the async caller for the opened parameter and result types.
    private struct AsyncCallerOpener: FunctionTypeOpener {
        let closure: Any
        let flags: (throwing: Bool, sendable: Bool)
        func open<R>(_: R.Type) -> AsyncCaller? { asyncCaller0(closure, R.self, flags) }
        func open<A, R>(_: A.Type, _: R.Type) -> AsyncCaller? { asyncCaller1(closure, A.self, R.self, flags) }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> AsyncCaller? {
            asyncCaller2(closure, A.self, B.self, R.self, flags)
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> AsyncCaller? {
            asyncCaller3(closure, A.self, B.self, C.self, R.self, flags)
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> AsyncCaller? {
            asyncCaller4(closure, A.self, B.self, C.self, D.self, R.self, flags)
        }
    }

    fileprivate static func asyncCaller0<R>(
        _ closure: Any, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> AsyncCaller? {
        switch flags {
        case (false, false):
            guard let function = closure as? () async -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in await held.value() }
        case (false, true):
            guard let function = closure as? @Sendable () async -> R else { return nil }
            return { arguments in await function() }
        case (true, false):
            guard let function = closure as? () async throws -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in try await held.value() }
        case (true, true):
            guard let function = closure as? @Sendable () async throws -> R else { return nil }
            return { arguments in try await function() }
        }
    }

    fileprivate static func asyncCaller1<A, R>(
        _ closure: Any, _: A.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> AsyncCaller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A) async -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in await held.value(arguments[0] as! A) }
        case (false, true):
            guard let function = closure as? @Sendable (A) async -> R else { return nil }
            return { arguments in await function(arguments[0] as! A) }
        case (true, false):
            guard let function = closure as? (A) async throws -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in try await held.value(arguments[0] as! A) }
        case (true, true):
            guard let function = closure as? @Sendable (A) async throws -> R else { return nil }
            return { arguments in try await function(arguments[0] as! A) }
        }
    }

    fileprivate static func asyncCaller2<A, B, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> AsyncCaller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B) async -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in await held.value(arguments[0] as! A, arguments[1] as! B) }
        case (false, true):
            guard let function = closure as? @Sendable (A, B) async -> R else { return nil }
            return { arguments in await function(arguments[0] as! A, arguments[1] as! B) }
        case (true, false):
            guard let function = closure as? (A, B) async throws -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in try await held.value(arguments[0] as! A, arguments[1] as! B) }
        case (true, true):
            guard let function = closure as? @Sendable (A, B) async throws -> R else { return nil }
            return { arguments in try await function(arguments[0] as! A, arguments[1] as! B) }
        }
    }

    fileprivate static func asyncCaller3<A, B, C, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: C.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> AsyncCaller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B, C) async -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in await held.value(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (false, true):
            guard let function = closure as? @Sendable (A, B, C) async -> R else { return nil }
            return { arguments in await function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (true, false):
            guard let function = closure as? (A, B, C) async throws -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in try await held.value(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        case (true, true):
            guard let function = closure as? @Sendable (A, B, C) async throws -> R else { return nil }
            return { arguments in try await function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C) }
        }
    }

    fileprivate static func asyncCaller4<A, B, C, D, R>(
        _ closure: Any, _: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type, _ flags: (throwing: Bool, sendable: Bool)
    ) -> AsyncCaller? {
        switch flags {
        case (false, false):
            guard let function = closure as? (A, B, C, D) async -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in
                await held.value(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (false, true):
            guard let function = closure as? @Sendable (A, B, C, D) async -> R else { return nil }
            return { arguments in
                await function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (true, false):
            guard let function = closure as? (A, B, C, D) async throws -> R else { return nil }
            let held = UncheckedFunction(function)
            return { arguments in
                try await held.value(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        case (true, true):
            guard let function = closure as? @Sendable (A, B, C, D) async throws -> R else { return nil }
            return { arguments in
                try await function(arguments[0] as! A, arguments[1] as! B, arguments[2] as! C, arguments[3] as! D)
            }
        }
    }

}

/// A non-`Sendable` closure held by a `Sendable` caller: the caller awaits it
/// on the task of whoever calls the bridged function, as a direct call would.
private struct UncheckedFunction<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
