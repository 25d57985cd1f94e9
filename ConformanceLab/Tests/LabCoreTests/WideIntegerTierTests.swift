import Testing

@testable import LabCore

/// The 128-bit integer tier: `Int128`, `UInt128` and `Optional<Int128>` in every argument register
/// position, as results and as properties.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct WideIntegerTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .wideInteger } }

    @Test func comesLastWithEveryRegisterPosition() {
        let tier = Self.tier
        // Appended after every other tier but the store shapes': every earlier case keeps its number.
        let later = Self.shapes.filter {
            ($0.form?.group.isStoreShapesGroup ?? false) || $0.form?.group == .classDouble
                || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 18 * TypeFamily.wideIntegerFamilies.count)
        for family in TypeFamily.wideIntegerFamilies {
            let arguments = tier.filter { $0.kind == .method && $0.parameters.contains(family.id) }
            // 0 to 9 `Int`s before the integer and one after it.
            #expect(
                Set(arguments.compactMap { $0.parameters.firstIndex(of: family.id) }) == Set(0...9), "\(family.id)")
            #expect(arguments.allSatisfy { $0.parameters.last == "Int" }, "\(family.id)")
            let results = tier.filter { $0.kind == .method && $0.parameters.isEmpty && $0.result == family.id }
            #expect(Set(results.map(\.effect)) == Set(Effect.classic), "\(family.id)")
            #expect(tier.contains { $0.kind == .staticMethod && $0.parameters == [family.id] }, "\(family.id)")
            #expect(tier.contains { $0.kind == .getter && $0.result == family.id }, "\(family.id)")
            #expect(tier.contains { $0.kind == .setter && $0.parameters == [family.id] }, "\(family.id)")
        }
    }

    @Test func samplesSplitTheirHalves() {
        let source = CaseSource(labCase: LabCase(index: 7, shape: Self.tier[9], seed: 1), backend: .stub).text
        #expect(source.contains("Int128"))
        #expect(source.contains("_ a9: Int128") || source.contains("a9: Int128"))
    }
}
