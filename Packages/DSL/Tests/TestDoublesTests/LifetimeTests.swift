import TestDoubles
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct LifetimeTests {
    func makeConfiguredFlags() throws -> any FeatureFlags {
        let flags = try Stub<any FeatureFlags>()
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.then { (_: String, id: Int) in id > 0 }
        return flags()
    }

    @Test func valuesOutliveTheirStub() throws {
        let flags = try makeConfiguredFlags()
        #expect(flags.isEnabled("a", for: 1))
        #expect(!flags.isEnabled("a", for: -1))
        let copies = [flags, flags]
        #expect(copies.allSatisfy { $0.isEnabled("b", for: 2) })
    }

    /// Resident memory in bytes, from /proc/self/statm.
    func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { s in
                    withUnsafeMutablePointer(to: &resident) { r in
                        withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) }
                    }
                }) == 2
        else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func tenThousandConstructDestroyCyclesKeepMemoryFlat() throws {
        func cycle() throws {
            let stub = try Stub<any FeatureFlags>()
            stub.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(true)
            let value = stub()
            precondition(value.isEnabled("x", for: 1))
        }
        for _ in 0..<1_000 { try cycle() }
        let before = residentBytes()
        for _ in 0..<10_000 { try cycle() }
        let after = residentBytes()
        #expect(before > 0)
        // Each cycle maps a veneer page and builds tables; a leak of either
        // would grow by at least 40 MB (pages) or 10 MB (recorders) over 10,000 cycles.
        #expect(after - before < 8 * 1024 * 1024, "grew by \(after - before) bytes")
    }
}
