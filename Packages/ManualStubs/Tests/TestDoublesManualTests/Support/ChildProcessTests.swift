import Foundation
import StressSupport
import Testing

/// The tests' child processes (`swiftc` builds, `strip`, a stripped copy of the
/// test binary) must leave the cooperative pool to the other tests while they run.
@Suite struct ChildProcessTests {
    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["TESTDOUBLES_EMULATOR"] != nil,
            "under qemu-user, starting host children is slower than the wait the test allows"))
    func childrenRunningOnEveryCoreStillLeaveThePoolToOtherTasks() async throws {
        let sleep = try #require(
            ["/bin/sleep", "/usr/bin/sleep"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "no sleep executable")
        let events = Events()
        // One child more than the pool has threads: if waiting for them held a thread each, no other
        // task could run before the first one ends. Ten seconds leave the probe room on a loaded machine.
        let children = ProcessInfo.processInfo.activeProcessorCount + 1
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<children {
                group.addTask {
                    let outcome = try await ChildProcess.run(URL(fileURLWithPath: sleep), ["10"])
                    events.append("child \(outcome.status)")
                }
            }
            // Gives the children's tasks time to start waiting.
            try await Task.sleep(for: .milliseconds(200))
            await Task.detached { events.append("probe") }.value
            try await group.waitForAll()
        }
        #expect(events.values.first == "probe", "\(events.values)")
        #expect(events.values.filter { $0 == "child 0" }.count == children)
    }

    @Test func outputErrorsInputAndStatusComeBackApart() async throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let outcome = try await ChildProcess.run(
            shell, ["-c", "read line; echo \"out $line\"; echo \"err $line\" >&2; exit 3"], input: "hello\n",
            separateErrors: true)
        #expect(outcome.status == 3)
        #expect(outcome.output == "out hello\n")
        #expect(outcome.errors == "err hello\n")
        let merged = try await ChildProcess.run(shell, ["-c", "echo a; echo b >&2"])
        #expect(merged.status == 0)
        #expect(merged.output.split(separator: "\n").sorted() == ["a", "b"])
        #expect(merged.errors.isEmpty)
    }
}

/// The order things happened in, from any thread.
private final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var values: [String] { lock.withLock { stored } }
    func append(_ event: String) { lock.withLock { stored.append(event) } }
}
