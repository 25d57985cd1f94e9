import TestDoublesRecorder

/// Forwards a conformer's non-throwing requirements by name:
/// `stub.requirements.fetch(id: id)`, `stub.requirements.count`, and
/// `stub.requirements.displayName = newValue`.
///
/// ```swift
/// struct CatalogStubConformer: Catalog, ManualStubConformer {
///     let stub: ManualStub<Self>
///     func fetch(id: Int) -> String { stub.requirements.fetch(id: id) }
///     var count: Int { stub.requirements.count }
///     func refresh() async { await stub.requirements.refresh() }
/// }
/// ```
///
/// The member name and the call's labels name the requirement
/// (`fetch(id:)`), as `#function` does, so `call(...)` and this route
/// reach the same registrations only when the argument types agree:
/// arguments travel as `Any` here. A misspelled member compiles and is
/// simply a requirement nothing was registered for. Overloads that differ
/// only by argument type need `ManualStub.call(_:function:)` instead.
@dynamicMemberLookup
public struct ManualRequirementRoute<Conformer: ManualStubConformer>: Sendable {
    let stub: ManualStub<Conformer>

    /// A method requirement, called with its labelled arguments.
    ///
    /// - Parameter member: The requirement's base name.
    public subscript(dynamicMember member: String) -> ManualMethodProxy<Conformer> {
        ManualMethodProxy(stub: stub, member: member)
    }

    /// A property requirement: its getter, and its setter for a settable property.
    ///
    /// - Parameter member: The property's name.
    public subscript<R>(dynamicMember member: String) -> R {
        get {
            let requirement = stub.routeRequirement(member, labels: nil, effects: .none, result: R.self)
            return stub.recorder.answer(requirement, [])
        }
        nonmutating set {
            let requirement = stub.routeRequirement(
                member, labels: nil, kind: .setter, effects: .none, result: Void.self)
            stub.recorder.answer(requirement, [newValue]) as Void
        }
    }
}

/// One method requirement reached through ``ManualRequirementRoute``;
/// calling it forwards the call.
@dynamicCallable
public struct ManualMethodProxy<Conformer: ManualStubConformer>: Sendable {
    let stub: ManualStub<Conformer>
    let member: String

    /// Forwards a synchronous call and returns the configured answer.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    public func dynamicallyCall<R>(withKeywordArguments args: KeyValuePairs<String, Any>) -> R {
        let (labels, values) = labelsAndValues(args)
        return stub.recorder.answer(
            stub.routeRequirement(member, labels: labels, effects: .none, result: R.self), values)
    }

    /// Forwards a synchronous call of a requirement that returns nothing.
    ///
    /// - Parameter args: The call's labelled arguments.
    @_disfavoredOverload
    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Any>) {
        dynamicallyCall(withKeywordArguments: args) as Void
    }

    #if compiler(>=6.2)
    /// Forwards an async call and returns the configured answer, on the caller's actor.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    nonisolated(nonsending) public func dynamicallyCall<R>(
        withKeywordArguments args: KeyValuePairs<String, Any>
    ) async -> R {
        await answerAsync(args)
    }

    /// Forwards an async call of a requirement that returns nothing, on the caller's actor.
    ///
    /// - Parameter args: The call's labelled arguments.
    @_disfavoredOverload
    nonisolated(nonsending) public func dynamicallyCall(
        withKeywordArguments args: KeyValuePairs<String, Any>
    ) async {
        await answerAsync(args) as Void
    }
    #else
    /// Forwards an async call and returns the configured answer.
    ///
    /// Nonisolated before Swift 6.2, which cannot give a dynamic call
    /// the caller's isolation: from an actor, pass `Sendable` values or
    /// use ``ManualStub/asyncCall(_:isolation:function:)``.
    ///
    /// - Parameter args: The call's labelled arguments.
    /// - Returns: The configured answer.
    public func dynamicallyCall<R>(withKeywordArguments args: KeyValuePairs<String, Any>) async -> R {
        await answerAsync(args)
    }

    /// Forwards an async call of a requirement that returns nothing.
    ///
    /// - Parameter args: The call's labelled arguments.
    @_disfavoredOverload
    public func dynamicallyCall(withKeywordArguments args: KeyValuePairs<String, Any>) async {
        await answerAsync(args) as Void
    }
    #endif

    /// Answers an async call on `isolation`, the caller's actor.
    private func answerAsync<R>(
        _ args: KeyValuePairs<String, Any>, isolation: isolated (any Actor)? = #isolation
    ) async -> R {
        let (labels, values) = labelsAndValues(args)
        return await stub.recorder.answerAsync(
            stub.routeRequirement(member, labels: labels, effects: .async, result: R.self), values,
            isolation: isolation)
    }
}
