import TestDoublesRecorder

// The `async` overloads of `call` and `throwingCall`: inside an async
// requirement, `await stub.call(...)` and `try await stub.throwingCall(...)`
// pick these, so one spelling serves synchronous and asynchronous
// requirements. They answer exactly as `asyncCall` and `asyncThrowingCall`.

extension ManualStub {
    /// Answers an async, non-throwing requirement.
    ///
    /// ```swift
    /// var status: Status { get async { await stub.call() } }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    public func call<each A, R>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async -> R {
        await asyncCall(repeat each args, isolation: isolation, function: function)
    }

    /// Answers an async, non-throwing requirement that returns nothing.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    @_disfavoredOverload
    public func call<each A>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async {
        await asyncCall(repeat each args, isolation: isolation, function: function) as Void
    }

    /// Answers an async, throwing requirement.
    ///
    /// ```swift
    /// func loadFeed() async throws -> [String] { try await stub.throwingCall() }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    public func throwingCall<each A, R>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async throws -> R {
        try await asyncThrowingCall(repeat each args, isolation: isolation, function: function)
    }

    /// Answers an async, throwing requirement that returns nothing.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    @_disfavoredOverload
    public func throwingCall<each A>(
        _ args: repeat each A, isolation: isolated (any Actor)? = #isolation, function: String = #function
    ) async throws {
        try await asyncThrowingCall(repeat each args, isolation: isolation, function: function) as Void
    }

    /// Answers an async requirement that throws only `E`.
    ///
    /// ```swift
    /// func refresh(_ id: Int) async throws(ServiceError) -> Item {
    ///     try await stub.throwingCall(id, throwing: ServiceError.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - throwing: The requirement's error type.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func throwingCall<each A, R, E: Error>(
        _ args: repeat each A, throwing: E.Type, isolation: isolated (any Actor)? = #isolation,
        function: String = #function
    ) async throws(E) -> R {
        try await asyncThrowingCall(repeat each args, throwing: E.self, isolation: isolation, function: function)
    }

    /// Answers an async requirement that returns nothing and throws only `E`.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - throwing: The requirement's error type.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    ///   - function: The requirement's name; leave the default `#function`.
    /// - Throws: The configured error.
    @_disfavoredOverload
    public func throwingCall<each A, E: Error>(
        _ args: repeat each A, throwing: E.Type, isolation: isolated (any Actor)? = #isolation,
        function: String = #function
    ) async throws(E) {
        try await asyncThrowingCall(repeat each args, throwing: E.self, isolation: isolation, function: function)
            as Void
    }
}
