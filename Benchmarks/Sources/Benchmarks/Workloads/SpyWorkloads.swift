import BenchmarkHarness
import TestDoubles

/// A `Spy` with no registration: every call is recorded and forwarded to the
/// real conformer through its own witness table; the mock row is a
/// hand-written forwarding spy (``ForwardingSpyService``).
enum SpyWorkloads {
    @MainActor
    static var all: [Benchmark] {
        let group = "spy.forwarded"
        return [
            Benchmark(group, Benchmark.controlVariant, .perOperation { calls(makeControl()) }),
            Benchmark(group, Benchmark.mockVariant, .perOperation { calls(ForwardingSpyService(makeControl())) }),
            Benchmark(
                group, "stub",
                .perOperation {
                    let spy = try Spy<any BenchService>(forwardingTo: LiveService())
                    return calls(spy())
                }),
        ]
    }

    /// One `int(_:)` call per operation; the forwarded answer is checked once per sample.
    @MainActor
    static func calls(_ service: any BenchService) -> Workload {
        .sync { count in
            for index in 0..<count { blackHole(service.int(index)) }
            check(service.int(41) == 42, "forwarded answer")
        }
    }
}
