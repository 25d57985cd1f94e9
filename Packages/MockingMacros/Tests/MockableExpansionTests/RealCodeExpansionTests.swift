import DoublesGenCore
import Foundation
import MockableGenerator
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@testable import MockingMacrosPlugin

/// The app-shaped protocols `MockableMacroTests/RealCode` mocks for real
/// expand, byte for byte, to what `mockable` writes for them, without a
/// diagnostic: a team may switch between the macro and the CLI.
@Suite struct RealCodeExpansionTests {
    /// Every `@Mockable` protocol of the RealCode folder.
    static let protocols: [ProtocolDeclSyntax] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("MockableMacroTests/RealCode")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.sorted().flatMap { file -> [ProtocolDeclSyntax] in
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            return Parser.parse(source: text).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
                .filter { $0.attributes.trimmedDescription.contains("@Mockable") }
        }
    }()

    @Test func macroAndCommandWriteTheSameMocks() throws {
        #expect(Self.protocols.count >= 20)
        for declaration in Self.protocols {
            let attribute = try #require(
                declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
                    .first { $0.attributeName.trimmedDescription == "Mockable" })
            let context = BasicMacroExpansionContext()
            let peers = try MockableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
            let cli = MockGenerator.generate(
                sources: [SourceText(name: "<stdin>", text: declaration.trimmedDescription)])
            #expect(context.diagnostics.isEmpty, "\(declaration.name.text)")
            #expect(cli.succeeded, "\(declaration.name.text): \(cli.diagnostics.map(\.message))")
            #expect(peers.map(\.description) == cli.mocks.map(\.source), "\(declaration.name.text)")
        }
    }

    @Test func constrainedAssociatedTypesKeepEveryConstraint() throws {
        let source = """
            protocol ModelStore {
                associatedtype Model: Identifiable, Codable, Sendable
                associatedtype Key: Hashable & Sendable where Key: Comparable
                func model(id: Model.ID) -> Model?
                func key() -> Key
            }
            """
        let cli = MockGenerator.generate(sources: [SourceText(name: "<stdin>", text: source)])
        let mock = try #require(cli.mocks.first?.source)
        #expect(
            mock.contains(
                "class MockModelStore<Model: Identifiable & Codable & Sendable, Key: Hashable & Sendable>: "
                    + "SwiftMocking.Mock, @unchecked Sendable, ModelStore where Key: Comparable"))
    }

    @Test func aClashingNameComposesWithoutGuessingASuperclass() throws {
        let source = """
            protocol Cache: CustomStringConvertible {
                init(capacity: Int)
                func clear()
            }
            """
        let cli = MockGenerator.generate(sources: [SourceText(name: "<stdin>", text: source)])
        let mock = try #require(cli.mocks.first?.source)
        #expect(
            mock.contains(
                "class MockCache: CustomStringConvertible, Cache, SwiftMocking.MockProviding, @unchecked Sendable {"))
        #expect(mock.contains("let mock = SwiftMocking.Mock(labelledAs: \"MockCache\")"))
        #expect(mock.contains("self.mock[dynamicMember: \"clear\"]"))
        #expect(!mock.contains("super.init()"))
    }
}
