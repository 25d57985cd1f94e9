// Compiled into one module with the Metadata package's sources by ci/fuzz
// (so no import of TestDoublesMetadata), beside the ELF reader's target:
// Fuzz/Metadata/MetadataFuzzEntry.swift hands each mutated input here when
// the binary runs as the demangler target; the input is read as a mangled name.

/// Decodes one fuzzer input as a requirement symbol and as a mangled type.
///
/// Any outcome is fine except a crash: the decoders must answer a
/// `DemanglingError` for everything they do not understand.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
func demanglerFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size <= 4096 else { return 0 }
    let name = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    exercise(name)
    if !name.hasPrefix("$s") { exercise("$s" + name) }
    return 0
}

/// Runs every public decoder on `name` and reads what they return.
private func exercise(_ name: String) {
    if let symbol = try? RequirementSymbol(mangledName: name) {
        _ = symbol.name.description
        _ = symbol.functionType.parameters.count
    }
    if let type = try? DemangledType(mangledName: name) {
        _ = String(describing: type)
    }
}
