/// What to generate: the input files, which protocols, and which modules
/// the generated file imports.
public struct GenerationRequest: Hashable, Sendable {
    /// Every input file; inheritance is followed across all of them.
    public var sources: [SourceText]
    /// The protocols to generate conformers for; `nil` for every protocol.
    public var protocols: [String]?
    /// Modules the generated file imports with `@testable import`; a
    /// protocol of a source whose ``SourceText/module`` is one of them is
    /// also imported by name (``ProtocolImports``).
    public var testableImports: [String]
    /// Whether static and initializer requirements are refused instead of
    /// forwarded to `ManualStub.shared`.
    ///
    /// `@Stubbable` sets it: the shared controller is process-wide unless a
    /// test runs inside `SharedManualStubs.isolated(_:)`, which an
    /// annotation cannot arrange for the tests that use its conformer.
    public var rejectsSharedRequirements: Bool
    /// Whether the conformer is compiled in the protocol's own file, as a
    /// macro's expansion is: a `private` or `fileprivate` protocol is then
    /// generated for, with a `fileprivate` conformer and alias, instead of
    /// skipped; the support a `borrowing` or `consuming` parameter needs is
    /// written inside the conformer.
    public var generatesBesideProtocol: Bool

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - sources: Every input file.
    ///   - protocols: The protocols to generate for; `nil` for all.
    ///   - testableImports: Modules to import with `@testable import`.
    ///   - rejectsSharedRequirements: Refuse static and initializer requirements.
    ///   - generatesBesideProtocol: Generate for `private` and `fileprivate` protocols too.
    public init(
        sources: [SourceText], protocols: [String]? = nil, testableImports: [String] = [],
        rejectsSharedRequirements: Bool = false, generatesBesideProtocol: Bool = false
    ) {
        self.sources = sources
        self.protocols = protocols
        self.testableImports = testableImports
        self.rejectsSharedRequirements = rejectsSharedRequirements
        self.generatesBesideProtocol = generatesBesideProtocol
    }
}
