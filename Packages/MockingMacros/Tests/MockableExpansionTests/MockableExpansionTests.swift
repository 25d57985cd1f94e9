import DoublesGenCore
import Foundation
import MockableGenerator
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@testable import MockingMacrosPlugin

/// `@Mockable` expands, byte for byte, to what `mockable` writes for the same
/// declaration, and reports misuse at the attribute.
@Suite struct MockableExpansionTests {
    /// The protocols the macro test target mocks for real.
    static let mockedProtocols: [ProtocolDeclSyntax] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("MockableMacroTests/MockedProtocols.swift")
        let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
        return Parser.parse(source: text).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
    }()

    /// Expands the `@Mockable` attribute of a declaration.
    func expand(
        _ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax
    ) throws -> (
        [String], [String]
    ) {
        let context = BasicMacroExpansionContext()
        let peers = try MockableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        return (peers.map(\.description), context.diagnostics.map(\.message))
    }

    /// The `@Mockable` attribute among a declaration's attributes.
    func mockableAttribute(of attributes: AttributeListSyntax) -> AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription == "Mockable" }
    }

    @Test func everyMockedProtocolExpandsToWhatMockableWrites() throws {
        #expect(Self.mockedProtocols.count >= 10)
        for declaration in Self.mockedProtocols {
            let attribute = try #require(mockableAttribute(of: declaration.attributes))
            let (peers, diagnostics) = try expand(declaration, attribute: attribute)
            let cli = MockGenerator.generate(
                sources: [SourceText(name: "<stdin>", text: declaration.trimmedDescription)])
            #expect(diagnostics.isEmpty, "\(declaration.name.text): \(diagnostics)")
            #expect(peers == cli.mocks.map(\.source), "\(declaration.name.text)")
        }
    }

    @Test func optionsComeFromTheAttribute() throws {
        let declaration = try #require(
            Parser.parse(source: "@Mockable([.suffixMock, .composition]) protocol Dial: Base { func turn() }")
                .statements.first?.item.as(ProtocolDeclSyntax.self))
        let (peers, _) = try expand(declaration, attribute: try #require(mockableAttribute(of: declaration.attributes)))
        let source = try #require(peers.first)
        #expect(source.contains("class DialMock: Base"))
        #expect(source.contains("let mock = SwiftMocking.Mock(labelledAs: \"DialMock\")"))
    }

    @Test func aRequirementNoMockServesIsDiagnosedOnItsOwnLine() throws {
        let file = Parser.parse(
            source: """
                /// Runs work for the app.
                @Mockable
                protocol Runner {
                    func start()

                    func run(_ work: () throws -> Void) rethrows
                }
                """)
        let declaration = try #require(file.statements.first?.item.as(ProtocolDeclSyntax.self))
        let context = BasicMacroExpansionContext()
        let attribute = try #require(mockableAttribute(of: declaration.attributes))
        _ = try MockableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        let converter = SourceLocationConverter(fileName: "App.swift", tree: file)
        #expect(context.diagnostics.map { $0.location(converter: converter).line } == [6])
        #expect(context.diagnostics.first?.message.contains("'run(_:)'") == true)
    }

    @Test func anUnknownOptionIsAnErrorAtTheArgument() throws {
        let declaration = try #require(
            Parser.parse(source: "@Mockable([.prefixMock, .fancy]) protocol Dial { func turn() }")
                .statements.first?.item.as(ProtocolDeclSyntax.self))
        let (peers, diagnostics) = try expand(
            declaration, attribute: try #require(mockableAttribute(of: declaration.attributes)))
        #expect(peers.isEmpty)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.contains("unknown @Mockable option in '[.prefixMock, .fancy]'"))
    }

    @Test func aClassIsAnErrorAtTheAttribute() throws {
        let declaration = try #require(
            Parser.parse(source: "@Mockable class Dial { func turn() {} }")
                .statements.first?.item.as(ClassDeclSyntax.self))
        let (peers, diagnostics) = try expand(
            declaration, attribute: try #require(mockableAttribute(of: declaration.attributes)))
        #expect(peers.isEmpty)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.contains("applies only to protocols"))
    }

    @Test func aRequirementNoMockCanServeIsAnErrorOnTheProtocol() throws {
        let source = "@Mockable protocol Feed { func map(_ transform: (Int) throws -> Int) rethrows -> [Int] }"
        let declaration = try #require(Parser.parse(source: source).statements.first?.item.as(ProtocolDeclSyntax.self))
        let (peers, diagnostics) = try expand(
            declaration, attribute: try #require(mockableAttribute(of: declaration.attributes)))
        let cli = MockGenerator.generate(sources: [SourceText(name: "<stdin>", text: source)])
        #expect(!cli.succeeded)
        #expect(peers.isEmpty)
        #expect(diagnostics == cli.diagnostics.filter { $0.severity == .error }.map(\.message))
    }
}
