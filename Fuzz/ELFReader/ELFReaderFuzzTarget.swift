// Compiled into one module with the Metadata package's sources by ci/fuzz
// (so no import of TestDoublesMetadata), beside the demangler's target:
// Fuzz/Metadata/MetadataFuzzEntry.swift hands each mutated binary here when
// the binary runs as the elf-reader target; it is written to a scratch file
// because the readers take paths.

#if canImport(Glibc)
import Glibc
#endif

/// The scratch file this process writes each input to.
private let scratchPath = "/tmp/testdoubles-fuzz-elf-\(getpid()).o"

/// How many symbols of one input are looked up in its DWARF, at most.
private let maximumLookups = 64

/// Reads one fuzzer input as an ELF file: its symbol table, then the DWARF
/// subprogram at each symbol's address.
///
/// Any outcome is fine except a crash: the readers must answer an `ELFError`
/// (or `nil`) for everything malformed.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
func elfReaderFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, write(data, size) else { return 0 }
    let table = try? ELFSymbolTable(contentsOf: scratchPath)
    let dwarf = try? DWARFFile(path: scratchPath)
    guard let table else { return 0 }
    for symbol in table.symbols.prefix(maximumLookups) {
        _ = table.symbol(named: symbol.name)
        _ = table.symbol(containing: symbol.value)
        if let subprogram = dwarf?.subprogram(at: symbol.value) {
            _ = subprogram.parameterTypeNames.count
        }
    }
    return 0
}

/// Replaces the scratch file's contents with the input.
private func write(_ data: UnsafePointer<UInt8>, _ size: Int) -> Bool {
    let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var written = 0
    while written < size {
        let result = Glibc.write(descriptor, data + written, size - written)
        guard result > 0 else { return false }
        written += result
    }
    return true
}
