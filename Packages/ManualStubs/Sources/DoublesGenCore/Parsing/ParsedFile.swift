/// The protocols one input file declares, and what the parser said about it.
struct ParsedFile: Sendable {
    var file: String
    var protocols: [ProtocolDeclaration]
    var diagnostics: [Diagnostic]
}
