import Testing

@testable import LabCore

/// The isolated-protocol tier: protocols constrained to `Actor` and isolated to a global actor.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct IsolatedProtocolTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .isolatedProtocol } }

    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: backend).text
    }

    @Test func bothFormsComeLastUnderEveryEffectAndKind() {
        let tier = Self.tier
        // Appended after every earlier tier (only the constrained existential tier follows): every
        // earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .constrainedExistential || $0.form?.group == .genericWrapper
                || $0.form?.group == .wideInteger || ($0.form?.group.isStoreShapesGroup ?? false)
                || $0.form?.group == .classDouble || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        for form in [ShapeForm.actorProtocol, .globalActorProtocol] {
            let mine = tier.filter { $0.form == form }
            let methods = mine.filter { $0.kind == .method }
            #expect(Set(methods.map(\.effect)) == Set(Effect.classic), "\(form)")
            #expect(mine.contains { $0.kind == .staticMethod }, "\(form)")
            #expect(mine.filter { $0.kind == .getter }.count == 2, "\(form)")
            #expect(mine.contains { $0.kind == .subscript }, "\(form)")
            // An actor's property cannot be set from outside it; a global actor's can, on that actor.
            #expect(mine.contains { $0.kind == .setter } == (form == .globalActorProtocol), "\(form)")
            let families = Set(mine.flatMap { $0.parameters + ($0.result.map { [$0] } ?? []) })
            #expect(families.isSubset(of: Set(TypeFamily.isolatedProtocolFamilies)), "\(form)")
        }
        #expect(tier.count == 23)
    }

    @Test func anActorCaseAwaitsEveryInstanceCallFromOutsideTheActor() throws {
        let method = try #require(Self.tier.first { $0.form == .actorProtocol && $0.kind == .method })
        let source = text(method)
        #expect(source.contains(": Actor { func call("))
        #expect(source.contains("actor C_c0007: P_c0007"))
        #expect(source.contains("await stub.when(returning: expected) { await $0.call("))
        #expect(source.contains("= await subject.call(e0)"))
        #expect(source.contains("func check_c0007_() async -> LabVerdict"))
        // `Actor`'s `unownedExecutor` is the first getter.
        let getter = try #require(Self.tier.first { $0.form == .actorProtocol && $0.kind == .getter })
        #expect(text(getter).contains("Stub<any P_c0007>(getterEffects: .nonthrowing, ."))
        let control = text(method, .control)
        #expect(control.contains("let subject: any P_c0007 = C_c0007(labSubject: ())"))
    }

    @Test func aGlobalActorCaseCallsSynchronousRequirementsOnTheActor() throws {
        let method = try #require(
            Self.tier.first { $0.form == .globalActorProtocol && $0.kind == .method && $0.effect == .sync })
        let source = text(method)
        #expect(source.contains("@LabGlobalActor protocol P_c0007 { func call("))
        #expect(source.contains("@LabGlobalActor struct C_c0007: P_c0007"))
        #expect(source.contains("@LabGlobalActor func check_c0007_() async -> LabVerdict"))
        #expect(source.contains("let got: String = subject.call(e0)"))
        #expect(source.contains("let pattern = stub.when(returning: expected) { $0.call("))
        let setter = try #require(Self.tier.first { $0.form == .globalActorProtocol && $0.kind == .setter })
        #expect(text(setter).contains("settable.value = e0"))
    }
}
