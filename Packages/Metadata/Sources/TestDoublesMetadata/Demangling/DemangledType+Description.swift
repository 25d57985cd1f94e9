extension DemangledType: CustomStringConvertible {
    /// The type as Swift source spells it, module-qualified (`Swift.Array<Swift.Int>`).
    public var description: String {
        switch self {
        case .nominal(let nominal):
            return nominal.description
        case .tuple(let elements):
            let parts = elements.map { element in
                (element.label.map { $0 + ": " } ?? "") + element.type.description + (element.isVariadic ? "..." : "")
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case .function(let function):
            return function.description
        case .existential(let existential):
            // A constraint whose mangling leaves out its protocol belongs to the only protocol; in a
            // composition it is spelled by name after the composition.
            let unplaced =
                existential.protocols.count > 1 ? existential.constraints.filter { $0.protocolType == nil } : []
            var parts = existential.protocols.map { proto in
                let bound = existential.constraints.filter {
                    $0.protocolType.map { $0.qualifiedName == proto.qualifiedName }
                        ?? (existential.protocols.count == 1)
                }
                if bound.isEmpty { return proto.description }
                return proto.description + "<" + bound.map(\.type.description).joined(separator: ", ") + ">"
            }
            if !unplaced.isEmpty, let last = parts.indices.last {
                parts[last] +=
                    " (with " + unplaced.map { "\($0.associatedType) == \($0.type)" }.joined(separator: ", ") + ")"
            }
            if let superclass = existential.superclass { parts.insert(superclass.description, at: 0) }
            if existential.isClassBound { parts.append("AnyObject") }
            if parts.isEmpty { return "Any" }
            if existential.protocols.isEmpty && existential.superclass == nil { return "AnyObject" }
            return "any " + parts.joined(separator: " & ")
        case .metatype(let instance):
            return instance.description + ".Type"
        case .existentialMetatype(let instance):
            return instance.description + ".Type"
        case .genericParameter(let depth, let index):
            if depth == 0 && index == 0 { return "Self" }
            return "τ_\(depth)_\(index)"
        case .dependentMember(let base, let name, _):
            return base.description + "." + name
        case .dynamicSelf:
            return "Self"
        case .integer(let value):
            return String(value)
        }
    }
}

extension DemangledNominalType: CustomStringConvertible {
    /// The qualified name with generic arguments (`Swift.Dictionary<Swift.String, Swift.Int>`).
    public var description: String {
        let prefix: String
        switch parent {
        case .module(let module): prefix = module
        case .type(let parent), .extension(_, let parent): prefix = parent.description
        }
        let arguments =
            genericArguments.isEmpty ? "" : "<" + genericArguments.map(\.description).joined(separator: ", ") + ">"
        return prefix + "." + name + arguments
    }
}

extension DemangledFunctionType: CustomStringConvertible {
    /// The function type as Swift source spells it (`(Swift.Int) async throws -> Swift.String`).
    public var description: String {
        let parameters = self.parameters.map { parameter -> String in
            let label = parameter.label.map { $0 + ": " } ?? ""
            let ownership: String
            switch parameter.ownership {
            case .default: ownership = ""
            case .inout: ownership = "inout "
            case .owned: ownership = "__owned "
            case .shared: ownership = "__shared "
            }
            return label + (parameter.isIsolated ? "isolated " : "") + ownership + parameter.type.description
                + (parameter.isVariadic ? "..." : "")
        }
        var text = globalActor.map { "@\($0) " } ?? ""
        switch isolation {
        case nil: break
        case .isolatedAny: text += "@isolated(any) "
        case .callerIsolated: text += "nonisolated(nonsending) "
        }
        text += "(" + parameters.joined(separator: ", ") + ")"
        if isAsync { text += " async" }
        switch thrownError {
        case .none: break
        case .untyped: text += " throws"
        case .typed(let error): text += " throws(\(error))"
        }
        return text + " -> " + result.description
    }
}
