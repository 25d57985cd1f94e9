import TestDoublesMetadata
import TestDoublesTrampolines

/// A requirement type that mentions the requirement's own generic
/// parameters inside another type (`T?`, `[T]`, `[String: T]`, `Set<T>`,
/// `T.Type`, `Result<T, E>`, `(Result<T, Error>) -> Void`, a generic type of
/// the app's such as `Endpoint<T>`, ``GenericWrapper``): how the witness
/// passes it, fixed at construction, and the concrete type it denotes for
/// one call, once the call's hidden metadata words name the generic types.
struct GenericTemplate: @unchecked Sendable {
    /// The dependent type.
    let type: DemangledType
    /// Whether the witness passes it by address: its layout depends on a
    /// generic parameter (`T?`, `Result<T, E>`, `Key<T>` storing a `T`), so
    /// its abstract form is address-only. Containers whose layout does not
    /// (`[T]`, `Set<T>`, `[K: T]`), metatypes (`T.Type`, one thick word),
    /// closures and generic types holding `T` only through a reference or as
    /// a phantom (``GenericWrapper``) travel directly, as their concrete types do.
    let travelsIndirectly: Bool
    /// For a closure type (or an optional of one): its parts that travel by
    /// address whatever the call's types are.
    let abstraction: FunctionAbstraction?
    /// The type with every generic parameter replaced by a class: it travels
    /// as every call's concrete type does (metatypes thick), so it is what
    /// the witness convention is planned with.
    let representative: Any.Type
    /// The associated types of generic parameters the type mentions
    /// (`R.Response`), in order of first appearance.
    let members: [GenericMember]

    /// Reads a dependent type that mentions the requirement's own generic parameters.
    ///
    /// - Parameters:
    ///   - type: The dependent type.
    ///   - parameters: The requirement's generic parameters, as its signature constrains them.
    /// - Throws: `UnservedGenericType` naming the part outside what the runtime stub serves.
    init(
        _ type: DemangledType, parameters: [RequirementSignature.GenericParameter] = []
    ) throws(UnservedGenericType) {
        self.type = type
        members = try GenericMember.members(of: type, parameters: parameters)
        travelsIndirectly = try Self.travelsIndirectly(type)
        abstraction = try Self.abstraction(of: type)
        let representatives = Array(repeating: GenericStandIn.self as Any.Type, count: 4)
        // An associated type travels by address wherever it appears, as a bare
        // generic parameter does: the representative stands for both.
        let planned = type.replacing { part in
            guard case .dependentMember = part, part.mentionsRequirementGenerics else { return nil }
            return .genericParameter(depth: 1, index: 0)
        }
        guard let representative = planned.resolved(requirementGenerics: representatives) else {
            throw UnservedGenericType(
                reason: "\(GenericTemplate.spelling(of: type)) cannot be built by the runtime from its generic "
                    + "parameters (a constraint other than Hashable, Comparable, Codable or Error, a private or local "
                    + "type, or a type that also depends on Self)")
        }
        self.representative = representative
    }

    /// The concrete type for one call whose generic parameters are `generics`.
    func resolve(_ generics: [Any.Type]) -> Any.Type? {
        guard !members.isEmpty else { return type.resolved(requirementGenerics: generics) }
        // Each associated type joins the generic arguments as one more parameter.
        var arguments = generics
        for member in members {
            guard let bound = member.resolve(generics) else { return nil }
            arguments.append(bound)
        }
        let rewritten = type.replacing { part in
            guard let position = members.firstIndex(where: { $0.type == part }) else { return nil }
            return .genericParameter(depth: 1, index: generics.count + position)
        }
        return rewritten.resolved(requirementGenerics: arguments)
    }

