import TestDoublesRecorder

/// Makes the endpoint closures a ``ClientStub`` wires into its client: one
/// per closure field, named for diagnostics and identified by its name and
/// static types.
///
/// Every factory infers the closure's argument and result types from the
/// field it is assigned to, for any arity (nullary included). Each has a
/// `forwarding:` form that says how to call the same operation on a live
/// client, used by the forwarding presets of
/// ``ClientDoublePreset`` (`live(_:)`, `spy(forwardingTo:)`, `overriding(_:configure:)`).
public struct ClientStubEndpoints<Client>: Sendable {
    let recorder: InvocationRecorder
    let live: LiveClient<Client>?
    let requirements: RequirementTable

    func requirement<each A, R>(
        _ name: String, _ effects: RequirementEffects, error: Any.Type? = nil, _: (repeat each A).Type, _: R.Type
    ) -> Requirement {
        requirements.requirement(
            name, .call, effects: effects, error: error, arguments: repeat (each A).self, result: R.self
        ).pointee
    }

    /// An endpoint for a synchronous, non-throwing closure field.
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"fetch"`.
    /// - Returns: A closure that reports each call to the stub.
    public func function<each A, R>(_ name: String) -> @Sendable (repeat each A) -> R {
        let requirement = requirement(name, .none, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) -> R in
            recorder.answer(requirement, boxed(repeat each argument))
        }
    }

    /// An endpoint for a synchronous, non-throwing closure field that can forward to a live client.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func function<each A, R>(
        _ name: String, forwarding: @escaping @Sendable (Client, repeat each A) -> R
    ) -> @Sendable (repeat each A) -> R {
        let requirement = requirement(name, .none, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) -> R in
            let forward = live.map { live in
                { () -> R in
                    live.call(requirement, boxed(repeat each argument)) {
                        forwarding(live.client, repeat each argument)
                    }
                }
            }
            return recorder.answer(requirement, boxed(repeat each argument), forward: forward)
        }
    }

    /// An endpoint for a synchronous, throwing closure field.
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"fetch"`.
    /// - Returns: A closure that reports each call to the stub.
    public func throwingFunction<each A, R>(_ name: String) -> @Sendable (repeat each A) throws -> R {
        let requirement = requirement(name, .throws, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) throws -> R in
            try recorder.answer(requirement, boxed(repeat each argument), throwing: (any Error).self)
        }
    }

    /// An endpoint for a synchronous, throwing closure field that can forward to a live client.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func throwingFunction<each A, R>(
        _ name: String, forwarding: @escaping @Sendable (Client, repeat each A) throws -> R
    ) -> @Sendable (repeat each A) throws -> R {
        let requirement = requirement(name, .throws, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) throws -> R in
            let forward = live.map { live in
                { () throws -> R in
                    try live.callThrowing(requirement, boxed(repeat each argument)) {
                        try forwarding(live.client, repeat each argument)
                    }
                }
            }
            return try recorder.answer(
                requirement, boxed(repeat each argument), throwing: (any Error).self, forward: forward)
        }
    }

    /// An endpoint for a synchronous, throwing closure field that throws only `E`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    /// - Returns: A closure that reports each call to the stub.
    public func throwingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type
    ) -> @Sendable (repeat each A) throws(E) -> R {
        let requirement = requirement(name, .throws, error: E.self, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) throws(E) -> R in
            try recorder.answer(requirement, boxed(repeat each argument), throwing: E.self)
        }
    }

    /// An endpoint for a synchronous, throwing closure field that throws only `E` and can forward to a live client.
    ///
    /// Swift infers `throws(any Error)` for a closure literal, so spell the
    /// forwarding closure's error type: `{ (live: Client, id: Int) throws(E) -> R in ... }`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func throwingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type, forwarding: @escaping @Sendable (Client, repeat each A) throws(E) -> R
    ) -> @Sendable (repeat each A) throws(E) -> R {
        let requirement = requirement(name, .throws, error: E.self, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) throws(E) -> R in
            let forward = live.map { live in
                { () throws -> R in
                    try live.callThrowing(requirement, boxed(repeat each argument)) {
                        try forwarding(live.client, repeat each argument)
                    }
                }
            }
            return try recorder.answer(requirement, boxed(repeat each argument), throwing: E.self, forward: forward)
        }
    }

    /// An endpoint for an async, non-throwing closure field.
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"fetch"`.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncFunction<each A, R>(_ name: String) -> @Sendable (repeat each A) async -> R {
        let requirement = requirement(name, .async, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) async -> R in
            await recorder.answerAsync(requirement, boxed(repeat each argument))
        }
    }

    /// An endpoint for an async, non-throwing closure field that can forward to a live client.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncFunction<each A, R>(
        _ name: String, forwarding: @escaping @Sendable (Client, repeat each A) async -> R
    ) -> @Sendable (repeat each A) async -> R {
        let requirement = requirement(name, .async, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) async -> R in
            let forward = live.map { live in
                { () async -> R in
                    await live.callAsync(requirement, boxed(repeat each argument)) {
                        await forwarding(live.client, repeat each argument)
                    }
                }
            }
            return await recorder.answerAsync(requirement, boxed(repeat each argument), forward: forward)
        }
    }

    /// An endpoint for an async, throwing closure field.
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"fetch"`.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncThrowingFunction<each A, R>(_ name: String) -> @Sendable (repeat each A) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) async throws -> R in
            try await recorder.answerAsync(requirement, boxed(repeat each argument), throwing: (any Error).self)
        }
    }

    /// An endpoint for an async, throwing closure field that can forward to a live client.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncThrowingFunction<each A, R>(
        _ name: String, forwarding: @escaping @Sendable (Client, repeat each A) async throws -> R
    ) -> @Sendable (repeat each A) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) async throws -> R in
            let forward = live.map { live in
                { () async throws -> R in
                    try await live.callAsyncThrowing(requirement, boxed(repeat each argument)) {
                        try await forwarding(live.client, repeat each argument)
                    }
                }
            }
            return try await recorder.answerAsync(
                requirement, boxed(repeat each argument), throwing: (any Error).self, forward: forward)
        }
    }

    /// An endpoint for an async, throwing closure field that throws only `E`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncThrowingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type
    ) -> @Sendable (repeat each A) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (repeat each A).self, R.self)
        let recorder = recorder
        return { (argument: repeat each A) async throws(E) -> R in
            try await recorder.answerAsync(requirement, boxed(repeat each argument), throwing: E.self)
        }
    }

    /// An endpoint for an async, throwing closure field that throws only `E` and can forward to a live client.
    ///
    /// Swift infers `throws(any Error)` for a closure literal, so spell the
    /// forwarding closure's error type: `{ (live: Client, id: Int) throws(E) -> R in ... }`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    ///   - forwarding: Calls the same operation on a live client.
    /// - Returns: A closure that reports each call to the stub.
    public func asyncThrowingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type, forwarding: @escaping @Sendable (Client, repeat each A) async throws(E) -> R
    ) -> @Sendable (repeat each A) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (repeat each A).self, R.self)
        let recorder = recorder
        let live = live
        return { (argument: repeat each A) async throws(E) -> R in
            let forward = live.map { live in
                { () async throws -> R in
                    try await live.callAsyncThrowing(requirement, boxed(repeat each argument)) {
                        try await forwarding(live.client, repeat each argument)
                    }
                }
            }
            return try await recorder.answerAsync(
                requirement, boxed(repeat each argument), throwing: E.self, forward: forward)
        }
    }
}
