extension DemangledType {
    /// The type with every part for which `replacement` answers a type
    /// replaced by that answer (outermost parts first; a replaced part is not
    /// searched further).
    ///
    /// - Parameter replacement: The new type for a part, or nil to keep it and search inside it.
    /// - Returns: The rewritten type.
    public func replacing(_ replacement: (DemangledType) -> DemangledType?) -> DemangledType {
        if let replaced = replacement(self) { return replaced }
        switch self {
        case .genericParameter, .dependentMember, .integer:
            return self
        case .nominal(var nominal):
            nominal.genericArguments = nominal.genericArguments.map { $0.replacing(replacement) }
            nominal.parent = nominal.parent.replacing(replacement)
            return .nominal(nominal)
        case .tuple(let elements):
            return .tuple(
                elements.map {
                    var element = $0
                    element.type = $0.type.replacing(replacement)
                    return element
                })
        case .function(var function):
            function.parameters = function.parameters.map {
                var parameter = $0
                parameter.type = $0.type.replacing(replacement)
                return parameter
            }
            function.result = function.result.replacing(replacement)
            if case .typed(let error) = function.thrownError {
                function.thrownError = .typed(error.replacing(replacement))
            }
            return .function(function)
        case .existential(var existential):
            existential.superclass = existential.superclass?.replacing(replacement)
            existential.constraints = existential.constraints.map {
                var constraint = $0
                constraint.type = $0.type.replacing(replacement)
                return constraint
            }
            return .existential(existential)
        case .metatype(let instance):
            return .metatype(instance.replacing(replacement))
        case .existentialMetatype(let instance):
            return .existentialMetatype(instance.replacing(replacement))
        case .dynamicSelf(let instance):
            return .dynamicSelf(instance.replacing(replacement))
        }
    }
}

extension DemangledNominalType.Parent {
    func replacing(_ replacement: (DemangledType) -> DemangledType?) -> Self {
        switch self {
        case .module: return self
        case .type(let parent):
            guard case .nominal(let replaced) = DemangledType.nominal(parent).replacing(replacement) else {
                return self
            }
            return .type(replaced)
        case .extension(let module, let extended):
            guard case .nominal(let replaced) = DemangledType.nominal(extended).replacing(replacement) else {
                return self
            }
            return .extension(module: module, extended: replaced)
        }
    }
}
