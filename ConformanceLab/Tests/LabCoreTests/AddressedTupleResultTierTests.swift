import Testing

@testable import LabCore

/// The addressed-tuple-result tier: tuple results holding existential or resilient elements, under every
/// effect, after every count of leading `Int`s, of static methods, subscripts and getters.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct AddressedTupleResultTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .addressedTupleResult } }

    @Test func comesLastWithEveryEffectAndKind() {
        let tier = Self.tier
        // Appended after every other tier: every earlier case keeps its number.
        #expect(Self.shapes.suffix(tier.count) == tier[...])
        #expect(tier.count == 15 * TypeFamily.addressedTupleResultFamilies.count)
        for family in TypeFamily.addressedTupleResultFamilies {
            let methods = tier.filter { $0.kind == .method && $0.result == family.id }
            #expect(Set(methods.filter { $0.parameters.isEmpty }.map(\.effect)) == Set(Effect.classic), "\(family.id)")
            #expect(Set(methods.map(\.parameters.count)) == Set(0...7), "\(family.id)")
            for kind in [RequirementKind.staticMethod, .subscript, .getter] {
                #expect(tier.contains { $0.kind == kind && $0.result == family.id }, "\(family.id) \(kind)")
            }
        }
    }

    @Test func theRequirementSpellsTheTupleAndItsComparison() throws {
        let shape = try #require(Self.tier.first { $0.result == "(Int, any LabTagged, String, any LabTagged)" })
        let source = CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: .stub).text
        #expect(source.contains("(Int, any LabTagged, String, any LabTagged)"))
        #expect(source.contains("labSameTaggedQuad("))
        #expect(ToolchainLimits.exclusionReason(for: shape, on: .arm64) == nil)
    }
}
