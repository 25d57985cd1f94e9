import TestDoublesRecorder

/// Forwards a conformer's throwing requirements by name:
/// `try stub.throwingRequirements.save(item)` and
/// `try stub.throwingRequirements.token`.
///
/// Kept apart from ``ManualRequirementRoute`` because a getter cannot be
/// overloaded on `throws`. Only for untyped `throws`: a `throws(E)`
/// requirement forwards with `throwingCall(..., throwing: E.self)`.
@dynamicMemberLookup
public struct ManualThrowingRequirementRoute<Conformer: ManualStubConformer>: Sendable {
    let stub: ManualStub<Conformer>

    /// A throwing method requirement, called with its labelled arguments.
    ///
    /// - Parameter member: The requirement's base name.
    public subscript(dynamicMember member: String) -> ManualThrowingMethodProxy<Conformer> {
        ManualThrowingMethodProxy(stub: stub, member: member)
    }

    /// A throwing property getter.
    ///
    /// - Parameter member: The property's name.
    public subscript<R>(dynamicMember member: String) -> R {
        get throws {
            let requirement = stub.routeRequirement(member, labels: nil, effects: .throws, result: R.self)
            return try stub.recorder.answer(requirement, [], throwing: (any Error).self)
        }
    }
}

/// The documented short name of ``ManualThrowingRequirementRoute``.
public typealias ManualThrowingRoute<Conformer: ManualStubConformer> = ManualThrowingRequirementRoute<Conformer>

/// One throwing method requirement reached through
/// ``ManualThrowingRequirementRoute``; calling it forwards the call.
@dynamicCallable
public struct ManualThrowingMethodProxy<Conformer: ManualStubConformer>: Sendable {
    let stub: ManualStub<Conformer>
    let member: String

    /// Forwards a synchronous call and returns the configured answer.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, or `UnstubbedCall`.
    public func dynamicallyCall<R>(withKeywordArguments args: KeyValuePairs<String, Any>) throws -> R {
        let (labels, values) = labelsAndValues(args)
        return try stub.recorder.answer(
            stub.routeRequirement(member, labels: labels, effects: .throws, result: R.self), values,
            throwing: (any Error).self)
    }

    /// Forwards a synchronous call of a requirement that returns nothing.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Throws: The configured error, or `UnstubbedCall`.
    @_disfavoredOverload
    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Any>) throws {
        try dynamicallyCall(withKeywordArguments: args) as Void
    }

    #if compiler(>=6.2)
    /// Forwards an async call and returns the configured answer, on the caller's actor.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    nonisolated(nonsending) public func dynamicallyCall<R>(
        withKeywordArguments args: KeyValuePairs<String, Any>
    ) async throws -> R {
        try await answerAsync(args)
    }

    /// Forwards an async call of a requirement that returns nothing, on the caller's actor.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    @_disfavoredOverload
    nonisolated(nonsending) public func dynamicallyCall(
        withKeywordArguments args: KeyValuePairs<String, Any>
    ) async throws {
        try await answerAsync(args) as Void
    }
    #else
    /// Forwards an async call and returns the configured answer.
    ///
    /// Nonisolated before Swift 6.2, which cannot give a dynamic call
    /// the caller's isolation: from an actor, pass `Sendable` values or
    /// use ``ManualStub/asyncThrowingCall(_:isolation:function:)``.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    public func dynamicallyCall<R>(withKeywordArguments args: KeyValuePairs<String, Any>) async throws -> R {
        try await answerAsync(args)
    }

    /// Forwards an async call of a requirement that returns nothing.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    @_disfavoredOverload
    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Any>) async throws {
        try await answerAsync(args) as Void
    }
    #endif

    /// Answers an async call on `isolation`, the caller's actor.
    private func answerAsync<R>(
        _ args: KeyValuePairs<String, Any>, isolation: isolated (any Actor)? = #isolation
    ) async throws -> R {
        let (labels, values) = labelsAndValues(args)
        return try await stub.recorder.answerAsync(
            stub.routeRequirement(member, labels: labels, effects: .asyncThrows, result: R.self), values,
            throwing: (any Error).self, isolation: isolation)
    }
}
