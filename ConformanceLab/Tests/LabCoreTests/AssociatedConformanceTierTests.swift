import Testing

@testable import LabCore

/// The associated-conformance tier: primary associated types bound inside generic types and
/// constrained by associated conformances.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct AssociatedConformanceTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .associatedConformance } }

    private func text(_ shape: Shape) -> String {
        CaseSource(labCase: LabCase(index: 9, shape: shape, seed: 1), backend: .stub).text
    }

    @Test func comesLastWithEveryEffectAndKind() {
        let tier = Self.tier
        // Appended after every other tier but the caller-isolated one: every earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 7 * 8)
        for form in ShapeForm.allCases where form.group == .associatedConformance {
            let mine = tier.filter { $0.form == form }
            #expect(Set(mine.filter { $0.kind == .method }.map(\.effect)) == Set(Effect.classic), "\(form)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(form)")
            #expect(mine.filter { $0.kind == .getter }.count == 1, "\(form)")
            #expect(mine.filter { $0.kind == .subscript }.count == 1, "\(form)")
            #expect(mine.allSatisfy { $0.result == form.boundWrapper?.family }, "\(form)")
        }
    }

    @Test func theProtocolSpellsTheBoundTypeInsideTheStream() throws {
        let shape = try #require(Self.tier.first { $0.form == .boundStream && $0.kind == .subscript })
        let source = text(shape)
        #expect(
            source.contains("protocol P_c0009<A> { associatedtype A; subscript(_ a0: AsyncStream<A>) -> AsyncStream<A>")
        )
        #expect(source.contains("typealias A = Int"))
        #expect(source.contains("any P_c0009<Int>"))
    }

    @Test func theProtocolDeclaresTheAssociatedConformances() throws {
        let shape = try #require(Self.tier.first { $0.form == .associatedSet && $0.kind == .method })
        let source = text(shape)
        #expect(source.contains("associatedtype C: Collection where C.Element: Hashable"))
        #expect(source.contains("func call(_ a0: C) -> C"))
        #expect(source.contains("typealias C = Set<Int>"))
        #expect(source.contains("any P_c0009<Set<Int>>"))
    }
}
