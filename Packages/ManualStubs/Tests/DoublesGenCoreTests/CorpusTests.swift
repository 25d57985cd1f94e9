import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// The corpus: protocol files covering every supported shape, with a golden
/// generated file and a type-check of that file against the conformer
/// contract's signatures.
@Suite struct CorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The corpus is a compiled target of its own, so that the round-trip
    /// tests can generate from it with the build-tool plugin.
    static let corpus = directory.deletingLastPathComponent().appendingPathComponent("DoublesGenCorpus")
    static let shim = directory.appendingPathComponent("Support/ContractShim.swift.txt")
    static let golden = directory.appendingPathComponent("Golden/Corpus.stubs.txt")
    /// The corpus file that declares the types the protocols mention.
    static let supportFiles = ["Support.swift"]

    static func protocolFiles() throws -> [SourceText] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
            .filter { $0.hasSuffix(".swift") && !supportFiles.contains($0) }
            .sorted()
        return try names.map { name in
            SourceText(
                name: "Corpus/\(name)",
                text: try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
            )
        }
    }

    static func generate() throws -> GenerationResult {
        DoublesGen.generate(GenerationRequest(sources: try protocolFiles()))
    }

    @Test func coversAtLeastFortyProtocolsAndGeneratesEachOne() throws {
        let files = try Self.protocolFiles()
        let declared = files.flatMap { Parser.parse($0.text, file: $0.name).protocols.map(\.name) }
        let result = try Self.generate()
        #expect(declared.count >= 40)
        #expect(result.generatedProtocols == declared.sorted())
        #expect(
            result.diagnostics.map(\.description) == [
                "Corpus/Conditional.swift:3:5: warning: requirements inside '#if' are generated under the same condition"
            ])
    }

    @Test func matchesTheGoldenFile() throws {
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let output = try Self.generate().output
        let summary = FileCheck.summary(existing: expected, expected: output)
        #expect(summary == nil, "regenerate Golden/Corpus.stubs.txt if intended: \(summary ?? [])")
    }

    @Test func isTheSameWhateverTheFileOrder() throws {
        let files = try Self.protocolFiles()
        let reversed = DoublesGen.generate(GenerationRequest(sources: files.reversed()))
        let forward = try Self.generate().output
        #expect(reversed.output == forward)
    }

    @Test func parsesBackCleanly() throws {
        let output = try Self.generate().output
        let parsed = Parser.parse(output, file: "Stubs.swift")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.protocols.isEmpty)
        let generated = try Self.generate().generatedProtocols
        #expect(FileCheck.sections(output).keys.sorted() == generated)
    }

    @Test(.disabled(if: runsUnderEmulation, "runs the host's swiftc; qemu-user can deadlock a forked child"))
    func compilesAgainstTheConformerContract() async throws {
        let swiftc = try #require(Self.findSwiftc(), "swiftc is not on PATH")
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("doubles-gen-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var files: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path) where name.hasSuffix(".swift")
        {
            files.append(Self.corpus.appendingPathComponent(name).path)
        }
        let shim = work.appendingPathComponent("ContractShim.swift")
        try FileManager.default.copyItem(at: Self.shim, to: shim)
        files.append(shim.path)
        // The shim stands in for TestDoublesManual, so the import goes.
        let generated = try Self.generate().output.replacing("import TestDoublesManual\n", with: "")
        let generatedFile = work.appendingPathComponent("Generated.swift")
        try Data(generated.utf8).write(to: generatedFile)
        files.append(generatedFile.path)

        // SIL, not just type-checking: ownership errors are diagnosed there.
        let build = try await ChildProcess.run(
            swiftc,
            ["-emit-sil", "-wmo", "-o", work.appendingPathComponent("Corpus.sil").path]
                + ["-swift-version", "6", "-module-name", "Corpus"] + files.sorted())
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("Generated.swift"), "warnings in generated code: \(build.output)")
    }

    /// swift-format ships with the Swift 6.3 toolchain that CI lints with, not
    /// with Debian's Swift 6.0.3 that builds the arm64 and 6.0 configurations.
    @Test(
        .enabled(if: CorpusTests.findTool("swift-format") != nil, "swift-format is not on PATH"),
        .disabled(if: runsUnderEmulation, "runs the host's swift-format; qemu-user can deadlock a forked child"))
    func passesTheRepositoryFormatLint() async throws {
        let swiftFormat = try #require(Self.findTool("swift-format"), "swift-format is not on PATH")
        let configuration = try #require(Self.formatConfiguration(), "no .swift-format above the tests")
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("doubles-gen-format-\(UUID().uuidString).swift")
        try Data(try Self.generate().output.utf8).write(to: work)
        defer { try? FileManager.default.removeItem(at: work) }
        let lint = try await ChildProcess.run(
            swiftFormat, ["lint", "--strict", "--configuration", configuration.path, work.path])
        #expect(lint.status == 0, "\(lint.output)")
    }

    /// The repository's `.swift-format`, the nearest one above the tests
    /// (symbolic links resolved, so a scratch package linking them finds it).
    static func formatConfiguration() -> URL? {
        var directory = directory.resolvingSymlinksInPath()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(".swift-format")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    static func findSwiftc() -> URL? { findTool("swiftc") }

    static func findTool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
