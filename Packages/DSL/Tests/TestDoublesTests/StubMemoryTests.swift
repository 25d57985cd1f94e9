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
/// (`TESTDOUBLES_MEMORY_ITERATIONS` sets the count).
@Suite(.serialized, .enabled(if: StubMemoryTestGate.isEnabled))
struct StubMemoryTests {
    static var iterations: Int {
        getenv("TESTDOUBLES_MEMORY_ITERATIONS").flatMap { Int(String(cString: $0)) } ?? 100_000
    }

    @Test func stubsKeepResidentMemoryFlat() throws {
        func cycle(_ index: Int) throws {
            let probe = try Stub<any StubMemoryProbe>()
            probe.when { $0.echo(Match.any()) }.then { (value: Int) in value &* 2 }
            let service: any StubMemoryProbe = probe()
            #expect(service.echo(index) == index &* 2)
            probe.verify(1...1) { $0.echo(Match.equal(index)) }
        }
        let warmUp = Self.iterations / 10
        for index in 0..<warmUp { try cycle(index) }
        let afterWarmUp = try Self.residentBytes()
        for index in warmUp..<Self.iterations { try cycle(index) }
        let atEnd = try Self.residentBytes()
        let growth = Double(atEnd - afterWarmUp) / Double(afterWarmUp)
        print("StubMemoryTests: resident \(afterWarmUp / 1024) KiB after warm-up, \(atEnd / 1024) KiB at end")
        #expect(growth <= 0.05, "resident memory grew \(growth * 100)% (\(afterWarmUp) -> \(atEnd) bytes)")
    }

    /// The process's resident set size, from `/proc/self/statm`.
    static func residentBytes() throws -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        try #require(count > 0)
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
