import Testing

@testable import LabCore

/// The constrained existential tier: `any Sequence<Int>`, `any Collection<String>` and
/// `any Clock<Duration>` as arguments, results and properties.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct ConstrainedExistentialTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .constrainedExistential } }

    @Test func comesLastWithEveryPosition() {
        let tier = Self.tier
        // Appended after every other tier but the generic wrappers' and the 128-bit integers': every earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .genericWrapper || $0.form?.group == .wideInteger
                || ($0.form?.group.isStoreShapesGroup ?? false) || $0.form?.group == .classDouble
                || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 39)
        for family in TypeFamily.constrainedExistentialFamilies {
            let mine = tier.filter { $0.parameters.contains(family.id) || $0.result == family.id }
            #expect(mine.filter { $0.kind == .method }.count == 10, "\(family.id)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(family.id)")
            #expect(mine.filter { $0.kind == .getter }.count == 1, "\(family.id)")
            #expect(mine.filter { $0.kind == .setter }.count == 1, "\(family.id)")
        }
    }
}
