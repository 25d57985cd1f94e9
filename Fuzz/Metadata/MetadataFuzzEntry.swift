// The libFuzzer entry point of the Metadata fuzzer binary, which ci/fuzz
// builds once from the Metadata package's sources and both Metadata targets
// (Fuzz/ELFReader, Fuzz/Demangler) and runs once per target, naming the
// target in TESTDOUBLES_FUZZ_TARGET.

#if canImport(Glibc)
import Glibc
#endif

/// The Metadata fuzz targets one binary holds.
enum MetadataFuzzTarget: String {
    /// `ELFSymbolTable` and `DWARFFile` on mutated ELF objects.
    case elfReader = "elf-reader"
    /// `RequirementSymbol` and `DemangledType` on mutated symbols.
    case demangler

    /// The target this process runs, from `TESTDOUBLES_FUZZ_TARGET`; the
    /// process stops with a message when it is missing or unknown (a run
    /// that fuzzes nothing must not pass).
    static let selected: MetadataFuzzTarget = {
        let name = getenv("TESTDOUBLES_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = MetadataFuzzTarget(rawValue: name) else {
            let message = "MetadataFuzzEntry: TESTDOUBLES_FUZZ_TARGET must be elf-reader or demangler, not '\(name)'\n"
            _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
            exit(2)
        }
        return target
    }()
}

/// Hands one fuzzer input to the selected target.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func metadataFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    switch MetadataFuzzTarget.selected {
    case .elfReader: elfReaderFuzzTestOneInput(data, size)
    case .demangler: demanglerFuzzTestOneInput(data, size)
    }
}
