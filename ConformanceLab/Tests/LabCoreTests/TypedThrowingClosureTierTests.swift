import Testing

@testable import LabCore

/// The typed-throwing closures tier: what it generates and the source of its cases.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct TypedThrowingClosureTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form == .typedThrowingClosure } }

    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: backend).text
    }

    @Test func everyFamilyIsAnArgumentUnderEveryEffectAResultAndAProperty() {
        let tier = Self.tier
        #expect(tier.count == 9 * TypeFamily.typedThrowingClosureFamilies.count)
        // Appended after every earlier tier (only the bound `read` cases, the isolated protocols and the
        // constrained existentials follow): every earlier case keeps its number.
        let bound = Self.shapes.filter { $0.form == .boundReadAccessor }
        let isolated = Self.shapes.filter {
            $0.form?.group == .isolatedProtocol || $0.form?.group == .constrainedExistential
                || $0.form?.group == .genericWrapper || $0.form?.group == .wideInteger
                || ($0.form?.group.isStoreShapesGroup ?? false) || $0.form?.group == .classDouble
                || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }
        let later = bound.count + isolated.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(Self.shapes.dropLast(isolated.count).suffix(bound.count) == bound[...])
        for family in TypeFamily.typedThrowingClosureFamilies {
            let mine = tier.filter { $0.parameters == [family.id] || $0.result == family.id }
            let methods = mine.filter { $0.kind == .method && $0.parameters == [family.id] }
            #expect(Set(methods.map(\.effect)) == Set(Effect.classic), "\(family.id)")
            #expect(mine.contains { $0.kind == .staticMethod }, "\(family.id)")
            #expect(mine.contains { $0.kind == .method && $0.result == family.id }, "\(family.id)")
            #expect(mine.contains { $0.kind == .getter }, "\(family.id)")
            #expect(mine.contains { $0.kind == .setter }, "\(family.id)")
        }
    }

    @Test func handlersAndProbesTakeTheClosureAsAny() throws {
        let argument = try #require(
            Self.tier.first { $0.kind == .method && $0.parameters == ["(Int) throws(LabError) -> Int"] })
        let source = text(argument)
        #expect(source.contains("func call(_ a0: @escaping (Int) throws(LabError) -> Int) -> Int"))
        // Swift 6.3.1 cannot put a typed-throwing function type in a parameter pack.
        #expect(source.contains("labProbe.record(a0 as Any)"))
        #expect(source.contains(".then { (a0: Any) in labProbe.record(a0)"))
        #expect(source.contains("labSameCall($0, $1) { f in labOutcome { try f(5) } }"))
        let setter = try #require(Self.tier.first { $0.kind == .setter })
        #expect(text(setter, .control).contains("set { labProbe.record(newValue as Any) }"))
        let asyncResult = try #require(
            Self.tier.first {
                $0.kind == .method && $0.result == "@Sendable (Int, String) async throws(LabError) -> LabLarge5"
            })
        #expect(text(asyncResult).contains("await labSameAsync($0, $1) { f in await labOutcomeAsync {"))
    }

    @Test func aBoundReadIsTheReadOfAPrimaryAssociatedTypeInTheCoroutineModule() throws {
        let bound = Self.shapes.filter { $0.form == .boundReadAccessor }
        #expect(bound.count == 5)
        #expect(bound.allSatisfy { $0.form?.needsCoroutineAccessors == true && $0.kind == .getter })
        let source = text(try #require(bound.first { $0.result == "LabLarge5" }))
        #expect(source.contains("protocol P_c0007<A> { associatedtype A; var value: A { read } }"))
        #expect(source.contains("typealias A = LabLarge5"))
        #expect(source.contains("Stub<any P_c0007<LabLarge5>>()"))
        #expect(source.contains("stub.when(returning: expected) { $0.value }"))
    }
}
