import DoublesGenCore
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@StubbableClient(aliasedEndpoints:)`: a `<Client>Doubles` namespace with
/// `preset(...)`, and the file-private wiring initializer it calls, beside a
/// struct whose stored closure fields are its operations.
///
/// The macro reads the struct into a ``ClientDeclaration``
/// (``ClientReading``) and hands it to ``ClientDoublesWriter``, which writes
/// both declarations; shapes the wiring cannot serve are diagnosed on the
/// field or generic parameter that has them, and nothing is generated.
public struct StubbableClientMacro: PeerMacro, ExtensionMacro {
    /// The `<Client>Doubles` namespace, or nothing and diagnostics.
    ///
    /// - Parameters:
    ///   - node: The `@StubbableClient` attribute, with its aliased endpoints.
    ///   - declaration: The declaration the attribute is attached to.
    ///   - context: Where diagnostics go.
    /// - Returns: The namespace; empty when the client cannot be wired.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDeclaration = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: StubbableMessage.notAStruct))
            return []
        }
        let reading = ClientReading(structDeclaration, attribute: node, typeName: structDeclaration.name.text)
        for problem in reading.problems {
            context.diagnose(Diagnostic(node: problem.node, message: problem.message))
        }
        guard reading.problems.isEmpty else { return [] }
        return StubbableMacro.declarations(in: ClientDoublesWriter.namespace(of: reading.client))
    }

    /// The extension with the wiring initializer, or nothing when the client
    /// cannot be wired (the peer expansion reports why).
    ///
    /// - Parameters:
    ///   - node: The `@StubbableClient` attribute.
    ///   - declaration: The struct.
    ///   - type: The struct's type as an extension names it.
    ///   - protocols: Unused: the macro adds no conformance.
    ///   - context: Unused: the peer expansion reports problems.
    /// - Returns: One extension; empty when the client cannot be wired.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [SwiftSyntax.TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDeclaration = declaration.as(StructDeclSyntax.self) else { return [] }
        let reading = ClientReading(structDeclaration, attribute: node, typeName: type.trimmedDescription)
        guard reading.problems.isEmpty else { return [] }
        return StubbableMacro.declarations(in: ClientDoublesWriter.wiringExtension(of: reading.client))
            .compactMap { $0.as(ExtensionDeclSyntax.self) }
    }
}
