import TestDoublesMetadata
import TestDoublesTrampolines

/// A requirement's signature with every type resolved to runtime metadata:
/// what discovery found (or an explicit requirement said), ready to plan.
struct ResolvedSignature: @unchecked Sendable {
    /// One parameter as the call passes it.
    struct Parameter: @unchecked Sendable {
        var type: Any.Type
        var ownership: ArgumentOwnership
        var isInout: Bool
        /// The requirement's own generic parameter this parameter's type is
        /// (its type is then known per call, from the hidden metadata word).
        var genericIndex: Int? = nil
        /// Whether the type's layout depends on the existential's bound
        /// associated type (`Element`, `Element?`) or on the requirement's
        /// own generic parameter (`T?`): the value then travels indirectly,
        /// as every address-only value does.
        var isAbstract = false
        /// The type when it mentions the requirement's own generic parameter
        /// inside another type (`[T]`, `T?`); `type` is then its representative.
        var genericTemplate: GenericTemplate? = nil
        /// For a closure type that mentions the existential's bound associated
        /// type: its parts that travel by address.
        var boundClosureAbstraction: FunctionAbstraction? = nil
        /// How the parameter holds `Self` (`Self`, `Self?`, `[Self]`, `inout Self`), if it does.
        var selfForm: SelfArgument.Form? = nil
        /// Whether the parameter is an `@autoclosure` (its expression runs only when the closure is called).
        var isAutoclosure = false
    }

    /// The name as `#function` spells it: `isEnabled(_:for:)`, `count`, `subscript(_:)`.
    var name: String
    /// The call shape of the requirement (Metadata's `RequirementKind`).
    var kind: RequirementKind
    var isSubscript: Bool
    var isStatic: Bool
    /// Parameters in call order (setters: the new value first, then the indices).
    var parameters: [Parameter]
    /// The result type; nil when it is `Self` (initializers, `-> Self`) or `Self?`.
    var result: Any.Type?
    /// Whether the result is `Self?` (then `result` is nil).
    var resultIsOptionalSelf = false
    var thrown: ThrownShape
    var isAsync: Bool
    /// The requirement's own generic parameter the result is, if any.
    var genericResultIndex: Int? = nil
    /// The result type when it mentions the requirement's own generic parameter inside another type.
    var genericResultTemplate: GenericTemplate? = nil
    /// Whether the result's layout depends on the existential's bound associated type (returned indirectly).
    var resultIsAbstract = false
    /// For a closure result that mentions the bound associated type: its parts that travel by address.
    var resultBoundClosureAbstraction: FunctionAbstraction? = nil
    /// Whether the result's type mentions the bound associated type at all (`Element`, `[Element]`).
    var resultMentionsBinding = false
    /// Whether the result mentions an associated type the caller bound
    /// (`Stub(associatedTypes:)`): callers see it erased to its upper bound,
    /// so configured values are checked against the bound type.
    var resultIsErased = false
    /// Hidden words of the requirement's own generic parameters: one metadata
    /// word per parameter, then one witness table per protocol constraint.
    var genericWordCount = 0
    /// The number of the requirement's own generic parameters.
    var genericParameterCount = 0
    /// Why an explicit requirement cannot be served as described (it names
    /// something without metadata); construction throws it.
    var unsupportedReason: String? = nil
}

