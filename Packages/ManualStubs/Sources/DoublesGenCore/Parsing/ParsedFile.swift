/// The protocols one input file declares, and what the parser said about it.
struct ParsedFile: Sendable {
    var file: String
    var protocols: [ProtocolDeclaration]
    var diagnostics: [Diagnostic]
    /// Type aliases the file declares (at the top level or in a protocol)
    /// for function types, which make a parameter a closure.
    var functionTypeAliases: Set<String> = []
}
