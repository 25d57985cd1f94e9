import TestDoublesMetadata

extension Stub.Requirement {
    /// One generic parameter of a method requirement, for the factories that
    /// describe generic methods: `func decode<D: Decodable>(_: D.Type, from: Data) -> D`
    /// has one, constrained to `Decodable`.
    ///
    /// Each call passes the parameter's type, then one witness table per
    /// protocol it is constrained to, as hidden arguments: list every protocol
    /// of the declaration (`Sendable` and `AnyObject` pass none and may be left
    /// out), so the runtime finds the words that follow.
    public struct GenericParameter: Sendable {
        /// Witness tables each call passes for the parameter.
        let witnessTables: Int
        /// Why the constraints cannot be counted, if they cannot.
        let unresolved: String?

        /// A parameter without protocol constraints (`<T>`).
        public static var unconstrained: Self { Self(witnessTables: 0, unresolved: nil) }

        /// A parameter constrained to protocols (`<T: Codable & Sendable>`:
        /// `.conforming(to: (any Codable).self)`).
        ///
        /// - Parameter protocols: Existential types of the protocols, or compositions of them.
        /// - Returns: The parameter.
        public static func conforming(to protocols: Any.Type...) -> Self {
            var tables = 0
            for type in protocols where ObjectIdentifier(type) != ObjectIdentifier(AnyObject.self) {
                guard let descriptors = try? ProtocolDescriptor.protocols(of: type) else {
                    return Self(
                        witnessTables: 0,
                        unresolved: "a generic parameter's constraint \(String(reflecting: type)) is not a protocol")
                }
                tables += descriptors.filter { !ResolvedSignature.markerProtocols.contains($0.qualifiedName) }.count
            }
            return Self(witnessTables: tables, unresolved: nil)
        }
    }

    /// A generic method requirement from ``Value`` descriptions, where values
    /// may be the method's own generic parameters
    /// (``Value/methodGenericParameter(index:)``), bare or inside an optional,
    /// array, set, dictionary, `Result`, metatype or closure.
    ///
    /// ```swift
    /// // func decode<D: Decodable>(_ type: D.Type, from data: [UInt8]) throws -> D
    /// .method(
    ///     .metatype(of: .methodGenericParameter()), .concrete([UInt8].self),
    ///     returning: .methodGenericParameter(), generics: [.conforming(to: (any Decodable).self)],
    ///     isThrowing: true)
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The parameter values, in order.
    ///   - result: The result value.
    ///   - generics: The method's generic parameters, in declaration order.
    ///   - isThrowing: Whether the method throws.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method(
        _ arguments: Value..., returning result: Value, generics: [GenericParameter], isThrowing: Bool = false,
        isAsync: Bool = false
    ) -> Self {
        genericMethod(arguments, result, generics, thrown: isThrowing ? .untyped : .none, isAsync: isAsync)
    }

    /// A generic method requirement that throws a typed error, from ``Value``
    /// descriptions (see ``method(_:returning:generics:isThrowing:isAsync:)``).
    ///
    /// - Parameters:
    ///   - arguments: The parameter values, in order.
    ///   - result: The result value.
    ///   - generics: The method's generic parameters, in declaration order.
    ///   - error: The thrown error type.
    ///   - isAsync: Whether the method is `async`.
    /// - Returns: The requirement.
    public static func method<Failure: Error>(
        _ arguments: Value..., returning result: Value, generics: [GenericParameter], throwing error: Failure.Type,
        isAsync: Bool = false
    ) -> Self {
        genericMethod(arguments, result, generics, thrown: ThrownShape(Failure.self), isAsync: isAsync)
    }

    private static func genericMethod(
        _ arguments: [Value], _ result: Value, _ generics: [GenericParameter], thrown: ThrownShape, isAsync: Bool
    ) -> Self {
        var requirement = Self(
            name: "method(\(arguments.count))", kind: .method, parameters: arguments.map { $0.type ?? Void.self },
            result: result.type ?? Void.self, throwing: false, isAsync: isAsync, thrown: thrown,
            ownedParameters: Set(arguments.indices.filter { arguments[$0].isConsuming }))
        do throws(UnservedGenericType) {
            try requirement.signature.describeGenerics(arguments: arguments, result: result, generics: generics)
        } catch {
            requirement.unsupported = error.reason
        }
        return requirement
    }
}

