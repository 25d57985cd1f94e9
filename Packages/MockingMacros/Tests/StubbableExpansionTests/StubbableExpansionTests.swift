import DoublesGenCore
import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@testable import MockingMacrosPlugin

/// The declarations the macro test target expands for real.
enum StubbedDeclarations {
    static let file: SourceFileSyntax = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("StubbableMacroTests/StubbedDeclarations.swift")
        return Parser.parse(source: (try? String(contentsOf: path, encoding: .utf8)) ?? "")
    }()

    static func attribute(named name: String, of attributes: AttributeListSyntax) -> AttributeSyntax? {
        attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
            .first { $0.attributeName.trimmedDescription == name }
    }

    static func parse<D: DeclSyntaxProtocol>(_ source: String, as type: D.Type) -> D? {
        Parser.parse(source: source).statements.first?.item.as(type)
    }
}

/// `@Stubbable` expands, byte for byte, to what `doubles-gen` writes for the
/// same declaration, and refuses what a generated conformer must not serve.
@Suite struct StubbableExpansionTests {
    func expand(_ declaration: ProtocolDeclSyntax) throws -> (String, [String]) {
        let attribute = try #require(StubbedDeclarations.attribute(named: "Stubbable", of: declaration.attributes))
        let context = BasicMacroExpansionContext()
        let peers = try StubbableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        return (peers.map(\.description).joined(), context.diagnostics.map(\.message))
    }

    @Test func everyStubbedProtocolExpandsToWhatDoublesGenWrites() throws {
        let protocols = StubbedDeclarations.file.statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
        #expect(protocols.count >= 3)
        for declaration in protocols {
            let (expansion, diagnostics) = try expand(declaration)
            // What `doubles-gen --all` writes for the declaration as it stands in the file.
            let cli = DoublesGen.generate(
                GenerationRequest(sources: [SourceText(name: "<stdin>", text: declaration.trimmedDescription)]))
            #expect(diagnostics.isEmpty, "\(declaration.name.text): \(diagnostics)")
            #expect(cli.generatedProtocols == [declaration.name.text])
            #expect(expansion == cli.sections.first, "\(declaration.name.text)")
            #expect(cli.output.hasSuffix(expansion + "\n"))
            #expect(expansion.contains("struct \(declaration.name.text)StubConformer"))
            #expect(expansion.contains("typealias \(declaration.name.text)Stub"))
        }
    }

    @Test func staticAndInitializerRequirementsAreRefusedByName() throws {
        let source = """
            @Stubbable protocol Store {
                static func make() -> Self
                init(name: String)
                func load() -> Int
            }
            """
        let declaration = try #require(StubbedDeclarations.parse(source, as: ProtocolDeclSyntax.self))
        let (expansion, diagnostics) = try expand(declaration)
        #expect(expansion.isEmpty)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.contains { $0.hasPrefix("static requirement 'make()'") && $0.contains("isolated") })
        #expect(diagnostics.contains { $0.hasPrefix("initializer requirement 'init(name:)'") })
        // doubles-gen serves both, through `ManualStub.shared`.
        #expect(DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "<stdin>", text: source)])).succeeded)
    }

    @Test func whatTheGeneratorRefusesIsAnErrorOnTheProtocol() throws {
        let source = "@Stubbable protocol Feed { var stub: Int { get } }"
        let declaration = try #require(StubbedDeclarations.parse(source, as: ProtocolDeclSyntax.self))
        let (expansion, diagnostics) = try expand(declaration)
        #expect(expansion.isEmpty)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.contains("clashes with the conformer's own 'stub' property"))
    }

