import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Requirements whose 16-byte vectors find the vector registers full and
/// travel on the stack, two words at a 16-byte boundary.
protocol SpilledVectorService: Sendable {
    func sum(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) -> Double
    func sumAsync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) async -> Double
    /// Seven stack words on x86_64 (a padding word before the vector): the
    /// caller reserves 64 bytes for them where a compiled witness pops 48.
    func oddAsync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ last: Int
    ) async throws -> Double
}

@Suite(.enabled(if: FabricatedConformance.supportsAsyncRequirements))
struct SpilledVectorTests {
    static let vector = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])
    static let wide = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: vector, count: 11)
    static let odd = Array(repeating: ValueLowering.word, count: 7) + Array(repeating: vector, count: 9) + [.word]

    /// Every argument weighs in at its own position, each vector lane too.
    static func weigh(_ integers: [Int], _ vectors: [SIMD4<Float>]) -> Double {
        var total = 0.0
        for (index, value) in integers.enumerated() { total += Double(index + 1) * Double(value) }
        for (index, vector) in vectors.enumerated() {
            for lane in 0..<4 { total += Double((index + 1) * 100 + lane) * Double(vector[lane]) }
        }
        return total
    }

    static func vector(_ n: Int) -> SIMD4<Float> { SIMD4(Float(n), Float(n) + 0.25, Float(n) + 0.5, -Float(n)) }

    /// A conformance answering every requirement with the weight of the
    /// arguments it read; `suspending` makes the async ones suspend first.
    func make(suspending: Bool, stackPointers: Observations<UInt>) throws -> any SpilledVectorService {
        let sync = try CallPlan(arguments: Self.wide, result: .double)
        let async = try CallPlan(arguments: Self.wide, result: .double, isAsync: true)
        let odd = try CallPlan(arguments: Self.odd, result: .double, isAsync: true)
        let slots: [WitnessSlot] = [
            .requirement(dispatchIndex: 0), .asyncRequirement(dispatchIndex: 1), .asyncRequirement(dispatchIndex: 2),
        ]
        return try fabricate((any SpilledVectorService).self, slots: slots) { frame in
            let plan = [sync, async, odd][frame.slot]
            let integerCount = frame.slot == 2 ? 7 : 8
            var integers = plan.arguments[0..<integerCount].map { frame.argument(Int.self, at: $0) }
            let vectors = plan.arguments[integerCount..<(integerCount + (frame.slot == 2 ? 9 : 11))].map {
                frame.argument(SIMD4<Float>.self, at: $0)
            }
            if frame.slot == 2 { integers.append(frame.argument(Int.self, at: plan.arguments[16])) }
            let answer = Self.weigh(integers, vectors)
            guard plan.isAsync else { return frame.setResult(answer, at: plan.result) }
            stackPointers.append(UInt(bitPattern: frame.stackArguments))
            frame.calleePoppedStackByteCount = plan.calleePoppedStackByteCount
            guard suspending else { return frame.setResult(answer, at: plan.result) }
            frame.suspend { result in
                await Task.yield()
                result.setResult(answer, at: plan.result)
            }
        }.value
    }

    @Test(arguments: [false, true])
    func spilledVectorsArriveExactlyAndThePopKeepsTheCallersStack(suspending: Bool) async throws {
        let stackPointers = Observations<UInt>()
        let service = try make(suspending: suspending, stackPointers: stackPointers)
        let v = (1...11).map(Self.vector)
        let expected = Self.weigh(Array(1...8), v)
        let expectedOdd = Self.weigh(Array(1...7) + [99], Array(v[0..<9]))
        for _ in 0..<3 {
            let sync = service.sum(
                1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
            #expect(sync == expected)
            let async = await service.sumAsync(
                1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
            #expect(async == expected)
            let odd = try await service.oddAsync(
                1, 2, 3, 4, 5, 6, 7, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], 99)
            #expect(odd == expectedOdd)
        }
        // Calls completed at once resume the caller on the same stack: a pop
        // that differs from what the caller reserved would move each next
        // call's arguments (and, left alone, lose a return address).
        if !suspending {
            let sumAsync = stackPointers.all.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            let oddAsync = stackPointers.all.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            #expect(Set(sumAsync).count == 1, "stack arguments at \(sumAsync)")
            #expect(Set(oddAsync).count == 1, "stack arguments at \(oddAsync)")
        }
    }
}
