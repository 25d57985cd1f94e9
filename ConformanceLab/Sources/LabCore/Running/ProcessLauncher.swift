import Foundation

/// Runs a child process to completion without blocking a thread of the
/// cooperative pool, capturing its output in files (no pipe can fill up),
/// and killing it when it outlives a time limit.
public enum ProcessLauncher {
    /// Runs `executable` with `arguments`.
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Extra environment variables.
    ///   - timeout: Seconds after which the process is killed.
    ///   - workingDirectory: The directory to run in, if not the current one.
    /// - Returns: How it ended and what it printed.
    /// - Throws: When the process cannot be started.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double,
        workingDirectory: URL? = nil
    ) async throws -> ProcessOutcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("abi-lab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice

        let timedOut = TimeoutFlag()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                timedOut.startFailure = error
                continuation.resume()
                return
            }
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning {
                    timedOut.set()
                    kill(pid, SIGKILL)
                }
            }
        }
        try? outHandle.close()
        try? errHandle.close()
        if let error = timedOut.startFailure { throw error }
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let diagnostics = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        let termination: ProcessOutcome.Termination
        if timedOut.isSet {
            termination = .timeout(seconds: timeout)
        } else if process.terminationReason == .uncaughtSignal {
            termination = .signal(process.terminationStatus)
        } else {
            termination = .exit(process.terminationStatus)
        }
        return ProcessOutcome(termination: termination, output: output, diagnostics: diagnostics)
    }
}

/// Whether a watchdog killed the process, and a start failure; written and read under a lock.
private final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    private var failure: (any Error)?

    var isSet: Bool { locked { flag } }
    func set() { locked { flag = true } }
    var startFailure: (any Error)? {
        get { locked { failure } }
        set { locked { failure = newValue } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