    /// The line of each diagnostic of expanding `source`, with its message.
    func diagnosedLines(_ source: String) throws -> [(line: Int, message: String)] {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(ProtocolDeclSyntax.self))
        let attribute = try #require(StubbedDeclarations.attribute(named: "Stubbable", of: declaration.attributes))
        let context = BasicMacroExpansionContext()
        _ = try StubbableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        let converter = SourceLocationConverter(fileName: "App.swift", tree: file)
        return context.diagnostics.map { ($0.location(converter: converter).line, $0.message) }
    }

    @Test func aRefusedRequirementIsDiagnosedOnItsOwnLine() throws {
        let diagnosed = try diagnosedLines(
            """
            /// The app's session store.
            @Stubbable
            protocol SessionStore {
                func load() -> Int
                static var shared: Self { get }

                init(name: String)
            }
            """)
        #expect(diagnosed.map(\.line) == [5, 7])
        #expect(diagnosed.first?.message.hasPrefix("static requirement 'shared'") == true)
    }

    @Test func anActorConstraintIsDiagnosedWhereItIsWritten() throws {
        let diagnosed = try diagnosedLines("@Stubbable\nprotocol Ledger:\n    Actor {\n    func total() -> Int\n}")
        #expect(diagnosed.map(\.line) == [3])
    }

    @Test func aParentTheMacroCannotSeeIsAWarningWithTheMacrosAdvice() throws {
        let diagnosed = try diagnosedLines("@Stubbable\nprotocol Child:\n    Parent {\n    func child() -> Int\n}")
        #expect(diagnosed.map(\.line) == [3])
        let message = try #require(diagnosed.first?.message)
        #expect(message.hasPrefix("'Parent' is not declared in the input"))
        #expect(message.contains("@Stubbable sees only the declaration it is attached to"))
        #expect(message.contains("doubles-gen or the ManualStubs build plugin"))
        #expect(!message.contains(DoublesGen.undeclaredParentAdvice))
    }

    @Test func aFilePrivateProtocolGetsAFilePrivateConformer() throws {
        for access in ["private", "fileprivate"] {
            let source = "@Stubbable \(access) protocol Haptics { func tap(_ strength: Double) }"
            let declaration = try #require(StubbedDeclarations.parse(source, as: ProtocolDeclSyntax.self))
            let (expansion, diagnostics) = try expand(declaration)
            #expect(diagnostics.isEmpty, "\(access): \(diagnostics)")
            #expect(expansion.contains("fileprivate struct HapticsStubConformer: Haptics, ManualStubConformer {"))
            #expect(expansion.contains("fileprivate typealias HapticsStub = ManualStub<HapticsStubConformer>"))
            // doubles-gen writes another file, which cannot see the protocol: it still skips it.
            let cli = DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "<stdin>", text: source)]))
            #expect(cli.skippedProtocols == ["Haptics"])
        }
    }

    @Test func borrowedParametersCarryTheirSupportInsideTheConformer() throws {
        let source = "@Stubbable protocol Encoder { func encode(_ pixels: borrowing [UInt8]) -> Int }"
        let declaration = try #require(StubbedDeclarations.parse(source, as: ProtocolDeclSyntax.self))
        let (expansion, diagnostics) = try expand(declaration)
        #expect(diagnostics.isEmpty)
        #expect(expansion.contains("stub.call(doublesGenRecordable(pixels))"))
        // A member of the conformer: the expansion holds no file-level declaration of it.
        #expect(
            expansion.contains(
                "\n    nonisolated private func doublesGenRecordable<T>(_ value: borrowing T) -> T { copy value }"))
        #expect(expansion.contains("\n    private struct DoublesGenNoncopyableArgument"))
        // doubles-gen still writes them once, at file level.
        let cli = DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "<stdin>", text: source)]))
        #expect(
            cli.output.contains(
                "\nnonisolated private func doublesGenRecordable<T>(_ value: borrowing T) -> T { copy value }"))
        #expect(!cli.sections.joined().contains("doublesGenRecordable<T>"))
    }

    @Test func requirementsInsideIfExpandUnderTheirConditionWithoutAWarning() throws {
        let source = """
            @Stubbable protocol Platform {
                #if DEBUG
                func dumpLogs() -> [String]
                #endif
            }
            """
        let declaration = try #require(StubbedDeclarations.parse(source, as: ProtocolDeclSyntax.self))
        let (expansion, diagnostics) = try expand(declaration)
        #expect(diagnostics.isEmpty)
        #expect(expansion.contains("    #if DEBUG\n    func dumpLogs() -> [String] {"))
    }

    @Test func aStructIsAnErrorAtTheAttribute() throws {
        let declaration = try #require(
            StubbedDeclarations.parse("@Stubbable struct Feed {}", as: StructDeclSyntax.self))
        let attribute = try #require(StubbedDeclarations.attribute(named: "Stubbable", of: declaration.attributes))
        let context = BasicMacroExpansionContext()
        let peers = try StubbableMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        #expect(peers.isEmpty)
        #expect(context.diagnostics.map(\.message) == [StubbableMessage.notAProtocol.message])
    }
}
