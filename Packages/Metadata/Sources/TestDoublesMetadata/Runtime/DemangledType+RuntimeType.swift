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
        replacing { part in
            switch part {
            case .existential(let existential) where existential.isConstrained:
                let index = found.firstIndex(of: existential) ?? found.count
                if index == found.count { found.append(existential) }
                return .genericParameter(depth: 1, index: index)
            case .existential:
                return part
            default:
                return nil
            }
        }
    }
}

/// Why a concrete type has no runtime metadata.
public struct RuntimeTypeFailure: Error, Sendable {
    /// The reason, in words.
    public var reason: String
}
