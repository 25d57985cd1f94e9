import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// 128-bit integer arguments placed as the compiled witnesses of `swiftc -S -O`
/// read them (Swift 6.3.1 x86_64 and arm64, Swift 6.0.3 x86_64 and arm64;
/// 2026-12-03): `afterFive(5 × Int, Int128, Int)`, `afterSeven(7 × Int, Int128, Int)`,
/// `afterNine(9 × Int, Int128, Int)`, `afterOne(Int, Int128, Int)`. Stack word `n`
/// is `8 × n` bytes above the stack pointer at the call.
@Suite struct IntegerPairPlacementTests {
    private let int = ValueLowering.word
    private let int128 = ValueLowering.direct([
        LoweredFragment(.integer, offset: 0, size: 8, startsPair: true), LoweredFragment(.integer, offset: 8, size: 8),
    ])

    private func place(_ convention: TrampolineConvention, before count: Int) throws -> [[FragmentLocation]] {
        let arguments = Array(repeating: int, count: count) + [int128, int]
        return try convention.placeArguments(arguments).suffix(2).map(locations)
    }

    private var swift61: TrampolineConvention {
        var convention = TrampolineConvention.x86_64
        convention.integerPairs = .consecutiveOrStack
        return convention
    }

    private var swift60: TrampolineConvention {
        var convention = TrampolineConvention.x86_64
        convention.integerPairs = .wordByWord
        return convention
    }

    @Test func x86_64WithSwift61KeepsThePairWholeAndALaterWordTakesTheRegisterLeft() throws {
        // afterOne: rsi:rdx, tail rcx. afterFive: 8(%rsp)/16(%rsp), tail r9.
        #expect(try place(swift61, before: 1) == [[.generalPurpose(1), .generalPurpose(2)], [.generalPurpose(3)]])
        #expect(try place(swift61, before: 5) == [[.stack(0), .stack(1)], [.generalPurpose(5)]])
        // afterNine: words 0-2 hold a6-a8, the pair skips word 3 (16-byte boundary), tail at word 6.
        #expect(try place(swift61, before: 9) == [[.stack(4), .stack(5)], [.stack(6)]])
    }

    @Test func x86_64WithSwift60SplitsThePairLikeTwoWords() throws {
        // afterFive: low half r9, high half 8(%rsp), tail 16(%rsp); afterNine: words 3 and 4.
        #expect(try place(swift60, before: 5) == [[.generalPurpose(5), .stack(0)], [.stack(1)]])
        #expect(try place(swift60, before: 9) == [[.stack(3), .stack(4)], [.stack(5)]])
    }

    @Test func arm64UsesEvenPairsAndStopsTakingRegistersAfterAStackPair() throws {
        // afterOne: x2:x3 (x1 left empty), tail x4. afterFive: x6:x7, tail [sp].
        #expect(try place(.arm64, before: 1) == [[.generalPurpose(2), .generalPurpose(3)], [.generalPurpose(4)]])
        #expect(try place(.arm64, before: 5) == [[.generalPurpose(6), .generalPurpose(7)], [.stack(0)]])
        // afterSeven: x7 stays empty, the pair at [sp], tail at [sp, #16].
        #expect(try place(.arm64, before: 7) == [[.stack(0), .stack(1)], [.stack(2)]])
        // afterNine: a8 at [sp], the pair at [sp, #16], tail at [sp, #32].
        #expect(try place(.arm64, before: 9) == [[.stack(2), .stack(3)], [.stack(4)]])
    }

    @Test func theHostRuleIsTheBuildingCompilers() {
        #if compiler(>=6.1)
        #expect(TrampolineConvention.x86_64.integerPairs == .consecutiveOrStack)
        #else
        #expect(TrampolineConvention.x86_64.integerPairs == .wordByWord)
        #endif
        #expect(TrampolineConvention.arm64.integerPairs == .evenPairOrStack)
    }

    @Test func resultsTakeTheNextRegistersWithoutAlignment() throws {
        // res(Int) -> (Int, Int128): rax, rdx:rcx on x86_64 and x0, x1:x2 on arm64.
        let result = ValueLowering.direct([
            LoweredFragment(.integer, offset: 0, size: 8),
            LoweredFragment(.integer, offset: 16, size: 8, startsPair: true),
            LoweredFragment(.integer, offset: 24, size: 8),
        ])
        for convention in [TrampolineConvention.x86_64, .arm64] {
            let plan = try CallPlan(convention: convention, arguments: [], result: result)
            guard case .direct(let parts) = plan.result else {
                Issue.record("not direct")
                continue
            }
            #expect(parts.map(\.location) == [.generalPurpose(0), .generalPurpose(1), .generalPurpose(2)])
        }
    }

