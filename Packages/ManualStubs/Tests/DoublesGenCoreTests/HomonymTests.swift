import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// Protocols named like a type of another module the generated file imports:
/// the conformer must still name the input's protocol.
@Suite struct HomonymTests {
    private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = DoublesGenCommand(arguments: arguments).run(
            readStandardInput: { "" }, writeOutput: { output += $0 }, writeError: { errors += $0 })
        return (status, output, errors)
    }

    @Test func aProtocolOfAnImportedModuleIsImportedByNameUnderItsConditions() {
        let result = DoublesGen.generate(
            GenerationRequest(
                sources: [
                    SourceText(
                        name: "App/Formatter.swift",
                        text: "import Foundation\nprotocol Formatter { func format(_ v: Int) -> String }\n"
                            + "#if os(Linux)\nprotocol Clock { func now() -> Int }\n#endif\n",
                        module: "App"),
                    SourceText(name: "Tests/Local.swift", text: "protocol Local { func run() }"),
                    SourceText(name: "Other/Remote.swift", text: "protocol Remote { func run() }", module: "Other"),
                ],
                testableImports: ["App"]))
        #expect(result.succeeded)
        #expect(
            result.output.hasPrefix(
                """
                \(DoublesGen.banner)

                import Foundation
                import TestDoublesManual
                import protocol App.Formatter
                @testable import App
                #if os(Linux)
                import protocol App.Clock
                #endif


                """))
    }

    @Test func theCommandLineTellsEachFilesModule() throws {
        let root = try CommandTests.directory([
            "Formatter.swift": "import Foundation\nprotocol Formatter { func format(_ v: Int) -> String }\n",
            "Local.swift": "protocol Local { func run() }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("Formatter.swift")
        let local = root.appendingPathComponent("Local.swift")

        // One --module: the <path> files are that module's.
        let inferred = run([app.path, "--all", "--module", "App"])
        #expect(inferred.status == 0, "\(inferred.errors)")
        #expect(inferred.output.contains("import protocol App.Formatter\n@testable import App\n"))

        // --module-source says whose files are whose; a <path> naming the same file again reads it once.
        let explicit = run([local.path, app.path, "--all", "--module-source", "App=\(app.path)"])
        #expect(explicit.status == 0, "\(explicit.errors)")
        #expect(explicit.output.contains("import protocol App.Formatter\n@testable import App\n"))
        #expect(!explicit.output.contains("App.Local"))
        #expect(explicit.output.contains("struct LocalStubConformer: Local, ManualStubConformer {"))

        // No module named: nothing is imported by name.
        let plain = run([app.path, local.path, "--all"])
        #expect(plain.status == 0)
        #expect(!plain.output.contains("import protocol"))

        let malformed = run([app.path, "--all", "--module-source", "App"])
        #expect(malformed.status == DoublesGenCommand.usageFailure)
        #expect(malformed.errors.contains("--module-source needs <module>=<path>, got 'App'"))
    }

    /// The hard case: module `Formatter` declares `protocol Formatter` and imports
    /// Foundation, whose `Formatter` class the generated file also sees; there
    /// `Formatter.Formatter` is ambiguous too. The output must compile.
    @Test(.disabled(if: runsUnderEmulation, "runs the host's swiftc; qemu-user can deadlock a forked child"))
    func aProtocolNamedLikeItsModuleAndAFoundationTypeCompiles() async throws {
        let compiler = try #require(CorpusTests.findSwiftc(), "swiftc is not on PATH")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("doubles-gen-homonym-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let source = work.appendingPathComponent("Formatter.swift")
        try Data(
            """
            import Foundation

            protocol Formatter {
                func format(_ value: Int) -> String
                func copy(of other: any Formatter) -> any Formatter
            }
            """.utf8
        ).write(to: source)
        let generated = work.appendingPathComponent("Stubs.swift")
        let result = run(["--all", "--module-source", "Formatter=\(source.path)", "-o", generated.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: generated, encoding: .utf8).contains("import protocol Formatter.Formatter\n"))

        func swiftc(_ arguments: [String]) async throws -> String {
            let build = try await ChildProcess.run(
                compiler, ["-swift-version", "6", "-parse-as-library", "-I", work.path] + arguments)
            return build.status == 0 ? "" : "exit \(build.status): \(build.output)"
        }
        // The contract shim stands in for TestDoublesManual, as a module of that name.
        let shim = work.appendingPathComponent("ContractShim.swift")
        try FileManager.default.copyItem(at: CorpusTests.shim, to: shim)
        let manual = try await swiftc([
            "-emit-module", "-module-name", "TestDoublesManual", shim.path,
            "-emit-module-path", work.appendingPathComponent("TestDoublesManual.swiftmodule").path,
        ])
        #expect(manual.isEmpty, "\(manual)")
        let module = try await swiftc([
            "-emit-module", "-enable-testing", "-module-name", "Formatter", source.path,
            "-emit-module-path", work.appendingPathComponent("Formatter.swiftmodule").path,
        ])
        #expect(module.isEmpty, "\(module)")
        let client = try await swiftc(["-typecheck", "-module-name", "FormatterTests", generated.path])
        #expect(client.isEmpty, "the generated file does not compile: \(client)")
    }
}
