import DoublesGenCore
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Stubbable`: the `ManualStub` conformer and controller alias that
/// `doubles-gen` writes, as peers of the protocol.
///
/// The macro hands the protocol's source to ``DoublesGen`` and returns the
/// protocol's section of its output unchanged, so the expansion is byte for
/// byte what the command line and the build plugin write for the same
/// declaration. A `private` or `fileprivate` protocol gets a `fileprivate`
/// conformer and alias. Static and initializer requirements are refused (see
/// ``GenerationRequest/rejectsSharedRequirements``); the generator's other
/// errors and warnings become diagnostics where the generator found them
/// (``GeneratorLocation``), else on the protocol's name.
public struct StubbableMacro: PeerMacro {
    /// The conformer and alias for the protocol `declaration`, or nothing and
    /// a diagnostic when the attribute is misplaced or the generator refuses.
    ///
    /// - Parameters:
    ///   - node: The `@Stubbable` attribute.
    ///   - declaration: The declaration the attribute is attached to.
    ///   - context: Where diagnostics go.
    /// - Returns: `<Protocol>StubConformer` and `<Protocol>Stub`; empty after an error.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: StubbableMessage.notAProtocol))
            return []
        }
        let name = protocolDeclaration.name.text
        let result = DoublesGen.generate(
            GenerationRequest(
                sources: [SourceText(name: name, text: MockableMacro.source(of: protocolDeclaration, without: node))],
                protocols: [name],
                rejectsSharedRequirements: true,
                generatesBesideProtocol: true
            )
        )
        // The expansion sits beside the protocol, under its `#if` conditions
        // already: the command line's warning about them is not the user's to act on.
        for diagnostic in result.diagnostics
        where diagnostic.severity != .note && diagnostic.message != DoublesGen.conditionalRequirementsWarning {
            var text = diagnostic.message
            if text.hasSuffix(DoublesGen.undeclaredParentAdvice) {
                text = text.dropLast(DoublesGen.undeclaredParentAdvice.count) + Self.undeclaredParentAdvice
            }
            let message = StubbableMessage.generator(text, isError: diagnostic.severity == .error)
            let place =
                GeneratorLocation.token(at: diagnostic.location, in: protocolDeclaration, without: node)
                .map(Syntax.init) ?? Syntax(protocolDeclaration.name)
            context.diagnose(Diagnostic(node: place, message: message))
        }
        guard result.succeeded, let section = result.sections.first else { return [] }
        return declarations(in: section)
    }

    /// What to do about a parent protocol the macro cannot see, in place of
    /// the command line's advice to pass its file.
    static let undeclaredParentAdvice =
        "@Stubbable sees only the declaration it is attached to, so the conformer compiles only if those "
        + "requirements need no implementation; otherwise generate the conformer with doubles-gen or the "
        + "ManualStubs build plugin, which read both protocols"

    /// The top-level declarations of generated source, each with the
    /// comments before it: together they print as `source` again.
    static func declarations(in source: String) -> [DeclSyntax] {
        Parser.parse(source: source).statements.compactMap { $0.item.as(DeclSyntax.self) }
    }
}
