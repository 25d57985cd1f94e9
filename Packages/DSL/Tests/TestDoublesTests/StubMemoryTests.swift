import StressSupport
import TestDoubles
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A protocol for the memory test's runtime Stubs.
protocol StubMemoryProbe {
    func echo(_ value: Int) -> Int
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveStubMemoryProbe: StubMemoryProbe {
    func echo(_ value: Int) -> Int { value }
}

/// Whether the memory tests run: only when `ci/memory` asks, see below.
enum StubMemoryTestGate {
    static var isEnabled: Bool { getenv("TESTDOUBLES_MEMORY_TESTS") != nil }
}

/// Constructs, uses and destroys 100,000 runtime Stubs and checks that
/// resident memory stays flat: after a warm-up of 10,000, the remaining
/// constructions may grow the resident set by at most 5%.
///
/// The resident set is the whole process's, so this only means something
/// when nothing else runs beside it: it runs when `TESTDOUBLES_MEMORY_TESTS`
/// is set, which `ci/memory` does while running this suite alone
/// (`TESTDOUBLES_MEMORY_ITERATIONS` sets the count). The loop and the
/// measurement are `ReliabilityHarness`'s.
@Suite(.serialized, .enabled(if: StubMemoryTestGate.isEnabled))
struct StubMemoryTests {
    @Test func stubsKeepResidentMemoryFlat() throws {
        try ReliabilityHarness.expectFlatResidentMemory("StubMemoryTests") { index in
            let probe = try Stub<any StubMemoryProbe>()
            probe.when { $0.echo(Match.any()) }.then { (value: Int) in value &* 2 }
            let service: any StubMemoryProbe = probe()
            #expect(service.echo(index) == index &* 2)
            probe.verify(1...1) { $0.echo(Match.equal(index)) }
        }
    }
}
