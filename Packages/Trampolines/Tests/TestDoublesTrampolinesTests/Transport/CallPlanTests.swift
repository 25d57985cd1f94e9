import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

@Suite struct CallPlanTests {
    static let wide = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)

    @Test func syncPlanAppendsSelfMetadataAndWitnessTable() throws {
        let plan = try CallPlan(convention: .x86_64, arguments: [.word, .word], result: .word)
        #expect(
            plan.selfMetadata
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(2))
                ]))
        #expect(
            plan.selfWitnessTable
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(3))
                ]))
        #expect(plan.calleePoppedStackByteCount == 0)
        #expect(plan.typedError == nil)
    }

    @Test func asyncPlanCountsHiddenStackWordsForThePop() throws {
        let x86 = try CallPlan(convention: .x86_64, arguments: Self.wide, result: .double, isAsync: true)
        // i6 i7 d8 d9 Self-metadata Self-table: six words, rounded down to 16 bytes.
        #expect(x86.calleePoppedStackByteCount == 48)
        let arm = try CallPlan(convention: .arm64, arguments: Self.wide, result: .double, isAsync: true)
        // d8 d9 Self-metadata Self-table: four words.
        #expect(arm.calleePoppedStackByteCount == 32)
        let odd = try CallPlan(
            convention: .x86_64, arguments: Array(repeating: .word, count: 7), result: .word, isAsync: true)
        // i6 Self-metadata Self-table: three words, rounded down to 16 bytes on x86_64.
        #expect(odd.calleePoppedStackByteCount == 16)
        let oddArm = try CallPlan(
            convention: .arm64, arguments: Array(repeating: .word, count: 7), result: .word, isAsync: true)
        // Self-table alone on the stack: one word, rounded up to 16 bytes on arm64.
        #expect(oddArm.calleePoppedStackByteCount == 16)
    }

    @Test func spilledSixteenByteVectorsTakeTwoWordsAtAnEvenIndex() throws {
        let vector = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])
        func stackWords(_ location: ArgumentLocation) -> [Int] {
            guard case .direct(let parts) = location else { return [] }
            return parts.compactMap { if case .stack(let index) = $0.location { index } else { nil } }
        }
        // x86_64, as compiled callers store them: i6 i7 at words 0 and 1,
        // v8 v9 v10 at 2, 4 and 6, then the Self words at 8 and 9.
        let x86 = try CallPlan(
            convention: .x86_64, arguments: Array(repeating: .word, count: 8) + Array(repeating: vector, count: 11),
            result: .word, isAsync: true)
        #expect(x86.arguments[6...].map(stackWords) == [[0], [1], [], [], [], [], [], [], [], [], [2], [4], [6]])
        #expect(stackWords(x86.selfMetadata) == [8])
        #expect(x86.calleePoppedStackByteCount == 80)
        #expect(x86.witnessPoppedStackByteCount == 80)
        // Seven integers, nine vectors and one more integer: v8 skips word 1
        // to reach its boundary, the last integer and the Self words take
        // 4, 5 and 6. Seven words: the caller reserves 64 bytes, a compiled
        // witness pops 48 (Swift 6.3.1, x86_64).
        let odd = try CallPlan(
            convention: .x86_64,
            arguments: Array(repeating: .word, count: 7) + Array(repeating: vector, count: 9) + [.word],
            result: .word, isAsync: true)
        #expect(stackWords(odd.arguments[15]) == [2])
        #expect(stackWords(odd.arguments[16]) == [4])
        #expect(stackWords(odd.selfWitnessTable) == [6])
        #expect(odd.calleePoppedStackByteCount == 64)
        #expect(odd.witnessPoppedStackByteCount == 48)
        // arm64: the integers fill x0-x7, so v8 v9 v10 start the stack area.
        let arm = try CallPlan(
            convention: .arm64, arguments: Array(repeating: .word, count: 8) + Array(repeating: vector, count: 11),
            result: .word, isAsync: true)
        #expect(arm.arguments[16...].map(stackWords) == [[0], [2], [4]])
        #expect(arm.calleePoppedStackByteCount == 64)
        // arm64, seven integers: v8 at words 0-1, the last integer in x7, the Self words at 2 and 3.
        let oddArm = try CallPlan(
            convention: .arm64,
            arguments: Array(repeating: .word, count: 7) + Array(repeating: vector, count: 9) + [.word],
            result: .word, isAsync: true)
        #expect(stackWords(oddArm.arguments[15]) == [0])
        #expect(stackWords(oddArm.selfMetadata) == [2])
        #expect(oddArm.calleePoppedStackByteCount == 32)
        #expect(oddArm.witnessPoppedStackByteCount == 32)
    }

    @Test func asyncIndirectResultTakesTheFirstRegister() throws {
        let plan = try CallPlan(convention: .arm64, arguments: [.word], result: .indirect, isAsync: true)
        #expect(
            plan.arguments[0]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(1))
                ]))
        let sync = try CallPlan(convention: .arm64, arguments: [.word], result: .indirect)
        #expect(
            sync.arguments[0]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(0))
                ]))
    }

    @Test func typedErrorTravelsByTheCompilersRule() throws {
        let direct = try CallPlan(
            convention: .x86_64, arguments: [.word], result: .word, typedError: .word, typedErrorsTravelDirectly: true)
        #expect(
            direct.typedError
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(0))
                ]))
        let buffered = try CallPlan(
            convention: .x86_64, arguments: [.word], result: .word, typedError: .word, typedErrorsTravelDirectly: false)
        #expect(buffered.typedError == .indirect(.generalPurpose(1)))
        let wide = try CallPlan(
            convention: .x86_64, arguments: [.word], result: .word, typedError: .indirect,
            typedErrorsTravelDirectly: true)
        #expect(wide.typedError == .indirect(.generalPurpose(1)))
        #expect(
            wide.selfMetadata
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(2))
                ]))
        let empty = try CallPlan(convention: .x86_64, arguments: [], result: .word, typedError: .empty)
        #expect(empty.typedError == .empty)
    }

    @Test func planDrivesRealAsyncAndTypedCalls() async throws {
        let wide = try CallPlan(arguments: Self.wide, result: .indirect, isAsync: true)
        let small = try CallPlan(
            arguments: [.word], result: .word, isAsync: true,
            typedError: .words(byteCount: MemoryLayout<SmallFailure>.size))
        let wideThrowing = try CallPlan(arguments: [.word], result: .word, isAsync: true, typedError: .indirect)
        let slots: [WitnessSlot] = [.asyncRequirement(dispatchIndex: 0), .asyncRequirement(dispatchIndex: 1)]
        let typed = try fabricate((any AsyncTypedThrowing).self, slots: slots) { frame in
            let plan = frame.slot == 0 ? small : wideThrowing
            let x = frame.argument(Int.self, at: plan.arguments[0])
            guard x < 0, let location = plan.typedError else { return frame.setResult(x + 1, at: plan.result) }
            if frame.slot == 0 {
                frame.setTypedThrownError(SmallFailure.code(x), at: location)
            } else {
                frame.setTypedThrownError(WideFailure(a: x, b: 0, c: 0, d: 0, e: 0), at: location)
            }
        }.value
        #expect(try await typed.small(1) == 2)
        await #expect(throws: SmallFailure.code(-1)) { try await typed.small(-1) }
        await #expect(throws: WideFailure(a: -2, b: 0, c: 0, d: 0, e: 0)) { try await typed.wide(-2) }
        let stackPointers = Observations<UInt>()
        let parked = try fabricate(
            (any Parked).self, slots: (0..<4).map { .asyncRequirement(dispatchIndex: $0) }
        ) { frame in
            guard frame.slot == 3 else { return }
            frame.calleePoppedStackByteCount = wide.calleePoppedStackByteCount
            stackPointers.append(UInt(bitPattern: frame.stackArguments))
            let integers = wide.arguments[0..<8].map { frame.argument(Int.self, at: $0) }
            frame.setResult(FiveWords(a: integers.reduce(0, +), b: 0, c: 0, d: 0, e: 0), at: wide.result)
        }.value
        for _ in 0..<3 {
            let result = await parked.wide(1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            #expect(result.a == 36)
        }
        #expect(Set(stackPointers.all).count == 1)
    }
}
