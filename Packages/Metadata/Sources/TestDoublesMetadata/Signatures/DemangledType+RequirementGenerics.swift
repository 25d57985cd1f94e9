extension DemangledType {
    /// Whether the type mentions one of a requirement's own generic parameters (depth 1).
    public var mentionsRequirementGenerics: Bool {
        switch self {
        case .genericParameter(let depth, _): return depth >= 1
        case .nominal(let nominal): return nominal.mentionsRequirementGenerics
        case .tuple(let elements): return elements.contains { $0.type.mentionsRequirementGenerics }
        case .function(let function):
            if function.parameters.contains(where: { $0.type.mentionsRequirementGenerics }) { return true }
            if case .typed(let error) = function.thrownError, error.mentionsRequirementGenerics { return true }
            return function.result.mentionsRequirementGenerics
        case .existential(let existential):
            return (existential.superclass?.mentionsRequirementGenerics ?? false)
                || existential.constraints.contains { $0.type.mentionsRequirementGenerics }
        case .metatype(let type), .existentialMetatype(let type), .dynamicSelf(let type):
            return type.mentionsRequirementGenerics
        case .dependentMember(let base, _, _): return base.mentionsRequirementGenerics
        case .integer: return false
        }
    }

    /// The concrete type this type denotes for one call, whose requirement
    /// generic parameters (depth 1) are `arguments`: `[T]` with `T == Int` is
    /// `[Int]`.
    ///
    /// The runtime builds the type from its mangled name in a generic context
    /// with one parameter per argument, checking the generic requirements of
    /// the types it instantiates (`Set<T>` needs `T: Hashable`).
    ///
    /// - Parameter arguments: The types of the requirement's generic parameters, by index (at most 4).
    /// - Returns: The type, nil when it also depends on `Self` or an associated
    ///   type, or when the runtime cannot build it.
    public func resolved(requirementGenerics arguments: [Any.Type]) -> Any.Type? {
        guard let name = mangledNameWithRequirementGenericsAtDepthZero,
            let context = RequirementGenericContext.descriptor(parameterCount: arguments.count)
        else { return nil }
        let bytes = Array(name.utf8)
        let metadata = arguments.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }
        return bytes.withUnsafeBufferPointer { buffer -> Any.Type? in
            metadata.withUnsafeBufferPointer { generics -> Any.Type? in
                guard let base = buffer.baseAddress, let genericArguments = generics.baseAddress else { return nil }
                return RuntimeTypeLookup.type(
                    mangledName: base, length: buffer.count, context: context,
                    genericArguments: UnsafeRawPointer(genericArguments))
            }
        }
    }
}

extension DemangledNominalType {
    /// Whether a generic argument or the parent mentions a requirement's own generic parameter.
    var mentionsRequirementGenerics: Bool {
        if genericArguments.contains(where: \.mentionsRequirementGenerics) { return true }
        switch parent {
        case .module: return false
        case .type(let parent), .extension(_, let parent):
            return DemangledType.nominal(parent).mentionsRequirementGenerics
        }
    }
}

/// Generic contexts with 1 to 4 unconstrained parameters, in which a type
/// mentioning a requirement's own generic parameters is looked up once they
/// are known (the lookup reads only the context's parameter count).
enum RequirementGenericContext {
    private struct One<A> {}
    private struct Two<A, B> {}
    private struct Three<A, B, C> {}
    private struct Four<A, B, C, D> {}

    /// The nominal type descriptor of a context with `parameterCount` parameters, nil outside 1...4.
    static func descriptor(parameterCount: Int) -> UnsafeRawPointer? {
        let type: Any.Type
        switch parameterCount {
        case 1: type = One<Int>.self
        case 2: type = Two<Int, Int>.self
        case 3: type = Three<Int, Int, Int>.self
        case 4: type = Four<Int, Int, Int, Int>.self
        default: return nil
        }
        return TypeMetadata(type).typeDescriptor.map { UnsafeRawPointer($0.pointer) }
    }
}
