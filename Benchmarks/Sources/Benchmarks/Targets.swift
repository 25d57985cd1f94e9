import BenchmarkHarness

/// The targets of issue 11, checked against a run's results.
struct Target: Sendable {
    var name: String
    var limit: String
    /// The measured value as text and whether it meets the target, or `nil` when not measured.
    var check: @Sendable ([BenchmarkResult]) -> (measured: String, met: Bool)?

    static let all: [Target] = [
        Target(name: "Stub call, one Int, `thenReturn`, ÷ hand-written mock", limit: "≤ 2x") { results in
            ratio(results, "invoke.int/stub", over: "invoke.int/mock").map { ("\(format($0))x", $0 <= 2) }
        },
        Target(name: "Stub: 1,000 calls after 100,000 ÷ on a fresh stub", limit: "≤ 1.2x") { results in
            ratio(results, "scale.after-100k/stub", over: "scale.fresh/stub").map { ("\(format($0))x", $0 <= 1.2) }
        },
        Target(name: "first Stub construction in a process", limit: "< 20 ms") { results in
            median(results, "construct.cold-first/stub").map { ("\(format($0 / 1e6)) ms", $0 < 20e6) }
        },
        Target(name: "steady-state Stub construction", limit: "< 20 µs") { results in
            median(results, "construct.steady/stub").map { ("\(format($0 / 1e3)) µs", $0 < 20e3) }
        },
        Target(name: "Stub `verify` over 1,000 recorded calls", limit: "< 50 µs") { results in
            median(results, "verify.1000-calls/stub").map { ("\(format($0 / 1e3)) µs", $0 < 50e3) }
        },
    ]

    static func median(_ results: [BenchmarkResult], _ name: String) -> Double? {
        results.first { $0.name == name }?.median
    }

    static func ratio(_ results: [BenchmarkResult], _ name: String, over base: String) -> Double? {
        guard let value = median(results, name), let baseValue = median(results, base), baseValue > 0 else {
            return nil
        }
        return value / baseValue
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The Markdown table of every target: limit, measured value, met or missed.
    static func markdown(_ results: [BenchmarkResult]) -> String {
        var lines = ["| target | limit | measured | |", "| --- | --- | ---: | --- |"]
        for target in all {
            if let (measured, met) = target.check(results) {
                lines.append("| \(target.name) | \(target.limit) | \(measured) | \(met ? "met" : "**missed**") |")
            } else {
                lines.append("| \(target.name) | \(target.limit) | not measured | |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
