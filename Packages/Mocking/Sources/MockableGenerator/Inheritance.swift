import DoublesGenCore

/// What a protocol's inheritance clause means for its mock.
enum Inheritance {
    static let ignored: Set<String> = [
        "AnyObject", "class", "Sendable", "SendableMetatype", "Equatable", "Hashable", "Error", "BitwiseCopyable",
    ]

    /// The class a composed mock inherits: the first inherited name that is
    /// a class of the input, else the first that is neither a protocol of
    /// the input nor a standard one (a class the input does not show).
    static func superclass(
        of declaration: ProtocolDeclaration, graph: ProtocolGraph, classNames: Set<String>
    )
        -> String?
    {
        let names = declaration.inherited.map { graph.resolve($0.name) }.filter {
            !ignored.contains($0) && graph.protocols[$0] == nil && !$0.hasPrefix("~")
        }
        return names.first(where: classNames.contains) ?? names.first
    }

    /// The original generator's warning for an ancestor outside the input,
    /// or `nil` when the ancestor is a class of the input (composition covers it).
    static func warning(for diagnostic: Diagnostic, protocolName: String, classNames: Set<String>) -> Diagnostic? {
        guard diagnostic.severity == .warning, diagnostic.message.contains("is not declared in the input"),
            let name = diagnostic.message.split(separator: "'").first.map(String.init)
        else { return nil }
        guard !classNames.contains(name) else { return nil }
        return Diagnostic(
            .warning, at: diagnostic.location,
            "mock for protocol '\(protocolName)' does not implement requirements inherited from '\(name)' "
                + "and may fail to conform")
    }

    /// The protocol with each property an ancestor declares and the protocol
    /// restates (`var id: UUID` under `Identifiable`'s `var id: ID`) written
    /// once, as restated; when the ancestor typed it with an associated type,
    /// that type is fixed to the restated one (`ID == UUID`), as Swift infers it.
    static func resolvingRestatedProperties(_ flattened: FlattenedProtocol) -> FlattenedProtocol {
        let own = flattened.declaration.requirements
        let ownKeys = Set(own.map(\.key))
        var result = flattened
        result.requirements = flattened.requirements.filter { requirement in
            guard !ownKeys.contains(requirement.key), case .property(let name, let type, _, _) = requirement.kind,
                let restated = own.first(where: { other in
                    guard case .property(let otherName, _, _, _) = other.kind else { return false }
                    return otherName == name && other.isStatic == requirement.isStatic
                }),
                case .property(_, let restatedType, _, _) = restated.kind
            else { return true }
            let fixing = "\(type.text) == \(restatedType.text)"
            if flattened.associatedTypes.contains(where: { $0.name == type.text }),
                !result.whereRequirements.contains(fixing)
            {
                result.whereRequirements.append(fixing)
            }
            return false
        }
        return result
    }
}
