import DoublesGenCore
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@testable import MockingMacrosPlugin

/// `@StubbableClient` reads a client into the model ``ClientDoublesWriter``
/// writes from, and diagnoses shapes the wiring cannot serve.
@Suite struct StubbableClientExpansionTests {
    /// The namespace and extension the macro writes, and its diagnostics.
    func expand(_ declaration: StructDeclSyntax) throws -> (String, String, [String]) {
        let attribute = try #require(
            StubbedDeclarations.attribute(named: "StubbableClient", of: declaration.attributes))
        let context = BasicMacroExpansionContext()
        let peers = try StubbableClientMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        let extensions = try StubbableClientMacro.expansion(
            of: attribute, attachedTo: declaration,
            providingExtensionsOf: SwiftSyntax.TypeSyntax(stringLiteral: declaration.name.text),
            conformingTo: [], in: context)
        return (
            peers.map(\.description).joined(), extensions.map(\.description).joined(),
            context.diagnostics.map(\.message)
        )
    }

    func client(named name: String) throws -> StructDeclSyntax {
        try #require(
            StubbedDeclarations.file.statements.lazy.compactMap { $0.item.as(StructDeclSyntax.self) }
                .first { $0.name.text == name })
    }

    @Test func theArticleClientExpandsToTheWritersOutput() throws {
        let (namespace, wiring, diagnostics) = try expand(try client(named: "StatusClient"))
        let model = ClientDeclaration(
            typeName: "StatusClient", simpleName: "StatusClient", genericParameters: ["Value: Sendable"],
            genericArgumentNames: ["Value"],
            fields: [
                ClientField(name: "namespace", role: .input(type: "String")),
                ClientField(name: "status", role: .endpoint(closureType: "Status")),
                ClientField(name: "record", role: .endpoint(closureType: "ExternalRecord<Value>")),
            ])
        #expect(diagnostics.isEmpty)
        #expect(namespace == ClientDoublesWriter.namespace(of: model))
        #expect(wiring == ClientDoublesWriter.wiringExtension(of: model))
        #expect(namespace.contains("enum StatusClientDoubles<Value: Sendable> {"))
        #expect(namespace.contains("static func preset(namespace: String) -> ClientDoublePreset<StatusClient<Value>>"))
        #expect(wiring.contains("let recordForwarding: @Sendable (Self) -> ExternalRecord<Value> = { $0.record }"))
        #expect(wiring.contains("as: ExternalRecord<Value>.self, forwarding: recordForwarding)"))
        #expect(!wiring.contains("transform"))
    }

    @Test func inlineClosuresOptionalsAndDefaults() throws {
        let (namespace, wiring, diagnostics) = try expand(try client(named: "CatalogClient"))
        let closure = { (name: String, type: String) in ClientField(name: name, role: .endpoint(closureType: type)) }
        let model = ClientDeclaration(
            typeName: "CatalogClient", simpleName: "CatalogClient",
            fields: [
                closure("count", "@Sendable () -> Int"),
                closure("price", "@Sendable (String, Int) throws -> Double"),
                closure("refresh", "@Sendable () async -> Void"),
                closure("load", "@Sendable (Int) async throws(SensorError) -> Reading"),
            ])
        #expect(diagnostics.isEmpty)
        #expect(namespace == ClientDoublesWriter.namespace(of: model))
        #expect(wiring == ClientDoublesWriter.wiringExtension(of: model))
    }

    @Test func accessLevelAndWhereClauseReachTheNamespace() throws {
        let source = """
            @StubbableClient public struct Feed<Item> where Item: Sendable {
                public var next: @Sendable () async -> Item?
            }
            """
        let (namespace, _, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(diagnostics.isEmpty)
        #expect(namespace.contains("public enum FeedDoubles<Item> where Item: Sendable {"))
        #expect(namespace.contains("    public static func preset() -> ClientDoublePreset<Feed<Item>> {"))
    }

    @Test func fieldsInsideIfAreWiredUnderTheirConditions() throws {
        let source = """
            @StubbableClient struct Diagnostics {
                var report: @Sendable (String) -> Void
                #if DEBUG
                var dump: @Sendable () -> String
                #elseif os(Linux)
                var trace: @Sendable () -> Void
                #else
                var upload: @Sendable () async -> Void
                #endif
            }
            """
        let (_, wiring, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(diagnostics.isEmpty)
        #expect(wiring.contains("        #if DEBUG\n        let dumpForwarding"))
        #expect(wiring.contains("        #if !DEBUG && (os(Linux))\n        let traceForwarding"))
        #expect(wiring.contains("        #if !DEBUG && !(os(Linux))\n        let uploadForwarding"))
        #expect(wiring.components(separatedBy: "#endif").count == 4)
    }

    /// Written on a global actor or not: in a module built with `-default-isolation MainActor` a plain
    /// client is main-actor-isolated too, and the preset's builder calls the initializer from anywhere.
    @Test(arguments: ["@MainActor @StubbableClient struct Toasts", "@StubbableClient struct Toasts"])
    func everyClientGetsANonisolatedWiringInitializer(declaration: String) throws {
        let source = declaration + " { var show: @Sendable (String) -> Void }"
        let (_, wiring, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(diagnostics.isEmpty)
        #expect(wiring.contains("    nonisolated fileprivate init(stubbableClientEndpoints endpoints:"))
    }

    #if compiler(>=6.2)
    /// `@concurrent` and `nonisolated(nonsending)` name no actor: the plain and the nonsending async endpoints
    /// serve them, each field's metatype picking its overload.
    @Test func concurrentAndNonsendingFieldsAreEndpoints() throws {
        let source = """
            @StubbableClient struct Feed {
                var refresh: @concurrent @Sendable (Int) async -> Int
                var load: nonisolated(nonsending) @Sendable (String) async throws -> [String]
            }
            """
        let (_, wiring, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let model = ClientDeclaration(
            typeName: "Feed", simpleName: "Feed",
            fields: [
                ClientField(name: "refresh", role: .endpoint(closureType: "@concurrent @Sendable (Int) async -> Int")),
                ClientField(
                    name: "load",
                    role: .endpoint(closureType: "nonisolated(nonsending) @Sendable (String) async throws -> [String]")),
            ])
        #expect(wiring == ClientDoublesWriter.wiringExtension(of: model))
    }
    #endif

    @Test func anInputNamedEndpointsKeepsItsName() throws {
        let source = "@StubbableClient struct Gateway { var endpoints: [String]; var open: @Sendable () -> Void }"
        let (namespace, wiring, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(diagnostics.isEmpty)
        #expect(
            wiring.contains(
                "nonisolated fileprivate init(stubbableClientEndpoints: ClientStubEndpoints<Self>, endpoints: [String])"
            ))
        #expect(namespace.contains("static func preset(endpoints: [String]) -> ClientDoublePreset<Gateway> {"))
        #expect(namespace.contains("ClientDoublePreset { stubbableClientEndpoints in"))
        #expect(
            namespace.contains(
                "Gateway(stubbableClientEndpoints: stubbableClientEndpoints, endpoints: endpoints)"))
    }

    /// Each unsupported shape is an error naming the field or parameter, and nothing is generated.
    @Test(arguments: [
        ("@StubbableClient struct C<each T> { var run: @Sendable () -> Void }", "parameter pack 'each T'"),
        ("@StubbableClient struct C { var bump: @Sendable (inout Int) -> Void }", "'bump' of 'C' takes an inout"),
        ("@StubbableClient struct C { var sum: @Sendable (Int...) -> Int }", "'sum' of 'C' takes a variadic"),
        ("@StubbableClient struct C { var show: @MainActor (String) -> Void }", "'show' of 'C' is marked '@MainActor'"),
        (
            "@StubbableClient(aliasedEndpoints: \"missing\") struct C { var run: () -> Void }",
            "no stored field named 'missing'"
        ),
        ("@StubbableClient(aliasedEndpoints: name) struct C { var run: () -> Void }", "string literals"),
        ("@StubbableClient struct C { var (a, b): (Int, Int) }", "by destructuring"),
        (
            "@StubbableClient struct C { var keep: @Sendable (sending [Int]) -> Void }",
            "'keep' of 'C' takes a 'sending'"
        ),
        (
            "@StubbableClient struct C { var make: @Sendable () -> sending [Int] }",
            "'make' of 'C' returns 'sending [Int]'"
        ),
        ("@MainActor @StubbableClient struct C { var run: () -> Void }", "'run' of 'C' is not @Sendable"),
        ("@StubbableClient struct C {\n#if DEBUG\nvar level: Int\n#endif\n}", "'level' of 'C' is inside '#if'"),
    ])
    func unsupportedShapesAreErrors(source: String, expected: String) throws {
        let (namespace, wiring, diagnostics) = try expand(
            try #require(StubbedDeclarations.parse(source, as: StructDeclSyntax.self)))
        #expect(namespace.isEmpty)
        #expect(wiring.isEmpty)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.contains(expected), "\(diagnostics)")
    }

    @Test func aProtocolIsAnErrorAtTheAttribute() throws {
        let declaration = try #require(
            StubbedDeclarations.parse("@StubbableClient protocol Feed {}", as: ProtocolDeclSyntax.self))
        let attribute = try #require(
            StubbedDeclarations.attribute(named: "StubbableClient", of: declaration.attributes))
        let context = BasicMacroExpansionContext()
        let peers = try StubbableClientMacro.expansion(of: attribute, providingPeersOf: declaration, in: context)
        #expect(peers.isEmpty)
        #expect(context.diagnostics.map(\.message) == [StubbableMessage.notAStruct.message])
    }
}