    @Test func anAsyncArgumentPairFailsClosedOnArm64WithTheCompilersReason() {
        // Debug arm64 callers place each half in its own even register (GlobalISel tail calls), optimized
        // ones an even:odd pair: the stub cannot tell them apart.
        var reason = ""
        do {
            _ = try CallPlan(convention: .arm64, arguments: [int, int128], result: int, isAsync: true)
        } catch .unsupportedFragment(let message) {
            reason = message
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(reason.contains("128-bit integer argument") && reason.contains("-Onone") && reason.contains("even:odd"))
        #expect((try? CallPlan(convention: .arm64, arguments: [int128], result: int128)) != nil)
        #expect((try? CallPlan(convention: .x86_64, arguments: [int128], result: int128, isAsync: true)) != nil)
    }

    @Test func anAsyncResultPairStartsAtAnEvenRegisterOnArm64() throws {
        // `async -> (Int, Int128)`: the continuation takes x0, x2:x3 (its arguments), the sync caller x0, x1:x2.
        let result = ValueLowering.direct([
            LoweredFragment(.integer, offset: 0, size: 8),
            LoweredFragment(.integer, offset: 16, size: 8, startsPair: true),
            LoweredFragment(.integer, offset: 24, size: 8),
        ])
        let plan = try CallPlan(convention: .arm64, arguments: [int], result: result, isAsync: true)
        #expect(plan.result == .direct(Self.placed(result, at: [0, 2, 3])))
        #expect(plan.forwardedResultIsAmbiguous)
        let sync = try CallPlan(convention: .arm64, arguments: [int], result: result)
        #expect(sync.result == .direct(Self.placed(result, at: [0, 1, 2])))
        #expect(!sync.forwardedResultIsAmbiguous)
        let x86 = try CallPlan(convention: swift61, arguments: [int], result: result, isAsync: true)
        #expect(x86.result == .direct(Self.placed(result, at: [0, 1, 2])))
        #expect(!x86.forwardedResultIsAmbiguous)
        // A lone Int128 sits in x0:x1 either way.
        let lone = try CallPlan(convention: .arm64, arguments: [], result: int128, isAsync: true)
        #expect(lone.result == .direct(Self.placed(int128, at: [0, 1])))
    }

    @Test func anAsyncResultPairBeyondFourRegistersFailsClosedOnArm64() {
        // `async -> (Int, Int128, Int)` is direct (four words) but its continuation takes x0, x2:x3, x4.
        let result = ValueLowering.direct([
            LoweredFragment(.integer, offset: 0, size: 8),
            LoweredFragment(.integer, offset: 16, size: 8, startsPair: true),
            LoweredFragment(.integer, offset: 24, size: 8),
            LoweredFragment(.integer, offset: 32, size: 8),
        ])
        #expect(throws: TrampolineError.self) {
            _ = try CallPlan(convention: .arm64, arguments: [], result: result, isAsync: true)
        }
        #expect((try? CallPlan(convention: .arm64, arguments: [], result: result)) != nil)
    }

    @Test func aTypedErrorBesideAnAsyncPairFailsClosedOnArm64() {
        #expect(throws: TrampolineError.self) {
            _ = try CallPlan(convention: .arm64, arguments: [], result: int128, isAsync: true, typedError: int)
        }
        #expect(
            (try? CallPlan(convention: .arm64, arguments: [], result: int128, isAsync: true, typedError: .empty)) != nil
        )
    }

    private static func placed(_ lowering: ValueLowering, at registers: [Int]) -> [PlacedFragment] {
        guard case .direct(let fragments) = lowering else { return [] }
        return zip(fragments, registers).map { PlacedFragment($0, at: .generalPurpose($1)) }
    }

    @Test func anAsyncCallerOnX86_64ReservesSixteenByteAlignedRoomForAStackPair() throws {
        // u(6 × Int, Int128, Int) async: 6.3.1 callers reserve 48 bytes, witnesses pop 32.
        let arguments = Array(repeating: int, count: 6) + [int128, int]
        let plan = try CallPlan(convention: swift61, arguments: arguments, result: int, isAsync: true)
        #expect(plan.calleePoppedStackByteCount == 48)
        #expect(plan.witnessPoppedStackByteCount == 32)
        #expect(plan.forwardingMisaligns)
        let old = try CallPlan(convention: swift60, arguments: arguments, result: int, isAsync: true)
        #expect(old.calleePoppedStackByteCount == 32 && !old.forwardingMisaligns)
    }
}

private func locations(_ argument: ArgumentLocation) -> [FragmentLocation] {
    switch argument {
    case .empty: []
    case .direct(let parts): parts.map(\.location)
    case .indirect(let address): [address]
    case .mixed(let direct, let addressed): direct.map(\.location) + addressed.map(\.pointer)
    }
}
