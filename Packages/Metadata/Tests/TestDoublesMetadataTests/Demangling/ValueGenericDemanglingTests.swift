import Testing

@testable import TestDoublesMetadata

/// Value generic arguments (`InlineArray<4, Float>` spells its count `$3_`, SE-0452): decoded,
/// spelled again for the runtime, and read in the witness symbols Swift 6.2+ writes.
@Suite struct ValueGenericDemanglingTests {
    @Test(arguments: [
        ("s11InlineArrayVy$3_SfG", "Swift.InlineArray<4, Swift.Float>"),
        ("s11InlineArrayVy$_SiG", "Swift.InlineArray<0, Swift.Int>"),
        ("s11InlineArrayVy$n3_SfG", "Swift.InlineArray<-4, Swift.Float>"),
        ("s11InlineArrayVy$n_SfG", "Swift.InlineArray<0, Swift.Float>"),
        ("s11InlineArrayVy$1_ABy$2_s5UInt8VGG", "Swift.InlineArray<2, Swift.InlineArray<3, Swift.UInt8>>"),
    ])
    func anIntegerArgumentDecodesAndSpellsAgain(_ row: (mangled: String, spelled: String)) throws {
        let type = try DemangledType(mangledName: row.mangled)
        #expect(type.description == row.spelled)
        #expect(!type.isDependent)
        #expect(try DemangledType(mangledName: type.mangledName) == type)
    }

    @Test func theTreeIsTheRuntimeDemanglers() throws {
        let tree = try Demangler.demangleType("s11InlineArrayVy$n3_SfG")
        let arguments = tree.firstChild?.children.last?.children ?? []
        #expect(arguments.first?.firstChild?.kind == .negativeInteger)
        #expect(arguments.first?.firstChild?.index == UInt64(bitPattern: -4))
    }

    @Test(arguments: ["s11InlineArrayVy$SfG", "s11InlineArrayVy$nSfG", "s11InlineArrayVy$3SfG", "$"])
    func aMalformedIntegerFailsClosed(_ mangled: String) {
        #expect(throws: DemanglingError.self) { try DemangledType(mangledName: mangled) }
    }

    @Test func aWitnessThunkWithInlineArraysDecodes() throws {
        let mix = try RequirementSymbol(mangledName: "$s1M1LVAA1PA2aDP3mix_4gainSfs11InlineArrayVy$3_SfG_SdtFTW")
        #expect(mix.name == "mix(_:gain:)")
        #expect(
            mix.functionType.description
                == "(Swift.InlineArray<4, Swift.Float>, gain: Swift.Double) -> Swift.Float")
        // The integer adds no substitution: `AH` is still `InlineArray` after `$1_`.
        let wide = try RequirementSymbol(
            mangledName: "$s1M1LVAA1PA2aDP4wideys11InlineArrayVy$1_AHy$2_s5UInt8VGGAHy$4_SiGFTW")
        #expect(
            wide.functionType.description
                == "(Swift.InlineArray<5, Swift.Int>) -> Swift.InlineArray<2, Swift.InlineArray<3, Swift.UInt8>>")
    }

    #if compiler(>=6.2)
    @Test func theSpellingResolvesToTheRuntimeType() throws {
        let type = try DemangledType(mangledName: "s11InlineArrayVy$3_SfG")
        #expect(try type.runtimeType().get() == InlineArray<4, Float>.self)
        let nested = try DemangledType(mangledName: "s11InlineArrayVy$1_ABy$2_s5UInt8VGG")
        #expect(try nested.runtimeType().get() == InlineArray<2, InlineArray<3, UInt8>>.self)
    }
    #endif
}

#if compiler(>=6.2)
/// A protocol whose witnesses spell value generic arguments, for the demangling oracle
/// (`DemanglerOracleTests` decodes every fixture witness of this binary).
protocol FixtureInlineArrayRequirements {
    func mix(_ levels: InlineArray<4, Float>, gain: Double) -> Float
    func wide(_ words: InlineArray<5, Int>) -> InlineArray<2, InlineArray<3, UInt8>>
}

struct FixtureInlineArrayConformer: FixtureInlineArrayRequirements {
    func mix(_ levels: InlineArray<4, Float>, gain: Double) -> Float { levels[0] * Float(gain) }
    func wide(_ words: InlineArray<5, Int>) -> InlineArray<2, InlineArray<3, UInt8>> {
        InlineArray(repeating: InlineArray(repeating: UInt8(truncatingIfNeeded: words[0])))
    }
}
#endif
