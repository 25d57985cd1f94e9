extension InvocationRecorder {
    /// Answers a call of a synchronous, non-throwing requirement with a typed result.
    ///
    /// The convenience a hand-written front calls from each requirement's
    /// body; it handles recording passes, forwarding and unmatched calls.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its `resultType` should be `R`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    @inlinable
    public func call<R>(_ requirement: Requirement, _ arguments: [Any], forward: (() -> R)? = nil) -> R {
        switch dispatch(requirement, arguments: arguments) {
        case .returned(let value): return cast(value, requirement)
        case .threw(let error): preconditionFailure("\(name): \(requirement.name) cannot throw \(error)")
        case .forward:
            guard let forward else { fatalError(noForwardMessage(requirement)) }
            return forward()
        case .trap(let message): fatalError(message)
        }
    }

    /// Answers a call of a synchronous, throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should include `.throws`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, or ``UnstubbedCall``.
    @inlinable
    public func callThrowing<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() throws -> R)? = nil
    )
        throws -> R
    {
        switch dispatch(requirement, arguments: arguments) {
        case .returned(let value): return cast(value, requirement)
        case .threw(let error): throw error
        case .forward:
            guard let forward else { fatalError(noForwardMessage(requirement)) }
            return try forward()
        case .trap(let message): fatalError(message)
        }
    }

    /// Answers a call of an async, non-throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should include `.async`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    @inlinable
    public func callAsync<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() async -> R)? = nil
    ) async
        -> R
    {
        switch await dispatchAsync(requirement, arguments: arguments) {
        case .returned(let value): return cast(value, requirement)
        case .threw(let error): preconditionFailure("\(name): \(requirement.name) cannot throw \(error)")
        case .forward:
            guard let forward else { fatalError(noForwardMessage(requirement)) }
            return await forward()
        case .trap(let message): fatalError(message)
        }
    }

    /// Answers a call of an async, throwing requirement with a typed result.
    ///
    /// - Parameters:
    ///   - requirement: The requirement called; its effects should be `.asyncThrows`.
    ///   - arguments: The arguments, in declaration order.
    ///   - forward: Calls the real implementation; `nil` when there is none.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, ``UnstubbedCall``, or `CancellationError`.
    @inlinable
    public func callAsyncThrowing<R>(
        _ requirement: Requirement, _ arguments: [Any], forward: (() async throws -> R)? = nil
    ) async throws -> R {
        switch await dispatchAsync(requirement, arguments: arguments) {
        case .returned(let value): return cast(value, requirement)
        case .threw(let error): throw error
        case .forward:
            guard let forward else { fatalError(noForwardMessage(requirement)) }
            return try await forward()
        case .trap(let message): fatalError(message)
        }
    }

    @inlinable
    func cast<R>(_ value: Any, _ requirement: Requirement) -> R {
        if let typed = value as? R { return typed }
        return mismatchedAnswer(value, requirement)
    }

    @usableFromInline
    func mismatchedAnswer<R>(_ value: Any, _ requirement: Requirement) -> R {
        let message = """
            \(name): the answer for \(requirement.name) is a \(type(of: value)), not the declared \(R.self)
            """
        TestDoubleIssueReporting.writeToStandardError("TestDoubles: \(message)\n")
        fatalError(message)
    }

    @usableFromInline
    func noForwardMessage(_ requirement: Requirement) -> String {
        let message = "\(name): \(requirement.name) was told to forward, but the double has no real implementation"
        TestDoubleIssueReporting.writeToStandardError("TestDoubles: \(message)\n")
        return message
    }
}
