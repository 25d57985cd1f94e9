import BenchmarkHarness
import Foundation
import TestDoubles

/// Construction: the first `Stub` in a process (measured in a child
/// process), steady state, and a 30-requirement protocol.
enum ConstructionWorkloads {
    /// The argument that makes `doubles-bench` a child measuring its first construction.
    static let coldChildArgument = "--child-cold-construction"

    @MainActor
    static var all: [Benchmark] {
        [
            Benchmark("construct.cold-first", "stub", .sampled(unit: .nanoseconds) { try coldConstruction() }),
            Benchmark(
                "construct.steady", Benchmark.mockVariant,
                .perOperation { .sync { count in for _ in 0..<count { blackHole(RecordingMockService()) } } }),
            Benchmark(
                "construct.steady", "manual",
                .perOperation {
                    .sync { count in for _ in 0..<count { blackHole(ManualStub<ManualBenchService>()) } }
                }),
            Benchmark(
                "construct.steady", "stub",
                .perOperation {
                    _ = try Stub<any BenchService>()
                    return .sync { count in for _ in 0..<count { blackHole(try? Stub<any BenchService>()) } }
                }),
            Benchmark(
                "construct.30-requirements", "stub",
                .perOperation {
                    _ = try Stub<any ThirtyRequirements>()
                    return .sync { count in
                        for _ in 0..<count { blackHole(try? Stub<any ThirtyRequirements>()) }
                    }
                }),
        ]
    }

    /// Runs this executable as a child that times its first `Stub` construction.
    ///
    /// - Returns: The child's nanoseconds.
    static func coldConstruction() throws -> Double {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [coldChildArgument]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let nanoseconds = Double(text) else {
            throw ChildFailure(status: process.terminationStatus, output: text)
        }
        return nanoseconds
    }

    /// The child's side: times the process's first construction and prints nanoseconds.
    ///
    /// - Returns: The process exit status.
    static func runColdChild() -> Int32 {
        let start = MonotonicClock.now()
        do {
            let stub = try Stub<any BenchService>()
            let elapsed = MonotonicClock.now() - start
            blackHole(stub)
            print(elapsed)
            return 0
        } catch {
            print("construction failed: \(error)")
            return 1
        }
    }

    struct ChildFailure: Error, CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "child exited \(status): \(output)" }
    }
}
