import Dispatch
import Foundation

/// A tool the tests run (`swiftc`, `strip`, `doubles-gen`, a copy of the test
/// binary), waited for without holding a thread of the cooperative pool.
///
/// Reading a pipe to its end and `Process.waitUntilExit()` block their thread
/// for as long as the child runs: seconds for a `swiftc` build. Swift Testing
/// runs tests on the cooperative pool, which has one thread per core; a test
/// blocking one of two threads for a build halves every other test's progress,
/// and two such tests at once stop them all (a test waiting 60 seconds for a
/// detached task saw exactly that). So the child is started and waited for on
/// a Dispatch thread, outside the pool, while the test suspends.
public enum ChildProcess {
    /// How a child ended.
    public struct Outcome: Sendable {
        /// The exit status (or the signal that ended it).
        public var status: Int32
        /// What it printed: standard output, and standard error with it unless kept apart.
        public var output: String
        /// Standard error when kept apart from the output; otherwise empty.
        public var errors: String
    }

    /// Runs `executable` to its end.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - arguments: Its arguments.
    ///   - environment: Its whole environment, or `nil` for this process's.
    ///   - input: Written to its standard input, which is then closed; `nil` leaves standard input as it is.
    ///   - separateErrors: Whether standard error goes to ``Outcome/errors`` rather than into the output.
    /// - Returns: Its status and what it printed.
    /// - Throws: The error of `Process.run()` when the child cannot start.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        separateErrors: Bool = false
    ) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                if let environment { process.environment = environment }
                let output = Pipe()
                let errors = separateErrors ? Pipe() : output
                process.standardOutput = output
                process.standardError = errors
                let standardInput = input.map { _ in Pipe() }
                if let standardInput { process.standardInput = standardInput }
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                if let input, let standardInput {
                    standardInput.fileHandleForWriting.write(Data(input.utf8))
                    try? standardInput.fileHandleForWriting.close()
                }
                // Standard error is read on its own thread so that a child filling one pipe never
                // waits on a reader blocked on the other.
                let errorText = Locked()
                let errorsRead = DispatchGroup()
                if separateErrors {
                    DispatchQueue.global().async(group: errorsRead) {
                        let data = errors.fileHandleForReading.readDataToEndOfFile()
                        errorText.set(String(decoding: data, as: UTF8.self))
                    }
                }
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                errorsRead.wait()
                process.waitUntilExit()
                continuation.resume(
                    returning: Outcome(status: process.terminationStatus, output: text, errors: errorText.value))
            }
        }
    }

    /// The standard error text one reader thread hands to another.
    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        var value: String { lock.withLock { text } }
        func set(_ newValue: String) { lock.withLock { text = newValue } }
    }
}
