import StressSupport
import TestDoublesManual
import TestDoublesRecorder
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A protocol for the memory tests' ManualStubs.
protocol MemoryProbe {
    func echo(_ value: Int) -> Int
}

struct MemoryProbeStubConformer: MemoryProbe, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func echo(_ value: Int) -> Int { stub.call(value) }
}
typealias MemoryProbeStub = ManualStub<MemoryProbeStubConformer>

/// Whether the memory tests run: only when `ci/memory` asks, see below.
enum ManualStubMemoryTestGate {
    static var isEnabled: Bool { getenv("TESTDOUBLES_MEMORY_TESTS") != nil }
}

/// Constructs, uses and destroys 100,000 closure doubles and 100,000
/// ManualStubs and checks that resident memory stays flat: after a warm-up
/// of 10,000, the remaining iterations may grow the resident set by at most
/// 5%.
///
/// The resident set is the whole process's, so these tests only mean
/// something when nothing else runs beside them: they run when
/// `TESTDOUBLES_MEMORY_TESTS` is set, which `ci/memory` does while running
/// this suite alone; it runs them again under LeakSanitizer with fewer
/// iterations (`TESTDOUBLES_MEMORY_ITERATIONS`) and without the resident-set
/// bound (`TESTDOUBLES_MEMORY_CHECK_RSS=0`: AddressSanitizer's quarantine
/// keeps freed memory resident by design). The loop and the measurement are
/// `ReliabilityHarness`'s.
@Suite(.serialized, .enabled(if: ManualStubMemoryTestGate.isEnabled))
struct ManualStubMemoryTests {
    @Test func closureDoublesKeepResidentMemoryFlat() throws {
        try ReliabilityHarness.expectFlatResidentMemory("ManualStubMemoryTests") { index in
            let double = ClosureDouble<Int, String>()
            let calls = double.when(equal: index).thenReturn("match")
            double.whenAny().then { "other-\($0)" }
            let function = double.function
            #expect(function(index) == "match")
            #expect(function(index + 1) == "other-\(index + 1)")
            calls.verify(1...1)
        }
    }

    @Test func manualStubsKeepResidentMemoryFlat() throws {
        try ReliabilityHarness.expectFlatResidentMemory("ManualStubMemoryTests") { index in
            let probe = MemoryProbeStub()
            probe.when { $0.echo(Match.any()) }.then { (value: Int) in value &* 2 }
            let service: any MemoryProbe = probe()
            #expect(service.echo(index) == index &* 2)
            probe.verify(1...1) { $0.echo(Match.equal(index)) }
        }
    }
}
