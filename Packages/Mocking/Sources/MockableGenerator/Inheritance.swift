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
}
