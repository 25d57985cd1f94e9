import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Where a `nonisolated(nonsending)` call's caller actor travels, as measured
/// with Swift 6.3.1 on x86_64 (`-O` and `-Onone`, `objdump` of the callers):
/// rdi and rsi, or rsi and rdx after an async indirect result's address,
/// then the arguments as usual.
@Suite struct CallerIsolationPlanTests {
    static func word(_ location: FragmentLocation) -> ArgumentLocation {
        .direct([PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: location)])
    }

    @Test func theCallersActorTakesTheFirstTwoRegisters() throws {
        let plan = try CallPlan(
            convention: .x86_64, arguments: [.word], result: .word, isAsync: true, inheritsCallerIsolation: true)
        #expect(plan.callerIsolation == [Self.word(.generalPurpose(0)), Self.word(.generalPurpose(1))])
        #expect(plan.arguments == [Self.word(.generalPurpose(2))])
        #expect(plan.selfMetadata == Self.word(.generalPurpose(3)))
        #expect(plan.selfWitnessTable == Self.word(.generalPurpose(4)))
    }

    @Test func anIndirectResultsAddressComesFirst() throws {
        let plan = try CallPlan(
            convention: .x86_64, arguments: [.indirect], result: .indirect, isAsync: true,
            inheritsCallerIsolation: true)
        #expect(plan.result == .indirect)
        #expect(plan.callerIsolation == [Self.word(.generalPurpose(1)), Self.word(.generalPurpose(2))])
        #expect(plan.arguments == [.indirect(.generalPurpose(3))])
        #expect(plan.selfMetadata == Self.word(.generalPurpose(4)))
    }

    @Test func argumentsSpillTwoWordsSooner() throws {
        // The actor, four integers in rdx..r9, then four integers and the Self words on the stack.
        let plan = try CallPlan(
            convention: .x86_64, arguments: Array(repeating: .word, count: 8), result: .word, isAsync: true,
            inheritsCallerIsolation: true)
        #expect(plan.arguments[3] == Self.word(.generalPurpose(5)))
        #expect(plan.arguments[4] == Self.word(.stack(0)))
        #expect(plan.arguments[7] == Self.word(.stack(3)))
        #expect(plan.selfWitnessTable == Self.word(.stack(5)))
        #expect(plan.stackWordCount == 6)
        let plain = try CallPlan(
            convention: .x86_64, arguments: Array(repeating: .word, count: 8), result: .word, isAsync: true)
        #expect(plain.callerIsolation.isEmpty)
        #expect(plain.arguments[4] == Self.word(.generalPurpose(4)))
    }

    @Test func aClassMembersCallersActorComesFirstToo() throws {
        // Measured by the lab's "nonisolated(nonsending), open class" cases: the same two words, no Self words.
        let plan = try CallPlan.classMember(
            convention: .x86_64, arguments: [.indirect, .word], result: .indirect, isAsync: true,
            inheritsCallerIsolation: true)
        #expect(plan.callerIsolation == [Self.word(.generalPurpose(1)), Self.word(.generalPurpose(2))])
        #expect(plan.arguments == [.indirect(.generalPurpose(3)), Self.word(.generalPurpose(4))])
        #expect(plan.selfMetadata == .empty)
        let plain = try CallPlan.classMember(convention: .x86_64, arguments: [.word], result: .word, isAsync: true)
        #expect(plain.callerIsolation.isEmpty)
        #expect(plain.arguments == [Self.word(.generalPurpose(0))])
    }

    @Test func unmeasuredConventionsAndSyncCallsAreRefused() {
        #expect(throws: TrampolineError.self) {
            try CallPlan(
                convention: .arm64, arguments: [.word], result: .word, isAsync: true, inheritsCallerIsolation: true)
        }
        #expect(throws: TrampolineError.self) {
            try CallPlan(convention: .x86_64, arguments: [.word], result: .word, inheritsCallerIsolation: true)
        }
        #expect(throws: TrampolineError.self) {
            try CallPlan.classMember(
                convention: .arm64, arguments: [.word], result: .word, isAsync: true, inheritsCallerIsolation: true)
        }
    }
}
