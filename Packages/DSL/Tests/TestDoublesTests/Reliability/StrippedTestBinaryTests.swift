import Foundation
import StressSupport
import TestDoubles
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A protocol whose only conformer is linked into this test binary.
protocol StrippedBinaryProbe {
    func combine(_ first: Int, with second: String) -> String
}

struct LiveStrippedBinaryProbe: StrippedBinaryProbe {
    func combine(_ first: Int, with second: String) -> String { "\(first)\(second)" }
}

/// Census row "a stripped test binary": this test binary, copied and
/// stripped (`strip --strip-all`: no `.symtab`, no DWARF), runs one test
/// in a child process that builds `Stub` of a protocol whose conformer
/// lives in the stripped executable.
@Suite struct StrippedTestBinaryTests {
    /// Set in the child's environment; the child test runs only there.
    static let childVariable = "TESTDOUBLES_STRIPPED_CHILD"
    /// Whether this process is the stripped child.
    static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }

    @Test(
        .enabled(if: !StrippedTestBinaryTests.isChild && LoadedLibrary.tool("strip") != nil, "needs strip (binutils)"),
        .disabled(if: LoadedLibrary.runsUnderEmulation, "the host's strip does not read emulated binaries"))
    func aStrippedTestBinaryRefusesDiscoveryAndServesExplicitRequirements() async throws {
        let original = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let stripped = FileManager.default.temporaryDirectory
            .appendingPathComponent("testdoubles-stripped-\(UUID().uuidString).xctest")
        try Self.copyExecutable(atPath: original, to: stripped.path)
        defer { try? FileManager.default.removeItem(at: stripped) }
        let strip = try await Self.run(try #require(LoadedLibrary.tool("strip")), ["--strip-all", stripped.path])
        #expect(strip.status == 0, "\(strip.output)")

        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        let child = try await Self.run(
            stripped,
            ["--testing-library", "swift-testing", "--filter", "inTheStrippedChildBinary"],
            environment: environment)
        #expect(child.status == 0, "\(child.output)")
        let lines = child.output.split(separator: "\n").map(String.init)
        // Discovery: the witness thunks' names and DWARF are gone with the `.symtab`.
        let discovery = try #require(lines.first { $0.hasPrefix("stripped-child discovery: ") }, "\(child.output)")
        #expect(discovery.hasPrefix("stripped-child discovery: signatureDiscoveryFailed "), "\(discovery)")
        #expect(discovery.contains("\(stripped.path) is stripped (no .symtab)"), "\(discovery)")
        #expect(discovery.contains("LiveStrippedBinaryProbe"), "\(discovery)")
        // The documented fallback still works: explicit requirements.
        #expect(lines.contains("stripped-child explicit: x4"), "\(child.output)")
        // Swift 6.0's summary omits "in 1 suite".
        #expect(
            child.output.contains("Test run with 1 test in 1 suite passed")
                || child.output.contains("Test run with 1 test passed"), "\(child.output)")
    }

    /// Runs only in the stripped child (see above); prints what happened for the parent to check.
    @Test(.enabled(if: StrippedTestBinaryTests.isChild)) func inTheStrippedChildBinary() throws {
        do {
            _ = try Stub<any StrippedBinaryProbe>()
            print("stripped-child discovery: built")
        } catch {
            print("stripped-child discovery: \(error.kind) \(error.reason)")
        }
        let probe = try Stub<any StrippedBinaryProbe>(
            .method("combine(_:with:)", signatureOf: { $0.combine }))
        probe.when { $0.combine(Match.any(), with: Match.any()) }.then { (first: Int, second: String) in
            "\(second)\(first)"
        }
        print("stripped-child explicit: \(probe().combine(4, with: "x"))")
    }

    /// Whether starting a process failed with ETXTBSY, directly or as the underlying POSIX error.
    static func isTextFileBusy(_ error: any Error) -> Bool {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return underlying.domain == NSPOSIXErrorDomain && underlying.code == Int(ETXTBSY)
    }

    /// Copies an executable through a descriptor opened close-on-exec: a child
    /// process another test starts while the copy is written must not inherit
    /// the writable descriptor, or exec of the copy fails with ETXTBSY for as
    /// long as that child lives (some run for seconds).
    static func copyExecutable(atPath source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
                offset += written
            }
        }
    }

    /// Runs `executable` to completion (off the cooperative pool); its exit status and its output and
    /// errors together.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) async throws -> ChildProcess.Outcome {
        // The copy was just written: a child another test forks at that moment can
        // hold the writable descriptor until it execs, and exec then fails with
        // ETXTBSY ("Text file busy"). Such a window closes within milliseconds.
        var attempts = 0
        while true {
            do {
                return try await ChildProcess.run(executable, arguments, environment: environment)
            } catch let error where isTextFileBusy(error) && attempts < 50 {
                attempts += 1
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
