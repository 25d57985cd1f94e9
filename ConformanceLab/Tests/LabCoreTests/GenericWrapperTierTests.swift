import Testing

@testable import LabCore

/// The generic wrapper tier: a method's own generic parameter inside the lab's generic types.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct GenericWrapperTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .genericWrapper } }

    @Test func comesLastWithEveryEffectAndKind() {
        let tier = Self.tier
        // Appended after every other tier but the 128-bit integers': every earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .wideInteger || ($0.form?.group.isStoreShapesGroup ?? false)
                || $0.form?.group == .classDouble || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 42)
        for form in ShapeForm.allCases where form.group == .genericWrapper {
            let mine = tier.filter { $0.form == form }
            let methods = mine.filter { $0.kind == .method }
            #expect(Set(methods.map(\.effect)) == Set(Effect.classic), "\(form)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(form)")
            #expect(mine.filter { $0.kind == .subscript }.count == 1, "\(form)")
            #expect(mine.allSatisfy { $0.parameters.count == 1 && $0.result == $0.parameters[0] }, "\(form)")
        }
        let used = Set(tier.flatMap(\.parameters))
        #expect(used == Set(TypeFamily.genericWrapperFamilies.map(\.id)))
    }

    @Test func theProtocolSpellsTheMethodsParameterInsideTheWrapper() {
        let shape = Self.tier.first { $0.form == .wrapperStored && $0.kind == .subscript }!
        let text = CaseSource(labCase: LabCase(index: 3, shape: shape, seed: 1), backend: .stub).text
        #expect(text.contains("subscript<T>(_ a0: LabKey<T>) -> LabKey<T>"))
    }
}
