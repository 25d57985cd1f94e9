/// What to generate: the input files, which protocols, and which modules
/// the generated file imports.
public struct GenerationRequest: Hashable, Sendable {
    /// Every input file; inheritance is followed across all of them.
    public var sources: [SourceText]
    /// The protocols to generate conformers for; `nil` for every protocol.
    public var protocols: [String]?
    /// Modules the generated file imports with `@testable import`.
    public var testableImports: [String]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - sources: Every input file.
    ///   - protocols: The protocols to generate for; `nil` for all.
    ///   - testableImports: Modules to import with `@testable import`.
    public init(sources: [SourceText], protocols: [String]? = nil, testableImports: [String] = []) {
        self.sources = sources
        self.protocols = protocols
        self.testableImports = testableImports
    }
}
