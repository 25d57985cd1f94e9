import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

protocol AsyncService: Sendable {
    func double(_ x: Int) async -> Int
    func fetch(_ id: Int) async throws -> String
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> Double
    func five(_ seed: Int) async -> FiveWords
}

/// Async requirements completed at once by the async entry (no suspension).
@Suite(.enabled(if: FabricatedConformance.supportsAsyncRequirements))
struct AsyncImmediateTests {
    let convention = TrampolineConvention.host

    func make(stackPointers: Observations<UInt>? = nil) throws -> any AsyncService {
        let double = try convention.placeArguments([.word])
        let fetch = try convention.placeArguments([.word])
        // The witness convention appends Self metadata and witness table; with
        // the integer registers full they go to the stack too.
        let wideLowerings = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)
        let wide = try convention.placeArguments(wideLowerings + [.word, .word])
        let widePopped = convention.asyncCalleePoppedByteCount(
            stackWordCount: TrampolineConvention.stackWordCount(of: wide))
        // An async indirect result travels in the first integer register.
        let five = try convention.placeArguments([.word], firstGeneralPurpose: 1)
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        let double64 = try convention.placeResult(.double)
        let slots: [WitnessSlot] = (0..<4).map { .asyncRequirement(dispatchIndex: $0) }
        return try fabricate((any AsyncService).self, slots: slots) { frame in
            precondition(frame.isAsync)
            switch frame.slot {
            case 0:
                frame.setResult(frame.argument(Int.self, at: double[0]) * 2, at: word)
            case 1:
                let id = frame.argument(Int.self, at: fetch[0])
                if id < 0 {
                    frame.setThrownError(LoadFailure.notFound(id))
                } else {
                    frame.setResult("#\(id)", at: string)
                }
            case 2:
                frame.calleePoppedStackByteCount = widePopped
                stackPointers?.append(UInt(bitPattern: frame.stackArguments))
                let values =
                    wide[0..<8].map { Double(frame.argument(Int.self, at: $0)) }
                    + wide[8..<18].map { frame.argument(Double.self, at: $0) }
                frame.setResult(values.indices.reduce(0.0) { $0 + Double($1 + 1) * values[$1] }, at: double64)
            case 3:
                let seed = frame.argument(Int.self, at: five[0])
                frame.setResult(FiveWords(a: seed, b: seed * 2, c: seed * 3, d: seed * 4, e: seed * 5), at: .indirect)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test func asyncResultResumesTheCaller() async throws {
        let service = try make()
        #expect(await service.double(21) == 42)
        #expect(await service.double(-4) == -8)
    }

    @Test func asyncThrowingRequirementReturnsAndThrows() async throws {
        let service = try make()
        #expect(try await service.fetch(7) == "#7")
        await #expect(throws: LoadFailure.notFound(-1)) { try await service.fetch(-1) }
    }

    @Test func stackArgumentsAreReadAndPoppedByTheCallee() async throws {
        let stackPointers = Observations<UInt>()
        let service = try make(stackPointers: stackPointers)
        let expected: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
        let sum = expected.indices.reduce(0.0) { $0 + Double($1 + 1) * expected[$1] }
        for _ in 0..<3 {
            // Wrong popping would corrupt the caller's stack on the way back.
            let answer = await service.wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
            #expect(answer == sum)
        }
        // Calls that complete at once resume the caller on the same stack: if
        // the callee popped the wrong amount, each call would start lower or higher.
        #expect(Set(stackPointers.all).count == 1, "stack arguments at \(stackPointers.all)")
    }

    @Test func largeAsyncResultIsWrittenToTheFirstArgumentAddress() async throws {
        let service = try make()
        #expect(await service.five(3) == FiveWords(a: 3, b: 6, c: 9, d: 12, e: 15))
    }

    @Test func thousandConcurrentCallsAreAllAnswered() async throws {
        let service = try make()
        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<1000 {
                group.addTask { await service.double(index) }
            }
            return await group.reduce(0, +)
        }
        #expect(total == 2 * (0..<1000).reduce(0, +))
    }
}
