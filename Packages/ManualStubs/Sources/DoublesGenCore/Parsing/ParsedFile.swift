/// The protocols one input file declares, and what the parser said about it.
public struct ParsedFile: Sendable {
    /// The file name diagnostics use.
    public var file: String
    /// The top-level protocols, in source order.
    public var protocols: [ProtocolDeclaration]
    /// What the parser reported.
    public var diagnostics: [Diagnostic]
    /// Type aliases the file declares (at the top level or in a protocol)
    /// for function types, which make a parameter a closure.
    public var functionTypeAliases: Set<String> = []
    /// Classes the file declares at the top level, which a protocol's
    /// class constraint may name.
    public var classNames: Set<String> = []
    /// Structs and enums the file declares `~Copyable`, at the top level,
    /// nested in a type or in an extension, by their own (innermost) name.
    public var noncopyableTypeNames: Set<String> = []
    /// Protocols the file declares inside a type or an extension, which are
    /// not generated, by their own (innermost) name.
    public var nestedProtocolNames: Set<String> = []
}
