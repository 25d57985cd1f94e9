import Foundation
import Testing

@testable import LabCore

/// `abi-lab` always runs natively and launches emulated cases itself, so
/// its process orchestration is never run under qemu-user; there, Foundation's
/// process-termination notifications arrived so late that batches hit their
/// time limit (a 30-minute test). These tests run on every native build.
@Suite(.disabled(if: runsUnderEmulation, "abi-lab orchestrates cases natively, never under emulation"))
struct CaseRunnerTests {
    /// A stand-in case runner: passes every case except `c0002` (killed by
    /// SIGSEGV), `c0004` (a wrong value) and `c0005` (killed by SIGBUS unless it runs first).
    private func fakeRunner() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "abi-lab-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("runner")
        try """
        #!/bin/sh
        for id in "$@"; do
            printf 'LABSTART\\t%s\\n' "$id"
            if [ "$id" = c0002 ]; then echo "Fatal error: boom" >&2; kill -SEGV $$; fi
            if [ "$id" = c0005 ] && [ "$1" != c0005 ]; then kill -BUS $$; fi
            if [ "$id" = c0004 ]; then printf 'LABCASE\\t%s\\twrong\\tresult: expected 1, actual 2\\n' "$id"; continue; fi
            printf 'LABCASE\\t%s\\tpassed\\t\\n' "$id"
        done

        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    /// The cases the tests run: c0000 to c0006.
    private static let ids = (0..<7).map { "c" + String($0).leftPadded(to: 4) }

    /// Runs ``ids`` through `fakeRunner()` in batches of 3 with 2 jobs, and
    /// removes the runner afterwards.
    private func runFakeCases(confirmsCrashes: Bool) async throws -> [CaseResult] {
        let runner = try fakeRunner()
        defer { try? FileManager.default.removeItem(at: runner.deletingLastPathComponent()) }
        // A batch that outlives its time limit is re-run case by case, which
        // would hide the batch crash these tests check; under qemu on a loaded
        // machine a three-line shell script has taken longer than 21 s.
        let toolchain = CaseToolchain(
            architecture: Architecture.host, repositoryRoot: URL(fileURLWithPath: "/"), configuration: .debug,
            timeoutScale: 30)
        var caseRunner = CaseRunner(toolchain: toolchain, runner: runner.path, batchSize: 3, jobs: 2) { _, _ in }
        caseRunner.confirmsCrashes = confirmsCrashes
        return try await caseRunner.run(Self.ids)
    }

    @Test func withoutConfirmationTheRunningCaseIsTheCulprit() async throws {
        let results = try await runFakeCases(confirmsCrashes: false)
        #expect(results.map(\.status) == [.passed, .passed, .crashed, .passed, .wrongValue, .crashed, .passed])
        #expect(results[2].detail == "signal 11 (SIGSEGV): Fatal error: boom")
        #expect(results[5].detail == "signal 7 (SIGBUS)")
    }

    @Test func aCrashIsPinnedToItsCaseAndTheRunGoesOn() async throws {
        let results = try await runFakeCases(confirmsCrashes: true)
        #expect(results.map(\.id) == Self.ids)
        #expect(results.map(\.status) == [.passed, .passed, .crashed, .passed, .wrongValue, .crashed, .passed])
        #expect(results[2].detail == "signal 11 (SIGSEGV): Fatal error: boom")
        #expect(results[5].detail == "crashed in a batch (signal 7 (SIGBUS)) but passed alone")
        #expect(results[4].detail == "result: expected 1, actual 2")
    }
}
