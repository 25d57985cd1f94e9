import Testing

@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// A function whose symbol the test looks for in its own binary.
@inline(never)
private func elfSymbolTableProbe() -> Int { 42 }

@Suite struct ELFSymbolTableTests {
    @Test func findsALocalSymbolOfTheRunningTestBinary() throws {
        let table = try ELFSymbolTable(contentsOf: "/proc/self/exe")
        #expect(elfSymbolTableProbe() == 42)
        let probe = table.symbols.first { $0.name.contains("elfSymbolTableProbe") }
        let symbol = try #require(probe)
        #expect(symbol.isLocal)
        #expect(symbol.value != 0)
    }

    @Test func rejectsAFileThatIsNotELF() throws {
        let path = "/proc/self/cmdline"
        #expect(throws: ELFError.self) { try ELFSymbolTable(contentsOf: path) }
    }

    @Test func reportsAMissingFile() {
        #expect(throws: ELFError.cannotOpen(path: "/nonexistent/file", errno: ENOENT)) {
            try ELFSymbolTable(contentsOf: "/nonexistent/file")
        }
    }
}
