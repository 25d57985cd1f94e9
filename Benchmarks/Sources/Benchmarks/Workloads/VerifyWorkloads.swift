import BenchmarkHarness
import TestDoubles

/// Verification over a recorded history; one verification per operation.
enum VerifyWorkloads {
    @MainActor
    static var all: [Benchmark] {
        verifyCount(10_000) + verifyCount(1_000) + verifyInOrder() + recordingPasses()
    }

    /// `verify(n...n)` over `n` recorded calls; the hand-written mock checks its array's count.
    @MainActor
    static func verifyCount(_ calls: Int) -> [Benchmark] {
        let group = "verify.\(calls)-calls"
        return [
            Benchmark(
                group, Benchmark.mockVariant,
                .perOperation {
                    let mock = RecordingMockService()
                    for index in 0..<calls { _ = mock.int(index) }
                    return .sync { count in
                        for _ in 0..<count {
                            check(mock.state.withLock { $0.intCalls.count } == calls, "mock count")
                        }
                    }
                }),
            Benchmark(
                group, "manual",
                .perOperation {
                    let manual = ManualStub<ManualBenchService>()
                    return verifying(manual, calls: calls) { $0 }
                }),
            Benchmark(
                group, "stub",
                .perOperation {
                    let stub = try Stub<any BenchService>()
                    return verifying(stub, calls: calls) { $0 }
                }),
        ]
    }

    @MainActor
    static func verifying<D: RecordingTestDouble>(
        _ double: D, calls: Int, _ subject: (D.Subject) -> any BenchService
    ) -> Workload {
        let pattern = double.when { subject($0).int(Match.any()) }.thenReturn(1)
        let service = subject(double.recordingSubject)
        for index in 0..<calls { _ = service.int(index) }
        return .sync { count in
            for _ in 0..<count { check(pattern.verify(calls...calls), "verify") }
        }
    }

    /// `verifyInOrder` of two calls near the end of 1,000 recorded calls.
    @MainActor
    static func verifyInOrder() -> [Benchmark] {
        let group = "verify.in-order-1000"
        func ordering<D: RecordingTestDouble>(
            _ double: D, _ subject: @escaping (D.Subject) -> any BenchService
        ) -> Workload {
            double.when { subject($0).int(Match.any()) }.thenReturn(1)
            double.when { subject($0).string(Match.any()) }.thenReturn(1)
            let service = subject(double.recordingSubject)
            for index in 0..<500 {
                _ = service.int(index)
                _ = service.string("s\(index)")
            }
            return .sync { count in
                for _ in 0..<count {
                    check(
                        double.verifyInOrder {
                            _ = subject($0).int(Match.equal(498))
                            _ = subject($0).string(Match.equal("s499"))
                        }, "verifyInOrder")
                }
            }
        }
        return [
            Benchmark(group, "manual", .perOperation { ordering(ManualStub<ManualBenchService>()) { $0 } }),
            Benchmark(group, "stub", .perOperation { ordering(try Stub<any BenchService>()) { $0 } }),
        ]
    }
}

extension VerifyWorkloads {
    /// Synchronous recording passes from a caller on no actor, which run on
    /// a `RecordingHost` thread: `pass.verify-1000` is `verify(n...n) { … }`
    /// (a pass, then the count over 1,000 recorded calls), `pass.when` one
    /// `when { … }` (a pass and its pattern, no behavior, so nothing serves
    /// calls and registrations only accumulate).
    @MainActor
    static func recordingPasses() -> [Benchmark] {
        func verifyPass<D: RecordingTestDouble>(
            _ double: D, _ subject: @escaping (D.Subject) -> any BenchService
        ) -> Workload {
            double.when { subject($0).int(Match.any()) }.thenReturn(1)
            let service = subject(double.recordingSubject)
            for index in 0..<1_000 { _ = service.int(index) }
            return .sync { count in
                for _ in 0..<count {
                    check(double.verify(1_000...1_000) { subject($0).int(Match.any()) }, "verify pass")
                }
            }
        }
        func whenPass<D: RecordingTestDouble>(
            _ double: D, _ subject: @escaping (D.Subject) -> any BenchService
        ) -> Workload {
            .sync { count in
                for _ in 0..<count { _ = double.when { subject($0).int(Match.any()) } }
            }
        }
        return [
            Benchmark(
                "pass.verify-1000", "manual",
                .perOperation { verifyPass(ManualStub<ManualBenchService>()) { $0 } }),
            Benchmark("pass.verify-1000", "stub", .perOperation { verifyPass(try Stub<any BenchService>()) { $0 } }),
            Benchmark("pass.when", "manual", .perOperation { whenPass(ManualStub<ManualBenchService>()) { $0 } }),
            Benchmark("pass.when", "stub", .perOperation { whenPass(try Stub<any BenchService>()) { $0 } }),
        ]
    }
}

/// Stops the run when a workload's own check fails: a benchmark of a failing
/// verification would measure the failure path.
func check(_ condition: Bool, _ what: String) {
    if !condition { fatalError("doubles-bench: the \(what) check failed") }
}
