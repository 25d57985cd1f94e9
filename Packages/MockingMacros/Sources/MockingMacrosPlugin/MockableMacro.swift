import DoublesGenCore
import MockableGenerator
import SwiftDiagnostics
import SwiftMockingOptions
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Mockable`: a peer mock class written by the same generator as `mockable`.
///
/// The macro hands the protocol's source to ``MockGenerator`` and returns its
/// output unchanged, so the expansion is byte for byte what the command line
/// writes for the same declaration and options. Options come from the
/// attribute's argument; the generator's errors (a requirement no mock can
/// serve exactly) and warnings become diagnostics where the generator found
/// them (``GeneratorLocation``), else on the protocol's name.
public struct MockableMacro: PeerMacro {
    /// The mock class for the protocol `declaration`, or nothing and a
    /// diagnostic when the attribute is misplaced or the generator refuses.
    ///
    /// - Parameters:
    ///   - node: The `@Mockable` attribute, with its options.
    ///   - declaration: The declaration the attribute is attached to.
    ///   - context: Where diagnostics go.
    /// - Returns: The mock class, inside `#if DEBUG`; empty after an error.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let protocolDeclaration = declaration.as(ProtocolDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: MockableMessage.notAProtocol))
            return []
        }
        guard let options = options(of: node, in: context) else { return [] }
        let result = MockGenerator.generate(
            sources: [
                SourceText(name: protocolDeclaration.name.text, text: source(of: protocolDeclaration, without: node))
            ],
            options: options,
            seedOptions: MockGenerator.seedOptions(attributes: protocolDeclaration.attributes.map(\.trimmedDescription))
        )
        for diagnostic in result.diagnostics where diagnostic.severity != .note {
            let message = MockableMessage.generator(diagnostic.message, isError: diagnostic.severity == .error)
            let place =
                GeneratorLocation.token(at: diagnostic.location, in: protocolDeclaration, without: node)
                .map(Syntax.init) ?? Syntax(protocolDeclaration.name)
            context.diagnose(Diagnostic(node: place, message: message))
        }
        guard result.succeeded, let mock = result.mocks.first else { return [] }
        return [DeclSyntax(stringLiteral: mock.source)]
    }

    /// The options written in the attribute: `.default` without an argument;
    /// `nil`, with a diagnostic at the argument, for an option the generator
    /// does not know.
    static func options(of node: AttributeSyntax, in context: some MacroExpansionContext) -> MockableOptions? {
        guard case .argumentList(let arguments) = node.arguments, let first = arguments.first else {
            return .default
        }
        let written = first.expression.trimmedDescription
        if written == ".default" { return .default }
        guard let options = MockableOptions(parsing: written) else {
            context.diagnose(Diagnostic(node: first.expression, message: MockableMessage.unknownOption(written)))
            return nil
        }
        return options
    }

    /// The protocol as the command line would read it, without the macro's
    /// own attribute: its options were already read from `node`.
    static func source(of declaration: ProtocolDeclSyntax, without node: AttributeSyntax) -> String {
        let written = node.trimmedDescription
        let attributes = declaration.attributes.filter { $0.trimmedDescription != written }
        return declaration.with(\.attributes, attributes).trimmedDescription
    }
}
