#if compiler(>=6.2)
import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// Generated conformers compile in a module built with approachable
/// concurrency (`-default-isolation MainActor`, Xcode 26's default for a new
/// app target), where a protocol that names no actor is main-actor-isolated
/// without saying so: `stub` and `init(stub:)` must be `nonisolated` there too.
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
        let swiftc = try #require(CorpusTests.findSwiftc(), "swiftc is not on PATH")
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("doubles-gen-default-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        // The contract's stand-in, as a module of its own built without default isolation, as the real one is.
        let shim = work.appendingPathComponent("ContractShim.swift")
        try FileManager.default.copyItem(at: CorpusTests.shim, to: shim)
        let module = try await ChildProcess.run(
            swiftc,
            ["-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "TestDoublesManual"]
                + ["-emit-module-path", work.appendingPathComponent("TestDoublesManual.swiftmodule").path, shim.path])
        try #require(module.status == 0, "\(module.output)")

        let result = DoublesGen.generate(
            GenerationRequest(sources: [SourceText(name: "Protocols.swift", text: Self.protocols)]))
        #expect(result.generatedProtocols == ["NoteBorrower", "NoteCache", "NoteScreen", "NoteStore", "NoteUploader"])
        let protocols = work.appendingPathComponent("Protocols.swift")
        try Data(Self.protocols.utf8).write(to: protocols)
        let generated = work.appendingPathComponent("Generated.swift")
        try Data(result.output.utf8).write(to: generated)

        // SIL, not just type-checking: isolation and ownership errors are diagnosed there.
        let build = try await ChildProcess.run(
            swiftc,
            ["-emit-sil", "-wmo", "-parse-as-library", "-o", work.appendingPathComponent("Notes.sil").path]
                + ["-swift-version", "6", "-module-name", "Notes", "-I", work.path]
                + ["-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances"]
                + ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault", protocols.path, generated.path])
        #expect(build.status == 0, "\(build.output)")
        #expect(!build.output.contains("Generated.swift"), "warnings in generated code: \(build.output)")
    }
}
#endif
