import TestDoublesMetadata
import TestDoublesTrampolines

extension ResolvedSignature {
    /// What resolving one requirement's types needs beside each type: the
    /// requirement's own generic parameters, the associated types the
    /// existential binds, and who owns an argument by default.
    struct Resolution {
        /// Metadata's signature of the requirement.
        let signature: RequirementSignature
        /// The associated types the existential binds, if any.
        let binding: AssociatedTypeBinding?
        /// The number of the requirement's own generic parameters.
        let genericCount: Int
        /// Whether an argument without an ownership modifier is owned by the
        /// callee (initializers and setters) rather than borrowed.
        let ownsByDefault: Bool

        /// Checks that the requirement's generic parameters are ones the
        /// runtime stub reads by address.
        ///
        /// - Throws: `StubError` when a generic parameter is constrained to classes.
        init(
            _ signature: RequirementSignature, binding: AssociatedTypeBinding?,
            describe: (String, String) -> StubError
        ) throws(StubError) {
            if let classBound = signature.genericParameters.first(where: \.isClassBound) {
                throw describe(
                    "its generic parameter T\(classBound.index + 1) is constrained to classes, so the witness passes "
                        + "its values as references, not by address as the runtime stub reads a method's generic values",
                    "use ManualStub (a hand-written or doubles-gen conformer)")
            }
            self.signature = signature
            self.binding = binding
            genericCount = signature.genericParameters.count
            ownsByDefault = signature.kind == .initializer || signature.kind == .setter
        }

        /// Hidden words of the requirement's own generic parameters: one
        /// metadata word per parameter, then one witness table per protocol
        /// constraint that is not a marker protocol, then the associated conformances.
        var genericWordCount: Int {
            let markerProtocols = ResolvedSignature.markerProtocols
            return genericCount
                + signature.genericParameters.reduce(0) { count, parameter in
                    count + parameter.conformances.filter { !markerProtocols.contains($0.qualifiedName) }.count
                } + signature.associatedConformanceCount
        }

        /// The index of a requirement-level generic parameter the type is exactly, if it is one.
        func genericIndex(_ type: DemangledType) -> Int? {
            guard case .genericParameter(let depth, let index) = type, depth >= 1, index < genericCount else {
                return nil
            }
            return index
        }

        /// Whether `type` mentions the requirement's own generic parameters
        /// and no bound associated type (it then travels as a template).
        func isGenericTemplate(_ type: DemangledType) -> Bool {
            genericCount > 0 && type.mentionsRequirementGenerics && !(binding?.isMentioned(in: type) ?? false)
        }

        /// The resolved type, when the dependent type mentions the bound associated type.
        func bound(
            _ type: DemangledType, what: String, describe: (String, String) -> StubError
        ) throws(StubError) -> BoundTypeResolution? {
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

        /// The ownership of a parameter that is not `inout`.
        func ownership(_ declared: RequirementSignature.Parameter) -> ArgumentOwnership {
            declared.ownership == .owned || (declared.ownership == .default && ownsByDefault) ? .owned : .borrowed
        }

        /// Resolves one parameter: a generic parameter of the method, a type
        /// mentioning one, a bound associated type, `Self` in one of its
        /// forms, or a concrete type.
        ///
        /// - Throws: `StubError` for a form the runtime stub does not serve.
        func parameter(
            _ parameter: RequirementSignature.Parameter, at index: Int, describe: (String, String) -> StubError
        ) throws(StubError) -> Parameter {
            if case .dependent(let dependent) = parameter.type {
                if let generic = genericIndex(dependent), parameter.ownership != .inout {
                    return Parameter(
                        type: Any.self, ownership: ownership(parameter), isInout: false, genericIndex: generic)
                }
                if isGenericTemplate(dependent) {
                    let spelled = GenericTemplate.spelling(of: dependent)
                    guard parameter.ownership != .inout else {
                        throw describe(
                            "parameter \(index + 1) is an inout \(spelled), which the runtime stub does not write "
                                + "back for a generic parameter of the method", "use ManualStub")
                    }
                    let template = try ResolvedSignature.template(
                        dependent, what: "parameter \(index + 1)", signature.genericParameters, describe)
                    return Parameter(
                        type: template.representative, ownership: ownership(parameter), isInout: false,
                        isAbstract: template.travelsIndirectly, genericTemplate: template)
                }
                if let resolved = try bound(dependent, what: "parameter \(index + 1)", describe: describe) {
                    guard parameter.ownership != .inout else {
                        throw describe(
                            "parameter \(index + 1) is an inout \(GenericTemplate.spelling(of: dependent)), which the "
                                + "runtime stub does not serve for a bound associated type", "use ManualStub")
                    }
                    return Parameter(
                        type: resolved.type, ownership: ownership(parameter), isInout: false,
                        isAbstract: resolved.travelsIndirectly, boundClosureAbstraction: resolved.abstraction)
                }
                if var form = SelfArgument.Form(dependent) {
                    if parameter.ownership == .inout {
                        guard form == .value else {
                            throw describe(
                                "parameter \(index + 1) is an inout \(form.spelling), which the "
                                    + "runtime stub does not write back (it writes back an inout Self)",
                                "use ManualStub (a hand-written or doubles-gen conformer)")
                        }
                        form = .inout
                    }
                    return Parameter(
                        type: AnyObject.self, ownership: ownership(parameter), isInout: form == .inout,
                        selfForm: form)
                }
            }
            guard let type = parameter.type.concreteType else {
                let spelled = GenericTemplate.readable(parameter.type.description)
                if let binding {
                    throw describe(
                        "parameter \(index + 1) has type \(spelled), which depends on Self or an associated type "
                            + "other than \(binding.nameList)",
                        "use ManualStub with a conformer that binds the associated type")
                }
                throw describe(
                    "parameter \(index + 1) has type \(spelled), which depends on Self or an associated type the "
                        + "existential does not bind",
                    "bind the associated type (any P<T>) if it is primary, or use ManualStub")
            }
            let isInout = parameter.ownership == .inout
            var resolved = Parameter(
                type: type, ownership: isInout ? .borrowed : ownership(parameter), isInout: isInout)
            resolved.isVariadic = parameter.isVariadic
            return resolved
        }

        /// Whether the parameter is an `@autoclosure`, whatever its result:
        /// a concrete type, a generic parameter of the method
        /// (`@autoclosure () -> Instant`) or a bound associated type.
        static func isAutoclosure(_ parameter: RequirementSignature.Parameter) -> Bool {
            guard case .function(let function) = parameter.demangledType else { return false }
            return [.autoclosure, .escapingAutoclosure].contains(function.representation)
        }
    }

