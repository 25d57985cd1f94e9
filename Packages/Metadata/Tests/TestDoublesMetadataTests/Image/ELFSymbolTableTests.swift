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
        #expect(symbol.isFunction)
        #expect(symbol.value != 0)
        #expect(table.hasStaticSymbolTable)
        #expect(table.symbol(named: symbol.name) == symbol)
        #expect(table.symbols(at: symbol.value).contains(symbol))
        #expect(table.symbol(containing: symbol.value + 1)?.name == symbol.name)
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

    @Test func rejectsGarbage() throws {
        try TemporaryFiles.with { directory in
            var generator = SplitMix64(seed: 7)
            let garbage = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let path = try directory.write(garbage, named: "garbage")
            #expect(throws: ELFError.malformed(path: path, reason: "not an ELF object")) {
                try ELFSymbolTable(contentsOf: path)
            }
            let empty = try directory.write([], named: "empty")
            #expect(throws: ELFError.self) { try ELFSymbolTable(contentsOf: empty) }
        }
    }

    @Test func rejectsA32BitFile() throws {
        try TemporaryFiles.with { directory in
            var header = [UInt8](repeating: 0, count: 52)
            header[0...6] = [0x7F, 0x45, 0x4C, 0x46, 1, 1, 1]  // ELFCLASS32, little-endian, version 1
            header[16] = 2  // ET_EXEC
            header[18] = 3  // EM_386
            header[20] = 1  // EV_CURRENT
            header[40] = 52  // e_ehsize
            let path = try directory.write(header, named: "elf32")
            #expect(throws: ELFError.malformed(path: path, reason: "not a 64-bit ELF object")) {
                try ELFSymbolTable(contentsOf: path)
            }
        }
    }

    @Test func reportsAFileWithoutSymbolTables() throws {
        try TemporaryFiles.with { directory in
            var header = [UInt8](repeating: 0, count: 64)
            header[0...6] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1]  // ELFCLASS64, little-endian, version 1
            header[16] = 3  // ET_DYN
            header[18] = 62  // EM_X86_64
            header[20] = 1  // EV_CURRENT
            header[52] = 64  // e_ehsize
            let path = try directory.write(header, named: "elf64-empty")
            #expect(throws: ELFError.noSymbolTable(path: path)) { try ELFSymbolTable(contentsOf: path) }
        }
    }

    @Test func rejectsATruncatedFile() throws {
        let whole = try TemporaryFiles.contents(of: SmallELFObject.path())
        try TemporaryFiles.with { directory in
            for length in [16, 63, 64, 4096, whole.count / 2] {
                let path = try directory.write(Array(whole.prefix(length)), named: "truncated-\(length)")
                #expect(throws: ELFError.self, "a \(length)-byte prefix") { try ELFSymbolTable(contentsOf: path) }
            }
        }
    }

    @Test func survivesCorruptedHeaders() throws {
        let whole = try TemporaryFiles.contents(of: SmallELFObject.path())
        try TemporaryFiles.with { directory in
            var generator = SplitMix64(seed: 99)
            for round in 0..<40 {
                var bytes = whole
                for _ in 0..<4 {
                    let offset = Int(generator.next() % 64)
                    bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
                }
                let path = try directory.write(bytes, named: "corrupt-\(round)")
                // Either outcome is fine; the process must survive and errors must be ELFError values.
                do {
                    _ = try ELFSymbolTable(contentsOf: path)
                } catch {
                    #expect(error is ELFError)
                }
            }
        }
    }
}

@Suite struct MappingSymbolTests {
    @Test func armMappingSymbolsAreNotNames() {
        for name in ["$x", "$d", "$a", "$t", "$x.12", "$d.text"] {
            #expect(ELFSymbolTable.isMappingSymbol(name), "\(name)")
        }
        for name in ["$s3App4LiveV", "$xy", "$", "x", "$sSiN", "$dd"] {
            #expect(!ELFSymbolTable.isMappingSymbol(name), "\(name)")
        }
    }
}