extension ResolvedSignature {
    /// Protocols whose conformance passes no witness table.
    static let markerProtocols: Set<String> = [
        "Swift.Sendable", "Swift.Copyable", "Swift.Escapable", "Swift.BitwiseCopyable",
    ]

    /// Plans an explicit generic method's values: a bare generic parameter
    /// travels by address and is typed per call, a type mentioning one gets
    /// the ``GenericTemplate`` discovery would give it.
    ///
    /// - Throws: `UnservedGenericType` naming a value the runtime cannot serve.
    fileprivate mutating func describeGenerics<Subject>(
        arguments: [Stub<Subject>.Requirement.Value], result: Stub<Subject>.Requirement.Value,
        generics: [Stub<Subject>.Requirement.GenericParameter]
    ) throws(UnservedGenericType) {
        if let reason = generics.lazy.compactMap(\.unresolved).first { throw UnservedGenericType(reason: reason) }
        guard (1...4).contains(generics.count) else {
            throw UnservedGenericType(
                reason: "it lists \(generics.count) generic parameters; the runtime stub serves 1 to 4")
        }
        genericParameterCount = generics.count
        genericWordCount = generics.count + generics.reduce(0) { $0 + $1.witnessTables }
        func template(_ value: Stub<Subject>.Requirement.Value) throws(UnservedGenericType) -> GenericTemplate? {
            guard value.type == nil else { return nil }
            guard let type = value.template else {
                throw UnservedGenericType(
                    reason: "it names \(value.symbolic), which an explicit requirement cannot resolve to metadata")
            }
            guard type.namesOnlyRequirementGenerics(below: generics.count) else {
                throw UnservedGenericType(
                    reason: "\(value.symbolic) names a generic parameter the requirement does not list (it lists "
                        + "\(generics.count))")
            }
            return try GenericTemplate(type)
        }
        for (index, value) in arguments.enumerated() {
            guard let made = try template(value) else { continue }
            if case .genericParameter(1, let generic) = made.type {
                parameters[index].type = Any.self
                parameters[index].genericIndex = generic
            } else {
                parameters[index].type = made.representative
                parameters[index].isAbstract = made.travelsIndirectly
                parameters[index].genericTemplate = made
            }
        }
        if let made = try template(result) {
            if case .genericParameter(1, let generic) = made.type {
                self.result = Any.self
                genericResultIndex = generic
            } else {
                self.result = made.representative
                resultIsAbstract = made.travelsIndirectly
                genericResultTemplate = made
            }
        }
        unsupportedReason = nil
    }
}

extension DemangledType {
    /// Whether every generic parameter the type names is a method's own, below `count`.
    fileprivate func namesOnlyRequirementGenerics(below count: Int) -> Bool {
        switch self {
        case .genericParameter(let depth, let index): return depth == 1 && index < count
        case .nominal(let nominal):
            return nominal.genericArguments.allSatisfy { $0.namesOnlyRequirementGenerics(below: count) }
        case .metatype(let instance): return instance.namesOnlyRequirementGenerics(below: count)
        case .function(let function):
            return function.parameters.allSatisfy { $0.type.namesOnlyRequirementGenerics(below: count) }
                && function.result.namesOnlyRequirementGenerics(below: count)
        case .tuple(let elements): return elements.allSatisfy { $0.type.namesOnlyRequirementGenerics(below: count) }
        case .existential, .existentialMetatype, .dependentMember, .dynamicSelf: return false
        case .integer: return true
        }
    }
}
