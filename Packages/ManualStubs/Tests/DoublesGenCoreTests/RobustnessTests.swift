import Foundation
import Testing

@testable import DoublesGenCore

/// Malformed input of every shape gives diagnostics, never a trap or a hang.
@Suite struct RobustnessTests {
    /// The corpus tests run the generator thousands of times: natively only
    /// (a minute under qemu, nothing architecture-specific; ci/fuzz covers the
    /// same parser natively). Deep nesting, which depends on the stack, runs
    /// everywhere.
    static let corpusRunsOnlyNatively = ConditionTrait.disabled(
        if: runsUnderEmulation, "doubles-gen parsing is architecture-independent; natively only")

    @Test(corpusRunsOnlyNatively) func everyPrefixOfTheCorpusGeneratesOrFailsCleanly() throws {
        for file in try CorpusTests.protocolFiles() {
            let characters = Array(file.text)
            for length in stride(from: 0, through: characters.count, by: 7) {
                let source = SourceText(name: file.name, text: String(characters[..<length]))
                let result = DoublesGen.generate(GenerationRequest(sources: [source]))
                for diagnostic in result.diagnostics where diagnostic.severity == .error {
                    #expect(diagnostic.location.file == file.name)
                    #expect(diagnostic.location.line >= 1)
                }
            }
        }
    }

    /// Three characters of a corpus file replaced at random: the generator
    /// answers with a consistent result, and the same one every time.
    @Test(corpusRunsOnlyNatively) func corruptedCorpusFilesGiveConsistentResults() throws {
        var generator = SplitMix(seed: 0x5EED)
        let alphabet = Array("{}()[]<>:;,.=?!@#&\"\\/* \n_aZ0-~`'$")
        var failures = 0
        var successes = 0
        for file in try CorpusTests.protocolFiles() {
            for _ in 0..<40 {
                var characters = Array(file.text)
                for _ in 0..<3 where !characters.isEmpty {
                    let index = Int(generator.next() % UInt64(characters.count))
                    characters[index] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                }
                let text = String(characters)
                let request = GenerationRequest(sources: [SourceText(name: "x", text: text)])
                let result = DoublesGen.generate(request)
                expectConsistent(result, of: text)
                #expect(DoublesGen.generate(request) == result, "generation is not deterministic")
                if result.succeeded { successes += 1 } else { failures += 1 }
            }
        }
        // Three characters break most files but not all: both answers occur.
        #expect(failures > 0)
        #expect(successes > 0)
    }

    /// A failure names a line of the input; a success generates a section
    /// for each protocol it names, each a protocol the input declares.
    private func expectConsistent(_ result: GenerationResult, of text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        for diagnostic in result.diagnostics where diagnostic.severity == .error {
            #expect(diagnostic.location.file == "x")
            #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic.location.line) of \(lines) lines")
        }
        guard result.succeeded else { return }
        #expect(result.sections.count == result.generatedProtocols.count)
        for (name, section) in zip(result.generatedProtocols, result.sections) {
            #expect(text.contains("protocol \(name)"), "generated \(name), which the input does not declare")
            #expect(result.output.contains(section))
        }
    }

    @Test func deepNestingIsRefusedNotOverflowed() {
        let deepType = "protocol P { func f() -> " + String(repeating: "[", count: 5000) + "Int" + "}"
        let types = DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "t", text: deepType)]))
        #expect(types.diagnostics.map(\.message).contains("type is nested too deeply"))

        let deepString = "let s = " + String(repeating: "\"\\(", count: 5000)
        let strings = DoublesGen.generate(GenerationRequest(sources: [SourceText(name: "s", text: deepString)]))
        #expect(strings.diagnostics.map(\.message).contains("string interpolations are nested too deeply"))
    }
}

/// A small deterministic generator, so a failure reproduces.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
