import Testing

@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// Whether the tests run under emulation (`TESTDOUBLES_EMULATOR`, set by
/// ci/arm64-test: qemu-user runs them 10-50 times slower).
private let runsUnderEmulation = getenv("TESTDOUBLES_EMULATOR") != nil

/// Feeds random and mutated names to every decoder: each must give a value or
/// a `DemanglingError`, never crash or hang. Under qemu, reading the seed
/// symbols (this binary's and the standard library's symbol tables) alone
/// takes about 40 s; the limit only guards against a hang (sanitizer builds
/// and a loaded CI machine are several times slower than a quiet one).
@Suite(.timeLimit(.minutes(10))) struct DemanglerFuzzTests {
    /// 10,000 names natively; 1,000 under emulation, which still reaches
    /// every decoder with random and mutated names.
    static let rounds = runsUnderEmulation ? 1_000 : 10_000

    private struct Outcomes {
        var values = 0
        var errors = 0
    }

    private static func decodeEverything(_ name: String, into outcomes: inout Outcomes) {
        do {
            let tree = try Demangler.demangleSymbol(name)
            _ = tree.expandedDescription
            outcomes.values += 1
        } catch {
            #expect(error.mangledName == name)
            #expect(error.offset >= 0 && error.offset <= name.utf8.count)
            outcomes.errors += 1
        }
        if let symbol = try? RequirementSymbol(mangledName: name) {
            _ = symbol.functionType.description
            _ = symbol.functionType.parameters.map(\.type.mangledName)
        }
        if let type = try? DemangledType(mangledName: name) {
            _ = (type.description, type.mangledName)
        }
    }

    /// Runs `rounds` names: the first 30% random, the rest mutated real symbols.
    @Test func tenThousandRandomAndMutatedNames() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("0123456789_$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        var seeds = try DemanglingOracle.witnessSymbolsOfThisBinary()
        seeds += try DemanglingOracle.standardLibraryRequirementSymbols().prefix(500)
        #expect(seeds.count > 100)
        var outcomes = Outcomes()
        let rounds = Self.rounds
        for round in 0..<rounds {
            var bytes: [UInt8]
            if round < rounds * 3 / 10 {
                let length = Int(generator.next() % 96) + 1
                bytes =
                    Array("$s".utf8)
                    + (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            } else {
                bytes = Array(seeds[Int(generator.next() % UInt64(seeds.count))].utf8)
                for _ in 0..<Int(generator.next() % 4) + 1 where !bytes.isEmpty {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 5 {
                    case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    case 1: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                    case 2: bytes.remove(at: position)
                    case 3: bytes.removeSubrange(position...)
                    default:
                        let end = min(bytes.count, position + Int(generator.next() % 12) + 1)
                        bytes.insert(contentsOf: bytes[position..<end], at: position)
                    }
                }
            }
            Self.decodeEverything(String(decoding: bytes, as: UTF8.self), into: &outcomes)
        }
        #expect(outcomes.values + outcomes.errors == rounds)
        #expect(outcomes.values > rounds / 100, "mutations should leave some names valid")
        #expect(outcomes.errors > rounds / 10, "random names should mostly be rejected")
    }

    @Test func pathologicalNamesAreRejectedQuickly() {
        let cases = [
            "$sSi" + String(repeating: "Sg", count: 5_000),
            "$s1aA" + String(repeating: "2048a", count: 3) + "A",
            "$s" + String(repeating: "9", count: 40),
            "$s" + String(repeating: "1a", count: 5_000) + "V",
            "$s" + String(repeating: "y", count: 9_000),
            "$s" + String(repeating: "SiSiSi_t", count: 2_000),
            "$s3App" + String(repeating: "AA", count: 5_000),
            "$sS2048iS2048iS2048i",
            "$s00",
            "$s0A",
            "$s\u{01}\u{02}\u{03}\u{04}",
        ]
        for name in cases {
            #expect(throws: DemanglingError.self, "\(name.prefix(24))…") { try Demangler.demangleSymbol(name) }
        }
    }
}
