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
        /// Whether the parameter is variadic (`T...`): one array, written as one argument per element.
        var isVariadic = false
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
    /// Whether the result is `[Self]` (then `result` is `[AnyObject]`: the
    /// witness returns one array whose elements are the conformance's values,
    /// each one reference, whatever the protocol).
    var resultIsSelfArray = false
    var thrown: ThrownShape = .none
    /// Whether the typed error is a bound associated type (`throws(Failure)`
    /// on `any P<Int, MyError>`): the witness then takes it through the
    /// caller's indirect error slot, whatever the concrete type's size.
    var thrownIsAbstract = false
    var isAsync: Bool
    /// Whether the requirement is `nonisolated(nonsending)` async: its
    /// caller passes its actor (two words) before the arguments, which the
    /// plan skips (`CallPlan.callerIsolation`) and a forwarded call keeps.
    var inheritsCallerIsolation = false
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
        if signature.inheritsCallerIsolation {
            try Self.checkCallerIsolation(of: signature, describe: describe)
        }
        name = signature.name
        kind = signature.kind
        isSubscript = signature.isSubscript
        isStatic = signature.isStatic
        isAsync = signature.isAsync
        inheritsCallerIsolation = signature.inheritsCallerIsolation
        let resolution = try Resolution(signature, binding: binding, describe: describe)
        genericParameterCount = signature.genericParameters.count
        genericWordCount = resolution.genericWordCount
        parameters = []
        for (index, parameter) in signature.parameters.enumerated() {
            var resolved = try resolution.parameter(parameter, at: index, describe: describe)
            // Every form: the matchers written inside an autoclosure run only when a recording pass calls it.
            resolved.isAutoclosure = Resolution.isAutoclosure(parameter)
            parameters.append(resolved)
        }
        try resolveResult(signature.result, resolution, describe: describe)
        (thrown, thrownIsAbstract) = try Self.thrownShape(signature.thrownType, resolution, describe: describe)
    }

    /// The template of a type that mentions the requirement's own generic parameters.
    static func template(
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
