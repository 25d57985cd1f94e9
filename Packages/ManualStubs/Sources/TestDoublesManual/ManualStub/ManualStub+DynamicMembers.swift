import TestDoublesRecorder

extension ManualStub {
    /// Forwards non-throwing requirements by name: `stub.requirements.fetch(id: id)`.
    ///
    /// The namespace keeps a requirement such as `reset()` apart from the
    /// controller's own `reset()`; see ``ManualRequirementRoute``.
    public var requirements: ManualRequirementRoute<Conformer> { ManualRequirementRoute(stub: self) }

    /// Forwards throwing requirements by name: `try stub.throwingRequirements.save(item)`.
    public var throwingRequirements: ManualThrowingRequirementRoute<Conformer> {
        ManualThrowingRequirementRoute(stub: self)
    }

    /// The same as ``throwingRequirements``: `try stub.throwing.save(item)`.
    public var throwing: ManualThrowingRequirementRoute<Conformer> { throwingRequirements }

    /// A non-throwing method requirement called on the controller itself:
    /// `stub.fetch(id: id)`. A requirement whose name the controller
    /// already uses (`reset()`, `verify`, ...) needs ``requirements``.
    ///
    /// - Parameter member: The requirement's base name.
    public subscript(dynamicMember member: String) -> ManualMethodProxy<Conformer> {
        ManualMethodProxy(stub: self, member: member)
    }

    /// A non-throwing property requirement read on the controller itself: `stub.count`.
    ///
    /// - Parameter member: The property's name.
    public subscript<R>(dynamicMember member: String) -> R {
        get { requirements[dynamicMember: member] }
        set { requirements[dynamicMember: member] = newValue }
    }

    // MARK: Explicit routes

    /// Answers a synchronous, non-throwing requirement named by an explicit route.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    /// - Returns: The configured answer.
    public func call<R>(_ args: Any..., route: ManualRouteID) -> R {
        recorder.answer(routeRequirement(route, effects: .none, result: R.self), args)
    }

    /// Answers a synchronous, non-throwing requirement that returns nothing, named by an explicit route.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    @_disfavoredOverload
    public func call(_ args: Any..., route: ManualRouteID) {
        recorder.answer(routeRequirement(route, effects: .none, result: Void.self), args) as Void
    }

    /// Answers a synchronous, throwing requirement named by an explicit route.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, or `UnstubbedCall`.
    public func throwingCall<R>(_ args: Any..., route: ManualRouteID) throws -> R {
        try recorder.answer(routeRequirement(route, effects: .throws, result: R.self), args, throwing: (any Error).self)
    }

    /// Answers a synchronous requirement named by an explicit route that throws only `E`.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    ///   - throwing: The requirement's error type.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func throwingCall<R, E: Error>(_ args: Any..., route: ManualRouteID, throwing: E.Type) throws(E) -> R {
        try recorder.answer(
            routeRequirement(route, effects: .throws, error: E.self, result: R.self), args, throwing: E.self)
    }

    /// Answers an async, non-throwing requirement named by an explicit route.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    public func asyncCall<R>(
        _ args: Any..., route: ManualRouteID, isolation: isolated (any Actor)? = #isolation
    ) async -> R {
        await recorder.answerAsync(routeRequirement(route, effects: .async, result: R.self), args, isolation: isolation)
    }

    /// Answers an async, throwing requirement named by an explicit route.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
    public func asyncThrowingCall<R>(
        _ args: Any..., route: ManualRouteID, isolation: isolated (any Actor)? = #isolation
    ) async throws -> R {
        try await recorder.answerAsync(
            routeRequirement(route, effects: .asyncThrows, result: R.self), args, throwing: (any Error).self,
            isolation: isolation)
    }

    /// Answers an async requirement named by an explicit route that throws only `E`.
    ///
    /// - Parameters:
    ///   - args: The requirement's arguments, in declaration order.
    ///   - route: The requirement's signature and argument types.
    ///   - throwing: The requirement's error type.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func asyncThrowingCall<R, E: Error>(
        _ args: Any..., route: ManualRouteID, throwing: E.Type, isolation: isolated (any Actor)? = #isolation
    ) async throws(E) -> R {
        try await recorder.answerAsync(
            routeRequirement(route, effects: .asyncThrows, error: E.self, result: R.self), args, throwing: E.self,
            isolation: isolation)
    }
}

/// The documented name of ``ManualStubConformer``.
public typealias StubConformer = ManualStubConformer