    /// Resolves the result: a concrete type, a generic parameter of the
    /// method or a type mentioning one, a bound associated type, `Self` or
    /// `Self?` (then `result` stays `nil`), or `[Self]` (`resultIsSelfArray`).
    ///
    /// - Throws: `StubError` for a type depending on an unbound associated
    ///   type, or on `Self` inside another type than `Optional` and `Array`.
    mutating func resolveResult(
        _ declared: SignatureType, _ resolution: Resolution, describe: (String, String) -> StubError
    ) throws(StubError) {
        let type: DemangledType
        switch declared {
        case .concrete(let concrete):
            result = concrete
            return
        case .dependent(let dependent):
            type = dependent
        }
        if let generic = resolution.genericIndex(type) {
            result = Any.self
            genericResultIndex = generic
        } else if resolution.isGenericTemplate(type) {
            let template = try Self.template(
                type, what: "the result", resolution.signature.genericParameters, describe)
            result = template.representative
            genericResultTemplate = template
            resultIsAbstract = template.travelsIndirectly
        } else if let resolved = try resolution.bound(type, what: "the result", describe: describe) {
            result = resolved.type
            resultIsAbstract = resolved.travelsIndirectly
            resultBoundClosureAbstraction = resolved.abstraction
            resultMentionsBinding = true
            resultIsErased = !(resolution.binding?.callerBound.isEmpty ?? true)
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
            // One array reference whose elements are the conformance's values. A caller holding the
            // existential casts each element to it, which a fabricated value passes: its class has the
            // conformance's record (`PayloadClass`).
            result = [AnyObject].self
            resultIsSelfArray = true
        } else if let binding = resolution.binding {
            throw describe(
                "its result type \(GenericTemplate.spelling(of: type)) depends on Self or an associated type "
                    + "other than \(binding.nameList)",
                "use ManualStub with a conformer that binds the associated type")
        } else {
            throw describe(
                "its result type \(GenericTemplate.spelling(of: type)) depends on Self (inside another type) or "
                    + "an associated type the existential does not bind",
                "bind the associated type (any P<T>) if it is primary, or use ManualStub")
        }
    }

    /// What the requirement throws, with a typed error's concrete type.
    ///
    /// - Throws: `StubError` when the thrown type is not concrete (a generic
    ///   parameter of the method, or a type depending on `Self` or an associated type).
    static func thrownShape(
        _ declared: ThrownError<SignatureType>, _ resolution: Resolution, describe: (String, String) -> StubError
    ) throws(StubError) -> (shape: ThrownShape, isAbstract: Bool) {
        switch declared {
        case .none: return (.none, false)
        case .untyped: return (.untyped, false)
        case .typed(let error):
            if let type = error.concreteType, let errorType = type as? any Error.Type {
                return (.typed(errorType), false)
            }
            let spelled = GenericTemplate.readable(error.description)
            if case .dependent(let dependent) = error {
                if dependent.mentionsRequirementGenerics {
                    throw describe(
                        "it throws \(spelled), a generic parameter of the method, whose type and size each call "
                            + "chooses; the runtime stub places a typed error only of a concrete type",
                        "use ManualStub (a hand-written or doubles-gen conformer)")
                }
                // `throws(Failure)` of a bound associated type: the witness is generic over the
                // conformance, so the error travels in its abstract form, through the caller's
                // indirect error slot, whatever its concrete size.
                if let bound = try resolution.bound(dependent, what: "the thrown error", describe: describe),
                    bound.travelsIndirectly, let errorType = bound.type as? any Error.Type
                {
                    return (.typed(errorType), true)
                }
            }
            throw describe(
                "it throws \(spelled), which is not a concrete error type (it depends on Self or an associated type "
                    + "the existential does not bind to an error type)",
                "bind the associated type (any P<T, MyError>) if it is primary, or use ManualStub (a hand-written or "
                    + "doubles-gen conformer)")
        }
    }
}
