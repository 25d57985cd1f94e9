import TestDoublesMetadata

extension Stub.Requirement {
    /// A method requirement from its parameter and result types.
    ///
    /// ```swift
    /// .method(String.self, Int.self, returning: Bool.self)     // func isEnabled(_: String, for: Int) -> Bool
    /// .method(returning: Void.self, isThrowing: true, isAsync: true)  // func sync() async throws
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The parameter types, in order.
    ///   - result: The result type (`Void.self` for none).
    ///   - isThrowing: Whether the method throws `any Error`.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result>(
        _ arguments: repeat (each Argument).Type, returning result: Result.Type, isThrowing: Bool = false,
        isAsync: Bool = false
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: isThrowing, isAsync: isAsync)
    }

    /// A method requirement that throws a typed error: `throws(Failure)`.
    ///
    /// - Parameters:
    ///   - arguments: The parameter types, in order.
    ///   - result: The result type.
    ///   - error: The thrown error type.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result, Failure: Error>(
        _ arguments: repeat (each Argument).Type, returning result: Result.Type, throwing error: Failure.Type,
        isAsync: Bool = false
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: true, isAsync: isAsync, thrown: ThrownShape(Failure.self))
    }

    /// A method requirement from its types, with the seed's reabstraction
    /// adapter. The runtime bridges closure parameters and results itself,
    /// so the adapter is accepted for source compatibility and not called.
    ///
    /// - Parameters:
    ///   - arguments: The parameter types, in order.
    ///   - result: The result type.
    ///   - isThrowing: Whether the method throws.
    ///   - isAsync: Whether the method is `async`.
    ///   - adapter: Not used.
    /// - Returns: The requirement.
    public static func method<each Argument, Result, Adapter>(
        _ arguments: repeat (each Argument).Type, returning result: Result.Type, isThrowing: Bool = false,
        isAsync: Bool = false, using adapter: Adapter
    ) -> Self {
        method(repeat each arguments, returning: result, isThrowing: isThrowing, isAsync: isAsync)
    }

    /// A typed-throwing method requirement with the seed's reabstraction
    /// adapter, which the runtime does not need (see
    /// ``method(_:returning:isThrowing:isAsync:using:)``).
    ///
    /// - Parameters:
    ///   - arguments: The parameter types, in order.
    ///   - result: The result type.
    ///   - error: The thrown error type.
    ///   - isAsync: Whether the method is `async`.
    ///   - adapter: Not used.
    /// - Returns: The requirement.
    public static func method<each Argument, Result, Failure: Error, Adapter>(
        _ arguments: repeat (each Argument).Type, returning result: Result.Type, throwing error: Failure.Type,
        isAsync: Bool = false, using adapter: Adapter
    ) -> Self {
        method(repeat each arguments, returning: result, throwing: error, isAsync: isAsync)
    }

    /// A method requirement from ``Value`` descriptions of its types.
    ///
    /// - Parameters:
    ///   - arguments: The parameter values, in order.
    ///   - result: The result value.
    ///   - isThrowing: Whether the method throws.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method(
        _ arguments: Value..., returning result: Value, isThrowing: Bool = false, isAsync: Bool = false
    ) -> Self {
        described(.method, arguments, result: result, thrown: isThrowing ? .untyped : .none, isAsync: isAsync)
    }

    /// A typed-throwing method requirement from ``Value`` descriptions.
    ///
    /// - Parameters:
    ///   - arguments: The parameter values, in order.
    ///   - result: The result value.
    ///   - error: The thrown error type.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method<Failure: Error>(
        _ arguments: Value..., returning result: Value, throwing error: Failure.Type, isAsync: Bool = false
    ) -> Self {
        described(.method, arguments, result: result, thrown: ThrownShape(Failure.self), isAsync: isAsync)
    }

    /// A method requirement that throws the protocol's associated error type.
    /// No metadata describes an unbound associated type, so construction
    /// throws a ``StubError`` naming it.
    ///
    /// - Parameters:
    ///   - arguments: The parameter values, in order.
    ///   - result: The result value.
    ///   - errorName: The associated error type's name.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method(
        _ arguments: Value..., returning result: Value, throwingAssociatedTypeNamed errorName: String,
        isAsync: Bool = false
    ) -> Self {
        var requirement = described(.method, arguments, result: result, thrown: .untyped, isAsync: isAsync)
        requirement.unsupported =
            requirement.unsupported ?? "it throws the associated type \(errorName), which has no metadata here"
        return requirement
    }

    /// An initializer requirement from its parameter types.
    ///
    /// A failable initializer (`init?`) returns `Self?`, which the runtime
    /// stub does not make; construction throws a ``StubError`` for it.
    ///
    /// - Parameters:
    ///   - arguments: The parameter types, in order.
    ///   - isFailable: Whether it is `init?`.
    ///   - isThrowing: Whether it throws.
    ///   - isAsync: Whether it is `async`.
    /// - Returns: The requirement.
    public static func initializer<each Argument>(
        _ arguments: repeat (each Argument).Type, isFailable: Bool = false, isThrowing: Bool = false,
        isAsync: Bool = false
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: "init(\(parameters.count))", kind: .initializer, parameters: parameters, result: nil,
            throwing: isThrowing, isAsync: isAsync, isStatic: true,
            unsupported: isFailable ? "it is a failable initializer (init?), whose Self? result is not made" : nil)
    }

    /// An initializer requirement from ``Value`` descriptions of its parameters.
    ///
    /// - Parameters:
    ///   - firstArgument: The first parameter value.
    ///   - additionalArguments: The other parameter values.
    ///   - isFailable: Whether it is `init?`.
    ///   - isThrowing: Whether it throws.
    ///   - isAsync: Whether it is `async`.
    /// - Returns: The requirement.
    public static func initializer(
        _ firstArgument: Value, _ additionalArguments: Value..., isFailable: Bool = false, isThrowing: Bool = false,
        isAsync: Bool = false
    ) -> Self {
        var requirement = described(
            .initializer, [firstArgument] + additionalArguments, result: nil,
            thrown: isThrowing ? .untyped : .none, isAsync: isAsync)
        if isFailable, requirement.unsupported == nil {
            requirement.unsupported = "it is a failable initializer (init?), whose Self? result is not made"
        }
        return requirement
    }

    /// A property getter requirement of type `Concrete`.
    ///
    /// - Parameters:
    ///   - value: The property's type.
    ///   - isThrowing: Whether the getter throws (`get throws`).
    ///   - isAsync: Whether the getter is `async`.
    /// - Returns: The requirement.
    public static func getter<Concrete>(
        _ value: Concrete.Type, isThrowing: Bool = false, isAsync: Bool = false
    ) -> Self {
        Self(
            name: "getter(\(String(reflecting: Concrete.self)))", kind: .getter, parameters: [],
            result: Concrete.self, throwing: isThrowing, isAsync: isAsync)
    }

    /// A property getter requirement with the seed's adapter, which the
    /// runtime does not need.
    ///
    /// - Parameters:
    ///   - value: The property's type.
    ///   - isThrowing: Whether the getter throws.
    ///   - adapter: Not used.
    /// - Returns: The requirement.
    public static func getter<Concrete, Adapter>(
        _ value: Concrete.Type, isThrowing: Bool = false, using adapter: Adapter
    ) -> Self {
        getter(value, isThrowing: isThrowing)
    }

    /// A property getter requirement from a ``Value``.
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - isThrowing: Whether the getter throws.
    ///   - isAsync: Whether the getter is `async`.
    /// - Returns: The requirement.
    public static func getter(_ value: Value, isThrowing: Bool = false, isAsync: Bool = false) -> Self {
        described(.getter, [], result: value, thrown: isThrowing ? .untyped : .none, isAsync: isAsync)
    }

    /// A subscript getter requirement from its index and result types.
    ///
    /// - Parameters:
    ///   - indices: The index types, in order.
    ///   - result: The element type.
    ///   - isThrowing: Whether the getter throws.
    ///   - isAsync: Whether the getter is `async`.
    /// - Returns: The requirement.
    public static func subscriptGetter<each Index, Result>(
        indexedBy indices: repeat (each Index).Type, returning result: Result.Type, isThrowing: Bool = false,
        isAsync: Bool = false
    ) -> Self {
        let parameters = types(repeat (each Index).self)
        return Self(
            name: "subscript(\(parameters.count))", kind: .getter, parameters: parameters, result: Result.self,
            throwing: isThrowing, isAsync: isAsync, isSubscript: true)
    }

    /// A subscript getter requirement with the seed's adapter, which the
    /// runtime does not need.
    ///
    /// - Parameters:
    ///   - indices: The index types, in order.
    ///   - result: The element type.
    ///   - isThrowing: Whether the getter throws.
    ///   - adapter: Not used.
    /// - Returns: The requirement.
    public static func subscriptGetter<each Index, Result, Adapter>(
        indexedBy indices: repeat (each Index).Type, returning result: Result.Type, isThrowing: Bool = false,
        using adapter: Adapter
    ) -> Self {
        subscriptGetter(indexedBy: repeat each indices, returning: result, isThrowing: isThrowing)
    }

    /// A subscript getter requirement from ``Value`` descriptions.
    ///
    /// - Parameters:
    ///   - indices: The index values, in order.
    ///   - result: The element value.
    ///   - isThrowing: Whether the getter throws.
    ///   - isAsync: Whether the getter is `async`.
    /// - Returns: The requirement.
    public static func subscriptGetter(
        indexedBy indices: Value..., returning result: Value, isThrowing: Bool = false, isAsync: Bool = false
    ) -> Self {
        var requirement = described(
            .getter, indices, result: result, thrown: isThrowing ? .untyped : .none, isAsync: isAsync)
        requirement.signature.isSubscript = true
        return requirement
    }

    /// A property setter requirement of type `Concrete`.
    ///
    /// - Parameter value: The property's type.
    /// - Returns: The requirement.
    public static func setter<Concrete>(_ value: Concrete.Type) -> Self {
        Self(
            name: "setter(\(String(reflecting: Concrete.self)))", kind: .setter, parameters: [Concrete.self],
            result: Void.self, throwing: false, isAsync: false)
    }

    /// A property setter requirement from a ``Value``.
    ///
    /// - Parameter value: The property's value.
    /// - Returns: The requirement.
    public static func setter(_ value: Value) -> Self {
        described(.setter, [value], result: .concrete(Void.self), thrown: .none, isAsync: false)
    }

    /// A subscript setter requirement from its index and assigned types.
    ///
    /// - Parameters:
    ///   - indices: The index types, in order.
    ///   - value: The assigned element type.
    /// - Returns: The requirement.
    public static func subscriptSetter<each Index, AssignedValue>(
        indexedBy indices: repeat (each Index).Type, assigning value: AssignedValue.Type
    ) -> Self {
        let parameters = [AssignedValue.self] + types(repeat (each Index).self)
        return Self(
            name: "subscript(\(parameters.count - 1))", kind: .setter, parameters: parameters, result: Void.self,
            throwing: false, isAsync: false, isSubscript: true)
    }

    /// A subscript setter requirement from ``Value`` descriptions.
    ///
    /// - Parameters:
    ///   - indices: The index values, in order.
    ///   - value: The assigned element value.
    /// - Returns: The requirement.
    public static func subscriptSetter(indexedBy indices: Value..., assigning value: Value) -> Self {
        var requirement = described(
            .setter, [value] + indices, result: .concrete(Void.self), thrown: .none, isAsync: false)
        requirement.signature.isSubscript = true
        return requirement
    }

    /// A requirement from ``Value`` descriptions; a value without metadata
    /// makes it unsupported (construction throws, naming the value).
    private static func described(
        _ kind: RequirementKind, _ arguments: [Value], result: Value?, thrown: ThrownShape, isAsync: Bool
    ) -> Self {
        let values = arguments + (result.map { [$0] } ?? [])
        let missing = values.filter { $0.type == nil }.map(\.symbolic)
        let name: String
        switch kind {
        case .initializer: name = "init(\(arguments.count))"
        case .getter, .setter: name = "\(kind)(\(arguments.count))"
        default: name = "method(\(arguments.count))"
        }
        return Self(
            name: name, kind: kind, parameters: arguments.map { $0.type ?? Void.self },
            result: kind == .initializer ? nil : (result?.type ?? Void.self), throwing: false, isAsync: isAsync,
            isStatic: kind == .initializer, thrown: thrown,
            ownedParameters: Set(arguments.indices.filter { arguments[$0].isConsuming }),
            unsupported: missing.isEmpty
                ? nil
                : "it names \(missing.joined(separator: ", ")), which an explicit requirement cannot resolve to "
                    + "metadata"
                    + (values.contains { $0.template != nil }
                        ? " without the method's generic parameters (list them: .method(_:returning:generics:))" : ""))
    }
}
