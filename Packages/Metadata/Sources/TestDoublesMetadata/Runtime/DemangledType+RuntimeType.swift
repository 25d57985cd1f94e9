extension DemangledType {
    /// The metadata of a concrete type: through the runtime's lookup by
    /// mangled name, and for a constrained existential (`any Clock<Duration>`,
    /// `[any Sequence<Int>]`), which that lookup cannot build, through the
    /// extended existential shape `ConstrainedExistentialMetadata` builds.
    ///
    /// A type holding constrained existentials inside another type is looked
    /// up with each of them (at most four different ones) as a generic
    /// argument of a generic context.
    ///
    /// - Returns: The metadata, or why there is none.
    public func runtimeType() -> Result<Any.Type, RuntimeTypeFailure> {
        if isDependent { return .failure(RuntimeTypeFailure(reason: "it depends on a generic parameter")) }
        var found: [DemangledExistential] = []
        let replaced = replacingConstrainedExistentials(&found)
        if found.isEmpty {
            guard let type = RuntimeTypeLookup.type(forMangledName: mangledName) else {
                return .failure(RuntimeTypeFailure(reason: "the runtime cannot resolve \(mangledName)"))
            }
            return .success(type)
        }
        var metadata: [Any.Type] = []
        for existential in found {
            var arguments: [Any.Type] = []
            for constraint in existential.constraints {
                switch constraint.type.runtimeType() {
                case .success(let type): arguments.append(type)
                case .failure(let failure): return .failure(failure)
                }
            }
            do {
                metadata.append(try ConstrainedExistentialMetadata.type(of: existential, arguments: arguments))
            } catch {
                return .failure(
                    RuntimeTypeFailure(
                        reason: "the constrained existential \(DemangledType.existential(existential)) "
                            + "has no metadata: \(error.reason)"))
            }
        }
        if case .existential = self, metadata.count == 1 { return .success(metadata[0]) }
        guard metadata.count <= 4, let type = replaced.resolved(requirementGenerics: metadata) else {
            return .failure(
                RuntimeTypeFailure(
                    reason: "the runtime cannot build \(self) around its constrained existentials"
                        + (metadata.count > 4 ? " (more than four different ones)" : "")))
        }
        return .success(type)
    }

    /// The type with each different constrained existential replaced by a
    /// requirement generic parameter (depth 1, by first appearance), which
    /// `found` lists.
    func replacingConstrainedExistentials(_ found: inout [DemangledExistential]) -> DemangledType {
        switch self {
        case .existential(let existential) where existential.isConstrained:
            let index = found.firstIndex(of: existential) ?? found.count
            if index == found.count { found.append(existential) }
            return .genericParameter(depth: 1, index: index)
        case .existential, .genericParameter, .dependentMember:
            return self
        case .nominal(var nominal):
            nominal.genericArguments = nominal.genericArguments.map { $0.replacingConstrainedExistentials(&found) }
            nominal.parent = nominal.parent.replacingConstrainedExistentials(&found)
            return .nominal(nominal)
        case .tuple(let elements):
            return .tuple(
                elements.map {
                    var element = $0
                    element.type = $0.type.replacingConstrainedExistentials(&found)
                    return element
                })
        case .function(var function):
            function.parameters = function.parameters.map {
                var parameter = $0
                parameter.type = $0.type.replacingConstrainedExistentials(&found)
                return parameter
            }
            function.result = function.result.replacingConstrainedExistentials(&found)
            if case .typed(let error) = function.thrownError {
                function.thrownError = .typed(error.replacingConstrainedExistentials(&found))
            }
            return .function(function)
        case .metatype(let instance):
            return .metatype(instance.replacingConstrainedExistentials(&found))
        case .existentialMetatype(let instance):
            return .existentialMetatype(instance.replacingConstrainedExistentials(&found))
        case .dynamicSelf(let instance):
            return .dynamicSelf(instance.replacingConstrainedExistentials(&found))
        }
    }
}

extension DemangledNominalType.Parent {
    func replacingConstrainedExistentials(_ found: inout [DemangledExistential]) -> Self {
        switch self {
        case .module: return self
        case .type(let parent):
            guard case .nominal(let replaced) = DemangledType.nominal(parent).replacingConstrainedExistentials(&found)
            else { return self }
            return .type(replaced)
        case .extension(let module, let extended):
            guard case .nominal(let replaced) = DemangledType.nominal(extended).replacingConstrainedExistentials(&found)
            else { return self }
            return .extension(module: module, extended: replaced)
        }
    }
}

/// Why a concrete type has no runtime metadata.
public struct RuntimeTypeFailure: Error, Sendable {
    /// The reason, in words.
    public var reason: String
}