extension ResolvedSignature {
    /// Resolves a discovered signature.
    ///
    /// - Parameters:
    ///   - signature: Metadata's signature of the requirement.
    ///   - binding: The associated type the existential binds (`Self.name`
    ///     and the standard wrappers around it resolve through it), if any.
    ///   - describe: Makes the error for an unsupported part.
    /// - Throws: `StubError` when a type depends on `Self`, an unbound
    ///   associated type or a generic parameter, or the requirement is generic.
    init(
        _ signature: RequirementSignature, binding: AssociatedTypeBinding? = nil,
        fail describe: (String, String) -> StubError
    ) throws(StubError) {
        name = signature.name.description
        kind = signature.kind
        isSubscript = signature.isSubscript
        isStatic = signature.isStatic
        isAsync = signature.isAsync
        let genericCount = signature.genericParameters.count
        genericParameterCount = genericCount
        if let classBound = signature.genericParameters.first(where: \.isClassBound) {
            throw describe(
                "its generic parameter T\(classBound.index + 1) is constrained to classes, so the witness passes its "
                    + "values as references, not by address as the runtime stub reads a method's generic values",
                "use ManualStub (a hand-written or doubles-gen conformer)")
        }
        let markerProtocols = Self.markerProtocols
        genericWordCount =
            genericCount
            + signature.genericParameters.reduce(0) { count, parameter in
                count + parameter.conformances.filter { !markerProtocols.contains($0.qualifiedName) }.count
            } + signature.associatedConformanceCount
        /// The index of a requirement-level generic parameter the type is exactly, if it is one.
        func genericIndex(_ type: DemangledType) -> Int? {
            guard case .genericParameter(let depth, let index) = type, depth >= 1, index < genericCount else {
                return nil
            }
            return index
        }
        /// The resolved type, when the dependent type mentions the bound associated type.
        func bound(_ type: DemangledType, what: String) throws(StubError) -> BoundTypeResolution? {
            guard let binding, binding.isMentioned(in: type) else { return nil }
            do {
                return try binding.resolve(type)
            } catch {
                throw describe(
                    "\(what) has type \(GenericTemplate.spelling(of: type)); the runtime stub serves the bound "
                        + "associated types \(binding.nameList) "
                        + "as a whole type, inside generic types (Optional, Array, Dictionary, Result, AsyncStream, "
                        + "the app's own), or as a closure's parameter or result "
                        + "(\(GenericTemplate.readable(error.reason)))",
                    "use ManualStub with a conformer that binds the associated type")
            }
        }
        let ownsByDefault = kind == .initializer || kind == .setter
        parameters = []
        for (index, parameter) in signature.parameters.enumerated() {
            if case .dependent(let dependent) = parameter.type, let generic = genericIndex(dependent),
                parameter.ownership != .inout
            {
                let ownership: ArgumentOwnership =
                    parameter.ownership == .owned || (parameter.ownership == .default && ownsByDefault)
                    ? .owned : .borrowed
                parameters.append(
                    Parameter(type: Any.self, ownership: ownership, isInout: false, genericIndex: generic))
                continue
            }
            if case .dependent(let dependent) = parameter.type, genericCount > 0,
                dependent.mentionsRequirementGenerics, !(binding?.isMentioned(in: dependent) ?? false)
            {
                let spelled = GenericTemplate.spelling(of: dependent)
                guard parameter.ownership != .inout else {
                    throw describe(
                        "parameter \(index + 1) is an inout \(spelled), which the runtime stub does not write back for "
                            + "a generic parameter of the method", "use ManualStub")
                }
                let template = try Self.template(
                    dependent, what: "parameter \(index + 1)", signature.genericParameters, describe)
                let ownership: ArgumentOwnership =
                    parameter.ownership == .owned || (parameter.ownership == .default && ownsByDefault)
                    ? .owned : .borrowed
                parameters.append(
                    Parameter(
                        type: template.representative, ownership: ownership, isInout: false,
                        isAbstract: template.travelsIndirectly, genericTemplate: template))
                continue
            }
            if case .dependent(let dependent) = parameter.type,
                let resolved = try bound(dependent, what: "parameter \(index + 1)")
            {
                guard parameter.ownership != .inout else {
                    throw describe(
                        "parameter \(index + 1) is an inout \(GenericTemplate.spelling(of: dependent)), which the "
                            + "runtime stub does not serve for "
                            + "a bound associated type", "use ManualStub")
                }
                let ownership: ArgumentOwnership =
                    parameter.ownership == .owned || (parameter.ownership == .default && ownsByDefault)
                    ? .owned : .borrowed
                parameters.append(
                    Parameter(
                        type: resolved.type, ownership: ownership, isInout: false,
                        isAbstract: resolved.travelsIndirectly, boundClosureAbstraction: resolved.abstraction))
                continue
            }
            if case .dependent(let dependent) = parameter.type, var form = SelfArgument.Form(dependent) {
                if parameter.ownership == .inout {
                    guard form == .value else {
                        throw describe(
                            "parameter \(index + 1) is an inout \(form.spelling), which the "
                                + "runtime stub does not write back (it writes back an inout Self)",
                            "use ManualStub (a hand-written or doubles-gen conformer)")
                    }
                    form = .inout
                }
                let ownership: ArgumentOwnership =
                    parameter.ownership == .owned || (parameter.ownership == .default && ownsByDefault)
                    ? .owned : .borrowed
                parameters.append(
                    Parameter(
                        type: AnyObject.self, ownership: ownership, isInout: form == .inout, selfForm: form))
                continue
            }
            guard let type = parameter.type.concreteType else {
                if let binding {
                    throw describe(
                        "parameter \(index + 1) has type \(GenericTemplate.readable(parameter.type.description)), which "
                            + "depends on Self or an associated type other than \(binding.nameList)",
                        "use ManualStub with a conformer that binds the associated type")
                }
                throw describe(
                    "parameter \(index + 1) has type \(GenericTemplate.readable(parameter.type.description)), which "
                        + "depends on Self or an associated type the existential does not bind",
                    "bind the associated type (any P<T>) if it is primary, or use ManualStub")
            }
            let ownership: ArgumentOwnership
            switch parameter.ownership {
            case .owned: ownership = .owned
            case .shared, .inout: ownership = .borrowed
            case .default: ownership = ownsByDefault ? .owned : .borrowed
            }
            var resolved = Parameter(type: type, ownership: ownership, isInout: parameter.ownership == .inout)
            if case .function(let function) = parameter.demangledType {
                resolved.isAutoclosure = [.autoclosure, .escapingAutoclosure].contains(function.representation)
            }
            parameters.append(resolved)
        }
        switch signature.result {
        case .concrete(let type):
            result = type
        case .dependent(let type):
            if let generic = genericIndex(type) {
                result = Any.self
                genericResultIndex = generic
            } else if genericCount > 0, type.mentionsRequirementGenerics, !(binding?.isMentioned(in: type) ?? false) {
                let template = try Self.template(type, what: "the result", signature.genericParameters, describe)
                result = template.representative
                genericResultTemplate = template
                resultIsAbstract = template.travelsIndirectly
            } else if let resolved = try bound(type, what: "the result") {
                result = resolved.type
                resultIsAbstract = resolved.travelsIndirectly
                resultBoundClosureAbstraction = resolved.abstraction
                resultMentionsBinding = true
                resultIsErased = !(binding?.callerBound.isEmpty ?? true)
            } else if case .nominal(let optional) = type, case .module("Swift") = optional.parent,
                optional.name == "Optional", optional.genericArguments.count == 1,
                kind == .initializer || Self.isSelf(optional.genericArguments[0])
            {
                // `-> Self?`, or a failable initializer (`init?`), whose witness may name the conformer's type.
                result = nil
                resultIsOptionalSelf = true
            } else if kind == .initializer || Self.isSelf(type) {
                result = nil
            } else if SelfArgument.Form(type) == .array {
                throw describe(
                    "its result type is [Self]: a caller holding the protocol as an existential converts that array "
                        + "to an array of the existential with a dynamic cast of each element, which a fabricated value "
                        + "cannot pass (it has no conformance record), so the caller would stop",
                    "use ManualStub (a hand-written or doubles-gen conformer)")
            } else if let binding {
                throw describe(
                    "its result type \(GenericTemplate.spelling(of: type)) depends on Self or an associated type "
                        + "other than \(binding.nameList)",
                    "use ManualStub with a conformer that binds the associated type"
                )
            } else {
                throw describe(
                    "its result type \(GenericTemplate.spelling(of: type)) depends on Self (inside another type) or "
                        + "an associated type the existential does not bind",
                    "bind the associated type (any P<T>) if it is primary, or use ManualStub")
            }
        }
        switch signature.thrownType {
        case .none: thrown = .none
        case .untyped: thrown = .untyped
        case .typed(let error):
            guard let type = error.concreteType, let errorType = type as? any Error.Type else {
                let spelled = GenericTemplate.readable(error.description)
                if case .dependent(let dependent) = error, dependent.mentionsRequirementGenerics {
                    throw describe(
                        "it throws \(spelled), a generic parameter of the method, whose type and size each call "
                            + "chooses; the runtime stub places a typed error only of a concrete type",
                        "use ManualStub (a hand-written or doubles-gen conformer)")
                }
                throw describe(
                    "it throws \(spelled), which is not a concrete error type (it depends on Self or an "
                        + "associated type)", "use ManualStub (a hand-written or doubles-gen conformer)")
            }
            thrown = .typed(errorType)
        }
    }

    /// The template of a type that mentions the requirement's own generic parameters.
    private static func template(
        _ type: DemangledType, what: String, _ parameters: [RequirementSignature.GenericParameter],
        _ describe: (String, String) -> StubError
    ) throws(StubError) -> GenericTemplate {
        do {
            return try GenericTemplate(type, parameters: parameters)
        } catch {
            throw describe(
                "\(what) has type \(GenericTemplate.spelling(of: type)), which mentions a generic parameter of the "
                    + "method: \(error.reason)", "use ManualStub (a hand-written or doubles-gen conformer)")
        }
    }

    /// Whether a dependent type is `Self` itself (dynamic Self or the protocol's generic parameter 0).
    static func isSelf(_ type: DemangledType) -> Bool {
        switch type {
        case .genericParameter(depth: 0, index: 0): return true
        case .dynamicSelf: return true
        default: return false
        }
    }
}
