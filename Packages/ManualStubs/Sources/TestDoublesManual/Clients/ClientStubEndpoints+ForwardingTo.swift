import TestDoublesRecorder

// `forwardingTo:`: an endpoint that forwards to a live closure given
// directly, for one-off spies (`ClientSpy(forwardingTo:)` or a preset's
// `spy(forwardingTo:)`), instead of an adapter that reads the field from the
// live client. Forwarding happens only in a spy; in a plain stub the live
// closure is never called.

extension ClientStubEndpoints {
    /// An endpoint that forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func function<each A, R>(
        _ name: String, forwardingTo fallback: @escaping @Sendable (repeat each A) -> R
    ) -> @Sendable (repeat each A) -> R {
        function(
            name,
            forwarding: { (_: Client, argument: repeat each A) -> R in
                fallback(repeat each argument)
            })
    }

    /// An endpoint that forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func throwingFunction<each A, R>(
        _ name: String, forwardingTo fallback: @escaping @Sendable (repeat each A) throws -> R
    ) -> @Sendable (repeat each A) throws -> R {
        throwingFunction(
            name,
            forwarding: { (_: Client, argument: repeat each A) throws -> R in
                try fallback(repeat each argument)
            })
    }

    /// An endpoint that forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func asyncFunction<each A, R>(
        _ name: String, forwardingTo fallback: @escaping @Sendable (repeat each A) async -> R
    ) -> @Sendable (repeat each A) async -> R {
        asyncFunction(
            name,
            forwarding: { (_: Client, argument: repeat each A) async -> R in
                await fallback(repeat each argument)
            })
    }

    /// An endpoint that forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func asyncThrowingFunction<each A, R>(
        _ name: String, forwardingTo fallback: @escaping @Sendable (repeat each A) async throws -> R
    ) -> @Sendable (repeat each A) async throws -> R {
        asyncThrowingFunction(
            name,
            forwarding: { (_: Client, argument: repeat each A) async throws -> R in
                try await fallback(repeat each argument)
            })
    }

    /// An endpoint that throws only `E` and forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func throwingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type, forwardingTo fallback: @escaping @Sendable (repeat each A) throws(E) -> R
    ) -> @Sendable (repeat each A) throws(E) -> R {
        throwingFunction(
            name, throwing: E.self,
            forwarding: { (_: Client, argument: repeat each A) throws(E) -> R in
                try fallback(repeat each argument)
            })
    }

    /// An endpoint that throws only `E` and forwards to `fallback` in a spy.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - throwing: The field's error type.
    ///   - fallback: The live operation.
    /// - Returns: A closure that reports each call to the double.
    public func asyncThrowingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type,
        forwardingTo fallback: @escaping @Sendable (repeat each A) async throws(E) -> R
    ) -> @Sendable (repeat each A) async throws(E) -> R {
        asyncThrowingFunction(
            name, throwing: E.self,
            forwarding: { (_: Client, argument: repeat each A) async throws(E) -> R in
                try await fallback(repeat each argument)
            })
    }
}
