/// The signature a decoded witness symbol gives on its own, with every type
/// resolved through the runtime where it can be, and the lowered parameter
/// list DWARF is expected to show.
struct SymbolSignature {
    /// One formal parameter as DWARF lists it (a tuple parameter is split into its elements).
    struct LoweredSlot {
        /// The index of the source parameter.
        var parameter: Int
        /// Whether this slot is the whole parameter (not an element of a tuple parameter).
        var isWholeParameter: Bool
        /// Whether DWARF's type for the slot can be compared (not a closure, not dependent).
        var comparable: Bool
        /// The slot's type as resolved from the symbol, if it resolved.
        var resolved: Any.Type?
    }

    let symbol: RequirementSymbol
    /// The signature, with unresolved parameter types left as their dependent spelling.
    private(set) var partial: RequirementSignature
    /// Why a parameter did not resolve.
    struct ParameterFailure {
        /// The parameter's index.
        var parameter: Int
        var message: String
    }

    /// Why each unresolved parameter did not resolve, in parameter order.
    ///
    /// A list, not a map by index: a dictionary keyed by `Int` made the
    /// runtime look up `Int: Hashable` through every conformance record of
    /// the process during a process's first `Stub` construction, where no
    /// other `Int`-keyed map is made (the metadata maps are keyed by `UInt64`).
    private(set) var parameterFailures: [ParameterFailure] = []
    private(set) var resultType: DiscoveryOutcome<SignatureType>
    /// The result as DWARF spells it: a tuple loses its labels in the lowered type.
    private(set) var loweredResultType: Any.Type?
    private(set) var thrownType: DiscoveryOutcome<ThrownError<SignatureType>>
    private(set) var loweredParameters: [LoweredSlot] = []

    init(symbol: RequirementSymbol, source: SignatureSource = .symbolTable) {
        self.symbol = symbol
        let function = symbol.functionType
        var parameters: [RequirementSignature.Parameter] = []
        var failures: [ParameterFailure] = []
        for (index, parameter) in function.parameters.enumerated() {
            let passed = parameter.isVariadic ? Self.array(of: parameter.type) : parameter.type
            let type: SignatureType
            switch Self.resolve(passed) {
            case .success(let resolved): type = resolved
            case .failure(let failure):
                failures.append(
                    ParameterFailure(parameter: index, message: "parameter \(index + 1): \(failure.message)"))
                type = .dependent(passed)
            }
            parameters.append(
                RequirementSignature.Parameter(
                    label: parameter.label, type: type, ownership: parameter.ownership,
                    isVariadic: parameter.isVariadic, demangledType: parameter.type))
        }
        parameterFailures = failures
        resultType = Self.resolve(function.result).mapError {
            DiscoveryFailure("result: \($0.message)")
        }
        if case .tuple(let elements) = function.result {
            let unlabeled = DemangledType.tuple(elements.map { DemangledTupleElement(type: $0.type) })
            loweredResultType = (try? Self.resolve(unlabeled).get())?.concreteType
        } else {
            loweredResultType = (try? resultType.get())?.concreteType
        }
        switch function.thrownError {
        case .none: thrownType = .success(.none)
        case .untyped: thrownType = .success(.untyped)
        case .typed(let error):
            thrownType = Self.resolve(error).map { .typed($0) }.mapError {
                DiscoveryFailure("thrown type: \($0.message)")
            }
        }
        partial = RequirementSignature(
            name: symbol.name, kind: symbol.kind, isSubscript: symbol.isSubscript, isStatic: symbol.isStatic,
            parameters: parameters, result: (try? resultType.get()) ?? .dependent(function.result),
            // An accessor's mangled type never says `async`; an async function
            // pointer in the witness table does, for accessors and methods alike.
            isAsync: function.isAsync || symbol.form == .asyncWitnessFunctionPointer,
            thrownType: (try? thrownType.get()) ?? .untyped,
            genericParameters: Self.genericParameters(function.genericSignature),
            associatedConformanceCount: Self.associatedConformanceCount(function.genericSignature), source: source,
            symbol: symbol)
        for (index, parameter) in function.parameters.enumerated() {
            if parameter.ownership != .inout, !parameter.isVariadic, case .tuple(let elements) = parameter.type {
                appendLowered(elements.map(\.type), parameter: index)
            } else {
                let passed = parameter.isVariadic ? Self.array(of: parameter.type) : parameter.type
                loweredParameters.append(
                    LoweredSlot(
                        parameter: index, isWholeParameter: true, comparable: Self.isComparable(passed),
                        resolved: parameters[index].type.concreteType))
            }
        }
    }

    private mutating func appendLowered(_ types: [DemangledType], parameter: Int) {
        for type in types {
            if case .tuple(let elements) = type {
                appendLowered(elements.map(\.type), parameter: parameter)
                continue
            }
            loweredParameters.append(
                LoweredSlot(
                    parameter: parameter, isWholeParameter: false, comparable: Self.isComparable(type),
                    resolved: (try? Self.resolve(type).get())?.concreteType))
        }
    }

