import Testing

@testable import TestDoublesMetadata

@Suite(.enabled(if: DemanglingOracle.path != nil, "needs the toolchain's swift-demangle"))
struct DemanglerOracleTests {
    @Test func everyWitnessThunkOfThisBinaryDecodesExactlyAsTheToolchainDoes() throws {
        let names = try DemanglingOracle.witnessSymbolsOfThisBinary()
        #expect(names.count > 50)
        let oracle = try DemanglingOracle.expandedTrees(of: names)
        for name in names {
            // Every fixture witness must decode; others (macro-generated, local types) may fail closed.
            guard let tree = try? Demangler.demangleSymbol(name) else {
                #expect(!DemanglingOracle.isFixtureWitness(name), "\(name)")
                continue
            }
            #expect(tree.expandedDescription == oracle[name], "\(name)")
            // The fixtures' witnesses must decode fully (other conformers may be local types, which fail closed).
            if DemanglingOracle.isFixtureWitness(name) {
                let symbol = try RequirementSymbol(mangledName: name)
                #expect(symbol.form == .witnessThunk || symbol.form == .asyncWitnessFunctionPointer)
            }
        }
    }

    @Test func standardLibrarySymbolsDecodeExactlyOrFailClosed() throws {
        let names = try DemanglingOracle.standardLibraryRequirementSymbols()
        #expect(names.count > 100)
        let oracle = try DemanglingOracle.expandedTrees(of: names)
        var decoded = 0
        for name in names {
            guard let tree = try? Demangler.demangleSymbol(name) else { continue }
            decoded += 1
            #expect(tree.expandedDescription == oracle[name], "\(name)")
        }
        // Packs, builtins and inverse requirements are outside the subset; most of the rest must decode.
        #expect(decoded * 10 > names.count * 8, "decoded \(decoded) of \(names.count)")
    }
}
