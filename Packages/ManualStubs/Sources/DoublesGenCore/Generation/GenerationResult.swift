/// The generated file and what the generator said about the input.
public struct GenerationResult: Hashable, Sendable {
    /// The generated Swift source; meaningful only when ``succeeded``.
    public var output: String
    /// The protocols a conformer was generated for, sorted.
    public var generatedProtocols: [String]
    /// Each generated protocol's conformer and controller alias, in the
    /// order of ``generatedProtocols``: ``output`` is these after the
    /// banner and imports.
    public var sections: [String] = []
    /// The protocols passed over with a warning instead of generated, sorted:
    /// private ones, and (when every protocol is requested) those with a
    /// requirement no generated conformer can serve.
    public var skippedProtocols: [String] = []
    /// Errors, warnings and notes, sorted by location.
    public var diagnostics: [Diagnostic]

    /// Whether no diagnostic is an error.
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}
