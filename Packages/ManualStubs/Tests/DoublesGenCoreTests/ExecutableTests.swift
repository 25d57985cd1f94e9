import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// Whether the tests run under user-mode emulation (`TESTDOUBLES_EMULATOR`,
/// set by ci/arm64-test). doubles-gen is a build tool that runs on the build
/// host, and under qemu-user a child forked from this multi-threaded test
/// process has been seen to deadlock between fork and exec, hanging the run.
let runsUnderEmulation = ProcessInfo.processInfo.environment["TESTDOUBLES_EMULATOR"] != nil

/// The built `doubles-gen` executable, run as a shell would run it.
@Suite(.disabled(if: runsUnderEmulation, "doubles-gen runs on the build host; qemu-user can deadlock a forked child"))
struct ExecutableTests {
    /// The executable beside the test bundle, where SwiftPM builds products.
    static func executable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("doubles-gen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    static func run(_ arguments: [String], stdin: String) async throws -> ChildProcess.Outcome {
        let tool = try #require(executable(), "doubles-gen is not built beside the tests")
        return try await ChildProcess.run(tool, arguments, input: stdin, separateErrors: true)
    }

    @Test func theSeedOneLinerWorksAsWritten() async throws {
        // echo 'protocol P { func price(_ item: String) throws -> Int }' | doubles-gen
        let result = try await Self.run([], stdin: "protocol P { func price(_ item: String) throws -> Int }\n")
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("struct PStubConformer: P, ManualStubConformer {"))
        #expect(result.output.contains("        try stub.throwingCall(item)\n"))
        #expect(result.output.hasSuffix("typealias PStub = ManualStub<PStubConformer>\n"))
    }

    @Test func malformedInputExitsNonZeroWithALocation() async throws {
        let result = try await Self.run([], stdin: "protocol P {\n    func f(\n")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("<stdin>:3:1: error: "))
        #expect(result.output.isEmpty)
    }
}
