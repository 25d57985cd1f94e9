import Testing

@testable import LabCore

/// The addressed-tuple tier: tuples whose elements travel by address, in every argument register
/// position, as results, properties, static methods, subscripts and initializers.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct AddressedTupleTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .addressedTuple } }

    @Test func comesLastWithEveryRegisterPositionAndKind() {
        let tier = Self.tier
        // Appended after every other tier but the addressed tuple results': every earlier case keeps its number.
        let later = Self.shapes.filter { $0.form?.group == .addressedTupleResult }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 20 * TypeFamily.addressedTupleFamilies.count)
        for family in TypeFamily.addressedTupleFamilies {
            let arguments = tier.filter { $0.kind == .method && $0.result == nil }
                .filter { $0.parameters.contains(family.id) }
            // 0 to 9 `Int`s before the tuple and one after it.
            #expect(
                Set(arguments.compactMap { $0.parameters.firstIndex(of: family.id) }) == Set(0...9), "\(family.id)")
            #expect(arguments.allSatisfy { $0.parameters.last == "Int" }, "\(family.id)")
            let results = tier.filter { $0.kind == .method && $0.result == family.id }
            #expect(Set(results.map(\.effect)) == Set(Effect.classic), "\(family.id)")
            for kind in [RequirementKind.staticMethod, .subscript, .initializer, .setter] {
                #expect(tier.contains { $0.kind == kind && $0.parameters.contains(family.id) }, "\(family.id) \(kind)")
            }
            #expect(tier.contains { $0.kind == .getter && $0.result == family.id }, "\(family.id)")
        }
    }

    @Test func theRequirementSpellsTheTupleAndItsComparison() throws {
        let shape = try #require(Self.tier.first { $0.parameters.contains("(any LabTagged, Double)") })
        let source = CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: .stub).text
        #expect(source.contains("(any LabTagged, Double)"))
        #expect(source.contains("labSameTaggedPair("))
        #expect(ToolchainLimits.exclusionReason(for: shape, on: .arm64) == nil)
    }
}
