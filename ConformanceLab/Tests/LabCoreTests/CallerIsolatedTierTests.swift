import Testing

@testable import LabCore

/// The caller-isolated tier: `nonisolated(nonsending)` async requirements, called from a nonisolated
/// check and from a check isolated to a global actor.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct CallerIsolatedTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .callerIsolated } }

    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: backend).text
    }

    @Test func comesLastWithBothAsyncEffectsAndEveryKind() {
        let tier = Self.tier
        // Appended after every other tier but the addressed tuples': every earlier case keeps its number.
        let later = Self.shapes.filter { $0.form?.group == .addressedTuple || $0.form?.group == .addressedTupleResult }
            .count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 2 * 13 + 8)
        for form in [ShapeForm.callerIsolated, .callerIsolatedOnGlobalActor] {
            let mine = tier.filter { $0.form == form }
            #expect(mine.allSatisfy { $0.effect.isAsync }, "\(form)")
            #expect(Set(mine.filter { $0.kind == .method }.map(\.effect)) == [.async, .asyncThrows], "\(form)")
            #expect(mine.contains { $0.kind == .method && $0.result == "LabLarge5" }, "\(form)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(form)")
            #expect(mine.filter { $0.kind == .getter }.count == 2, "\(form)")
            #expect(mine.filter { $0.kind == .subscript }.count == 2, "\(form)")
            #expect(mine.filter { $0.kind == .initializer }.count == 1, "\(form)")
        }
    }

    @Test func theRequirementAndItsWitnessAreNonsending() throws {
        let shape = try #require(Self.tier.first { $0.form == .callerIsolated && $0.parameters.count == 2 })
        let source = text(shape)
        #expect(source.contains("protocol P_c0007 { nonisolated(nonsending) func call(_ a0: Int, _ a1: String) async"))
        #expect(source.contains("    nonisolated(nonsending) func call(_ a0: Int, _ a1: String) async throws"))
        #expect(source.contains("\nfunc check_c0007_() async -> LabVerdict"))
        let getter = try #require(Self.tier.first { $0.form == .callerIsolated && $0.kind == .getter })
        #expect(text(getter).contains("{ nonisolated(nonsending) var value: String { get async } }"))
    }

    @Test func theGlobalActorFormChecksOnTheActor() throws {
        let shape = try #require(Self.tier.first { $0.form == .callerIsolatedOnGlobalActor && $0.kind == .method })
        let source = text(shape)
        #expect(source.contains("@LabGlobalActor func check_c0007_() async -> LabVerdict"))
        #expect(!source.contains("@LabGlobalActor protocol"))
    }

    @Test func theClassFormDoublesAnOpenClassOnTheGlobalActor() throws {
        let shape = try #require(Self.tier.first { $0.form == .callerIsolatedClassMember && $0.kind == .subscript })
        let source = text(shape)
        #expect(source.contains("open class C_c0007 {"))
        #expect(source.contains("open nonisolated(nonsending) subscript(_ a0: String, _ a1: LabLarge5)"))
        #expect(source.contains("Stub<C_c0007>(initializingWith: { C_c0007() })"))
        #expect(source.contains("@LabGlobalActor func check_c0007_() async -> LabVerdict"))
    }

    @Test func arm64DoesNotBuildTheTier() throws {
        let shape = try #require(Self.tier.first)
        #expect(try #require(ToolchainLimits.exclusionReason(for: shape, on: .arm64)).contains("nonsending"))
        #expect(ToolchainLimits.exclusionReason(for: shape, on: .x86_64) == nil)
    }
}