    /// The whole signature, or the first type that did not resolve.
    func signature() -> DiscoveryOutcome<RequirementSignature> {
        if let first = parameterFailures.first {
            return .failure(DiscoveryFailure(first.message))
        }
        var signature = partial
        switch resultType {
        case .success(let result): signature.result = result
        case .failure(let failure): return .failure(failure)
        }
        switch thrownType {
        case .success(let thrown): signature.thrownType = thrown
        case .failure(let failure): return .failure(failure)
        }
        return .success(signature)
    }

    static func isComparable(_ type: DemangledType) -> Bool {
        if type.isDependent { return false }
        if case .function = type { return false }
        return true
    }

    static func array(of element: DemangledType) -> DemangledType {
        .nominal(
            DemangledNominalType(kind: .structure, name: "Array", parent: .module("Swift"), genericArguments: [element])
        )
    }

    static func resolve(_ type: DemangledType) -> DiscoveryOutcome<SignatureType> {
        if type.isDependent { return .success(.dependent(type)) }
        switch type.runtimeType() {
        case .success(let resolved): return .success(.concrete(resolved))
        case .failure(let failure): return .failure(DiscoveryFailure("\(failure.reason) (\(type))"))
        }
    }

    static func genericParameters(_ signature: DemangledGenericSignature?) -> [RequirementSignature.GenericParameter] {
        guard let signature else { return [] }
        let count = signature.parameterCounts.reduce(0, +)
        var parameters = (0..<count).map { RequirementSignature.GenericParameter(index: $0, conformances: []) }
        for requirement in signature.requirements {
            switch requirement {
            case .conformance(.genericParameter(let depth, let index), let proto)
            where depth >= 1
                && index < parameters.count:
                parameters[index].conformances.append(proto)
                if isClassBound(proto) { parameters[index].isClassBound = true }
            case .layout(.genericParameter(let depth, let index), _) where depth >= 1 && index < parameters.count,
                .superclass(.genericParameter(let depth, let index), _) where depth >= 1 && index < parameters.count:
                // Every layout constraint a method can spell (`AnyObject`) makes the values references.
                parameters[index].isClassBound = true
            case .layout(let subject, _), .superclass(let subject, _):
                if let index = memberBase(subject), index < parameters.count {
                    parameters[index].mayHaveClassBoundAssociatedTypes = true
                }
            case .conformance(let subject, let proto):
                if let index = memberBase(subject), index < parameters.count, isClassBound(proto) {
                    parameters[index].mayHaveClassBoundAssociatedTypes = true
                }
            default:
                continue
            }
        }
        for index in parameters.indices where !parameters[index].mayHaveClassBoundAssociatedTypes {
            parameters[index].mayHaveClassBoundAssociatedTypes = parameters[index].conformances.contains {
                // A marker protocol (`Sendable`) has no descriptor and constrains no layout.
                guard let descriptor = ProtocolDescriptor(named: $0) else { return !isMarkerProtocol($0) }
                return descriptor.mayConstrainAssociatedTypesToClasses()
            }
        }
        return parameters
    }

    /// The witness tables a caller passes for conformance requirements on
    /// associated types of the requirement's own generic parameters
    /// (`C.Element: Hashable`). The canonical signature orders requirements
    /// by subject, shorter first, so these follow every parameter's own tables.
    static func associatedConformanceCount(_ signature: DemangledGenericSignature?) -> Int {
        guard let signature else { return 0 }
        return signature.requirements.reduce(0) { count, requirement in
            guard case .conformance(let subject, let proto) = requirement, case .dependentMember = subject,
                memberBase(subject) != nil, !isMarkerProtocol(proto)
            else { return count }
            return count + 1
        }
    }

    /// Whether a protocol is a marker protocol (`Sendable`): its existential
    /// is found and lists no protocol and no class constraint.
    private static func isMarkerProtocol(_ proto: DemangledNominalType) -> Bool {
        let existential = DemangledType.existential(DemangledExistential(protocols: [proto]))
        guard let type = RuntimeTypeLookup.type(forMangledName: existential.mangledName),
            let metadata = try? ExistentialMetadata(TypeMetadata(type))
        else { return false }
        return metadata.protocols.isEmpty && !metadata.isClassConstrained
    }

    /// The index of the requirement generic parameter an associated type
    /// path starts from (`R` in `R.Response.ID`), nil for other subjects.
    private static func memberBase(_ type: DemangledType) -> Int? {
        switch type {
        case .dependentMember(let base, _, _): return memberBase(base)
        case .genericParameter(let depth, let index) where depth >= 1: return index
        default: return nil
        }
    }

    /// Whether a protocol is class-bound (`protocol P: AnyObject`), read
    /// from its existential's metadata; a protocol the runtime cannot find
    /// counts as class-bound, so its requirement is refused rather than misread.
    private static func isClassBound(_ proto: DemangledNominalType) -> Bool {
        let existential = DemangledType.existential(
            DemangledExistential(protocols: [proto]))
        guard let type = RuntimeTypeLookup.type(forMangledName: existential.mangledName),
            let metadata = try? ExistentialMetadata(TypeMetadata(type))
        else { return true }
        return metadata.isClassConstrained
    }
}
