import Foundation
import Testing

@testable import DoublesGenCore

@Suite struct CommandTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private func run(_ arguments: [String], stdin: String = "") -> Run {
        var output = ""
        var errors = ""
        let status = DoublesGenCommand(arguments: arguments).run(
            readStandardInput: { stdin },
            writeOutput: { output += $0 },
            writeError: { errors += $0 }
        )
        return Run(status: status, output: output, errors: errors)
    }

    /// A fresh directory with the given files, removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("doubles-gen-command-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func theSeedOneLinerPrintsAConformerAndTheControllerAlias() {
        let result = run([], stdin: "protocol P { func price(_ item: String) throws -> Int }\n")
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("struct PStubConformer: P, ManualStubConformer {"))
        #expect(
            result.output.contains(
                "    func price(_ item: String) throws -> Int {\n        try stub.throwingCall(item)\n"))
        #expect(result.output.hasSuffix("typealias PStub = ManualStub<PStubConformer>\n"))
    }

    @Test func walksDirectoriesAndWritesTheOutputFile() throws {
        let root = try Self.directory([
            "Sources/App/Base.swift": "protocol Base { func base() }",
            "Sources/App/Feature/Leaf.swift": "protocol Leaf: Base { func leaf() }",
            "Sources/App/.build/Ignored.swift": "protocol Ignored {}",
            "Sources/App/notes.txt": "protocol NotSwift {}",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Tests/Generated/Stubs.swift")
        let result = run([root.appendingPathComponent("Sources").path, "--all", "-o", output.path, "--module", "App"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("@testable import App\n"))
        #expect(FileCheck.sections(written).keys.sorted() == ["Base", "Leaf"])
        #expect(written.contains("struct LeafStubConformer: Leaf, ManualStubConformer {"))
        #expect(written.contains("func base() {"))
    }

    @Test func namesProtocolsWithTheProtocolOption() throws {
        let root = try Self.directory(["A.swift": "protocol A { func a() }\nprotocol B: A { func b() }"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = run([root.path, "--protocol", "B"])
        #expect(result.status == 0)
        #expect(FileCheck.sections(result.output).keys.sorted() == ["B"])
        #expect(result.output.contains("func a() {"))
    }

    @Test func checkPassesWhenCurrentAndSummarizesWhenNot() throws {
        let root = try Self.directory([
            "Sources/A.swift": "protocol A { func a() }",
            "Sources/B.swift": "protocol B { func b() }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources").path
        let output = root.appendingPathComponent("Stubs.swift").path

        let missing = run([sources, "--all", "-o", output, "--check"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("Stubs.swift does not exist"))
        #expect(!FileManager.default.fileExists(atPath: output))

        #expect(run([sources, "--all", "-o", output]).status == 0)
        let current = run([sources, "--all", "-o", output, "--check"])
        #expect(current.status == 0)
        #expect(current.errors.contains("is up to date"))

        try Data("protocol A { func a(); func a2() }\nprotocol C { func c() }".utf8)
            .write(to: root.appendingPathComponent("Sources/A.swift"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/B.swift"))
        let stale = run([sources, "--all", "-o", output, "--check"])
        #expect(stale.status == 1)
        #expect(stale.errors.contains("Stubs.swift is not current"))
        #expect(stale.errors.contains("  missing conformers: C\n"))
        #expect(stale.errors.contains("  out-of-date conformers: A\n"))
        #expect(stale.errors.contains("  conformers for protocols no longer in the input: B\n"))
        #expect(stale.errors.contains("first difference at line"))
    }

    @Test func malformedInputFailsWithFileAndLineAndWritesNothing() throws {
        let root = try Self.directory(["Bad.swift": "protocol P {\n    func f(x: Int = 3)\n}\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Bad.swift").path
        let output = root.appendingPathComponent("Stubs.swift").path
        let result = run([file, "--all", "-o", output])
        #expect(result.status == 1)
        #expect(
            result.errors.hasPrefix("\(file):2:19: error: default arguments are not allowed in protocol requirements\n")
        )
        #expect(result.errors.contains("doubles-gen: 1 error; nothing written"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func requireProtocolsFailsWhenNothingWouldBeGenerated() throws {
        let root = try Self.directory([
            "Model.swift": "struct Model { var id: Int }",
            "Legacy.swift": "@objc protocol Legacy { func f() }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Generated.swift").path
        let empty = run([root.path, "--all", "--require-protocols", "-o", output])
        #expect(empty.status == 1)
        #expect(empty.errors.contains("no protocol a conformer can be generated for is declared in 2 input files"))
        #expect(!FileManager.default.fileExists(atPath: output))
        // Without the flag the same input writes a file with no conformer in it.
        #expect(run([root.path, "--all", "-o", output]).status == 0)

        try Data("protocol Clock { func now() -> Int }".utf8).write(to: root.appendingPathComponent("Clock.swift"))
        let one = run([root.path, "--all", "--require-protocols", "-o", output])
        #expect(one.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("struct ClockStubConformer"))
    }

    @Test func skipsUnsupportedProtocolsUnderAllButFailsWhenTheyAreNamed() throws {
        let root = try Self.directory(["A.swift": "@objc protocol Legacy { func f() }\nprotocol Modern { func g() }"])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("A.swift").path
        let all = run([file, "--all"])
        #expect(all.status == 0)
        #expect(all.errors.hasPrefix("\(file):1:7: warning: @objc protocols are not supported"))
        #expect(FileCheck.sections(all.output).keys.sorted() == ["Modern"])
        #expect(all.errors.hasSuffix("doubles-gen: skipped 1 protocol (see the warnings above): Legacy\n"))
        let named = run([file, "--protocol", "Legacy"])
        #expect(named.status == 1)
        #expect(named.errors.hasPrefix("\(file):1:7: error: @objc protocols are not supported"))
    }

    @Test func aProtocolDeclaredInTwoFilesOfADirectoryFailsAndWritesNothing() throws {
        let root = try Self.directory([
            "Sources/A/Service.swift": "protocol Service { func a() }",
            "Sources/B/Service.swift": "protocol Service { func b() }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Out.swift").path
        let result = run([root.appendingPathComponent("Sources").path, "--all", "-o", output])
        #expect(result.status == 1)
        #expect(result.errors.contains("B/Service.swift:1:10: error: protocol 'Service' is also declared at "))
        #expect(result.errors.hasSuffix("doubles-gen: 1 error; nothing written\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [
        "protocol P {",
        "protocol P { func f( }",
        "protocol { }",
        "protocol P { var x: { get } }",
        "protocol P<> {}",
        "protocol P { func f() -> [Int }",
        "\"unterminated",
        "protocol P { subscript(i: Int) -> Int }",
        "protocol P { init?<(x: Int) }",
    ])
    func malformedStandardInputNeverCrashes(source: String) {
        let result = run([], stdin: source)
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("<stdin>:1:"))
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["Sources"], "name the protocols to generate with --protocol <name>, or pass --all"),
        (["--check"], "--check needs the file to check: pass -o <file>"),
        (["-o"], "-o needs a value"),
        (["x", "--all", "--protocol", "P"], "--all and --protocol cannot be combined"),
    ])
    func rejectsMalformedCommandLines(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("doubles-gen: error: \(message)\n"))
    }

    @Test func reportsMissingPaths() {
        let result = run(["/nonexistent/doubles-gen-input", "--all"])
        #expect(result.status == 1)
        #expect(result.errors == "doubles-gen: error: no such file or directory: /nonexistent/doubles-gen-input\n")
    }

    @Test func printsHelp() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("USAGE: doubles-gen"))
        #expect(result.output.contains("--check"))
    }
}
