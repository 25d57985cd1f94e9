// Compiled into one module with the ManualStubs package's DoublesGenCore
// sources by ci/fuzz (so no import of DoublesGenCore): libFuzzer calls the
// entry point with each mutated Swift source file.

/// Parses one fuzzer input as a Swift source file and generates conformers
/// for every protocol in it.
///
/// Any outcome is fine except a crash: doubles-gen must answer diagnostics
/// for everything it cannot read.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func protocolParserFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed = Parser.parse(text, file: "Fuzz.swift")
    _ = parsed.diagnostics.count
    let result = DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "Fuzz.swift", text: text)]))
    _ = result.output.utf8.count
    return 0
}
