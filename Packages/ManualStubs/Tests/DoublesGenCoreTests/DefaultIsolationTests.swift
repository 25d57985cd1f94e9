#if compiler(>=6.2)
import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// Generated conformers compile in a module built with approachable
/// concurrency (`-default-isolation MainActor`, Xcode 26's default for a new
/// app target), where a protocol that names no actor is main-actor-isolated
/// without saying so: `stub` and `init(stub:)` must be `nonisolated` there too,
/// and so must `@StubbableClient`'s wiring initializer.
@Suite struct DefaultIsolationTests {
    /// Protocols as such a module writes them: nothing says `@MainActor`.
    static let protocols = """
        struct Note: Equatable, Sendable { var id: Int }
        struct Token: ~Copyable { var id: Int }

        protocol NoteStore {
            func note(id: Int) -> Note?
            var name: String { get }
            func refresh() async throws -> [Note]
            static func make() -> Int
        }

        protocol NoteCache: AnyObject {
            func store(_ note: Note)
            var count: Int { get set }
        }

        protocol NoteScreen {
            @MainActor func show(_ title: String)
            nonisolated func identifier() -> String
            init(title: String)
        }

        protocol NoteUploader: Sendable {
            func upload(_ note: Note) async throws -> Bool
        }

        protocol NoteBorrower {
            nonisolated func read(_ note: borrowing Note) -> Int
            nonisolated func use(_ token: borrowing Token)
            func keep(_ note: consuming Note)
        }
        """

    @Test(.disabled(if: runsUnderEmulation, "runs the host's swiftc; qemu-user can deadlock a forked child"))
    func generatedConformersCompileInADefaultMainActorModule() async throws {
        let result = DoublesGen.generate(
            GenerationRequest(sources: [SourceText(name: "Protocols.swift", text: Self.protocols)]))
        #expect(result.generatedProtocols == ["NoteBorrower", "NoteCache", "NoteScreen", "NoteStore", "NoteUploader"])
        try await Self.compileInADefaultMainActorModule(
            named: "Notes", shims: [CorpusTests.shim], declarations: Self.protocols, generated: result.output)
    }

    /// Clients as such a module writes them: nothing says `@MainActor`, so
    /// each is main-actor-isolated, and so would be an unmarked initializer.
    static let clients = """
        struct Reading: Equatable, Sendable { var value: Double }
        enum SensorError: Error { case offline }

        struct CatalogClient {
            typealias Lookup = @Sendable (String) -> Int?
            var count: @Sendable () -> Int
            var price: @Sendable (String, Int) throws -> Double
            var load: @Sendable (Int) throws(SensorError) -> Reading
            var lookup: Lookup
        }

        struct StatusClient<Value: Sendable> {
            var namespace: String
            var status: @Sendable (Value) -> Bool
        }

        struct Gateway {
            var endpoints: [String]
            var open: @Sendable () -> Void
        }

        func presets() {
            _ = CatalogClientDoubles.preset()
            _ = StatusClientDoubles<String>.preset(namespace: "tests")
            _ = GatewayDoubles.preset(endpoints: [])
        }
        """

    /// What `@StubbableClient` reads from `clients`.
    static let clientModels = [
        ClientDeclaration(
            typeName: "CatalogClient", simpleName: "CatalogClient",
            fields: [
                ClientField(name: "count", role: .endpoint(closureType: "@Sendable () -> Int")),
                ClientField(name: "price", role: .endpoint(closureType: "@Sendable (String, Int) throws -> Double")),
                ClientField(
                    name: "load", role: .endpoint(closureType: "@Sendable (Int) throws(SensorError) -> Reading")),
                ClientField(name: "lookup", role: .endpoint(closureType: "Lookup")),
            ]),
        ClientDeclaration(
            typeName: "StatusClient", simpleName: "StatusClient", genericParameters: ["Value: Sendable"],
            genericArgumentNames: ["Value"],
            fields: [
                ClientField(name: "namespace", role: .input(type: "String")),
                ClientField(name: "status", role: .endpoint(closureType: "@Sendable (Value) -> Bool")),
            ]),
        ClientDeclaration(
            typeName: "Gateway", simpleName: "Gateway",
            fields: [
                ClientField(name: "endpoints", role: .input(type: "[String]")),
                ClientField(name: "open", role: .endpoint(closureType: "@Sendable () -> Void")),
            ]),
    ]

    @Test(.disabled(if: runsUnderEmulation, "runs the host's swiftc; qemu-user can deadlock a forked child"))
    func stubbableClientWiringCompilesInADefaultMainActorModule() async throws {
        // What the macro expands to: the wiring extension beside each client, and its namespace.
        let output = Self.clientModels.flatMap {
            [ClientDoublesWriter.wiringExtension(of: $0), ClientDoublesWriter.namespace(of: $0)]
        }
        try await Self.compileInADefaultMainActorModule(
            named: "Clients",
            shims: [CorpusTests.shim, CorpusTests.directory.appendingPathComponent("Support/ClientShim.swift.txt")],
            declarations: Self.clients, generated: (["import TestDoublesManual"] + output).joined(separator: "\n\n"))
    }

    /// Compiles `declarations` and the code generated for them to SIL as a
    /// module built with approachable concurrency (`-default-isolation
    /// MainActor`, `InferIsolatedConformances`, `NonisolatedNonsendingByDefault`),
    /// against `TestDoublesManual` made of the contract's stand-ins `shims`
    /// (built without default isolation, as the real module is), and expects
    /// no error and no warning in the generated code.
    ///
    /// SIL, not just type-checking: isolation and ownership errors are diagnosed there.
    static func compileInADefaultMainActorModule(
        named module: String, shims: [URL], declarations: String, generated: String
    ) async throws {
        let swiftc = try #require(CorpusTests.findSwiftc(), "swiftc is not on PATH")
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("doubles-gen-default-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        let shimPaths = try shims.map { source in
            let copy = work.appendingPathComponent(source.deletingPathExtension().lastPathComponent)
            try FileManager.default.copyItem(at: source, to: copy)
            return copy.path
        }
        let contract = try await ChildProcess.run(
            swiftc,
            ["-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "TestDoublesManual"]
                + ["-emit-module-path", work.appendingPathComponent("TestDoublesManual.swiftmodule").path] + shimPaths)
        try #require(contract.status == 0, "\(contract.output)")

        let declared = work.appendingPathComponent("\(module).swift")
        try Data(declarations.utf8).write(to: declared)
        let written = work.appendingPathComponent("Generated.swift")
        try Data(generated.utf8).write(to: written)
        let build = try await ChildProcess.run(
            swiftc,
            ["-emit-sil", "-wmo", "-parse-as-library", "-o", work.appendingPathComponent("\(module).sil").path]
                + ["-swift-version", "6", "-module-name", module, "-I", work.path]
                + ["-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances"]
                + ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault", declared.path, written.path])
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("Generated.swift"), "warnings in generated code: \(build.output)")
    }
}
#endif