    /// Whether a type mentioning the requirement's generics is passed by address.
    private static func travelsIndirectly(_ type: DemangledType) throws(UnservedGenericType) -> Bool {
        guard type.mentionsRequirementGenerics else { return false }
        switch type {
        case .genericParameter:
            return true
        case .nominal(let nominal):
            let arguments = nominal.genericArguments
            if case .module("Swift") = nominal.parent {
                switch (nominal.name, arguments.count) {
                case ("Optional", 1):
                    return try travelsIndirectly(arguments[0])
                case ("Array", 1), ("ContiguousArray", 1), ("Set", 1), ("Dictionary", 2):
                    for argument in arguments { _ = try travelsIndirectly(argument) }
                    return false
                case ("Result", 2):
                    let success = try travelsIndirectly(arguments[0])
                    let failure = try travelsIndirectly(arguments[1])
                    return success || failure
                default: break
                }
            }
            return try GenericWrapper.travelsIndirectly(type, named: nominal.name)
        case .metatype(let instance):
            _ = try? travelsIndirectly(instance)
            return false
        case .function(let function):
            for parameter in function.parameters { _ = try travelsIndirectly(parameter.type) }
            _ = try travelsIndirectly(function.result)
            return false
        case .tuple:
            throw UnservedGenericType(
                reason: "\(spelling(of: type)) is a tuple holding a generic parameter of the method, which the "
                    + "runtime stub does not decode")
        case .dependentMember(.genericParameter(let depth, _), _, _) where depth >= 1:
            // `GenericMember.members(of:parameters:)` has checked it is not class-bound.
            return true
        case .dependentMember(let base, let member, _) where base.mentionsRequirementGenerics:
            throw UnservedGenericType(
                reason: "\(spelling(of: type)) is the associated type \(member) of an associated type of a generic "
                    + "parameter of the method, which the runtime stub does not look up")
        case .integer:
            return false
        case .existential, .existentialMetatype:
            throw UnservedGenericType(
                reason: "\(spelling(of: type)) is an existential whose constraints name a generic parameter of the "
                    + "method, which the runtime stub does not build")
        case .dependentMember, .dynamicSelf:
            throw UnservedGenericType(
                reason: "\(spelling(of: type)) mixes a generic parameter of the method with Self or an associated type")
        }
    }

    /// The indirect parts of a closure type (or an optional of one), nil for other types.
    private static func abstraction(of type: DemangledType) throws(UnservedGenericType) -> FunctionAbstraction? {
        switch type {
        case .function(let function):
            var indirect: Set<Int> = []
            for (index, parameter) in function.parameters.enumerated() where try travelsIndirectly(parameter.type) {
                indirect.insert(index)
            }
            return FunctionAbstraction(
                indirectParameters: indirect, indirectResult: try travelsIndirectly(function.result))
        case .nominal(let nominal):
            guard case .module("Swift") = nominal.parent, nominal.name == "Optional",
                nominal.genericArguments.count == 1
            else { return nil }
            return try abstraction(of: nominal.genericArguments[0])
        default:
            return nil
        }
    }

    /// A dependent type as a message spells it: `Self`, and a method's
    /// generic parameters by position (`T1`, `T2`), never `τ_d_i`.
    static func spelling(of type: DemangledType) -> String {
        readable(type.description)
    }

    /// `text` with every `τ_d_i` generic parameter name spelled as ``spelling(of:)`` does.
    static func readable(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "τ") {
            output += rest[..<start]
            let digits: Substring = rest[rest.index(after: start)...].prefix { $0 == "_" || $0.isNumber }
            let parts: [Int] = digits.split(separator: "_").compactMap { Int($0) }
            let name: String
            if parts.count == 2, parts[0] == 0, parts[1] == 0 {
                name = "Self"
            } else if parts.count == 2, parts[0] == 1 {
                name = "T" + String(parts[1] + 1)
            } else {
                name = "τ" + String(digits)
            }
            output += name
            rest = rest[digits.endIndex...]
        }
        return output + rest
    }
}

/// Why a type mentioning a method's own generic parameter is outside what the runtime stub serves.
struct UnservedGenericType: Error {
    /// The reason, naming the part of the type.
    let reason: String
}
