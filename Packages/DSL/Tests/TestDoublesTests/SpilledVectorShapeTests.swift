import TestDoubles
import Testing

// Sixteen-byte SIMD vectors that find the vector registers full travel on
// the stack at a 16-byte boundary (two words at an even index), in
// synchronous and async calls alike (x86_64: eight vector registers and six
// integer ones; arm64: eight of each).
protocol SpilledVectors: ForwardedSpilledVectors {
    /// Seven integers: the first spilled vector skips a word to its boundary on
    /// x86_64, and the call takes seven stack words there, for which Swift's
    /// x86_64 callers reserve 64 bytes where its witnesses pop 48.
    func oddAsync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ last: Int
    ) async throws -> UInt64
}

/// The synchronous and the even async shape: a Spy forwards them on both architectures.
protocol ForwardedSpilledVectors {
    func sync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) -> UInt64
    func async(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) async -> UInt64
}

/// A checksum every argument contributes to at its own position.
func spilledChecksum(_ integers: [Int], _ vectors: [SIMD4<Float>]) -> UInt64 {
    var sum: UInt64 = 0
    for (index, value) in integers.enumerated() { sum = sum &* 31 &+ UInt64(bitPattern: Int64(value &* (index + 1))) }
    for (index, vector) in vectors.enumerated() {
        for lane in 0..<4 { sum = sum &* 31 &+ UInt64(vector[lane].bitPattern) &* UInt64(index + 2) }
    }
    return sum
}

struct LiveSpilledVectors: SpilledVectors {
    func sync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) -> UInt64 {
        spilledChecksum([a0, a1, a2, a3, a4, a5, a6, a7], [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10])
    }

    func async(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ v9: SIMD4<Float>,
        _ v10: SIMD4<Float>
    ) async -> UInt64 {
        await Task.yield()
        return spilledChecksum([a0, a1, a2, a3, a4, a5, a6, a7], [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10])
    }

    func oddAsync(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int,
        _ v0: SIMD4<Float>, _ v1: SIMD4<Float>, _ v2: SIMD4<Float>, _ v3: SIMD4<Float>, _ v4: SIMD4<Float>,
        _ v5: SIMD4<Float>, _ v6: SIMD4<Float>, _ v7: SIMD4<Float>, _ v8: SIMD4<Float>, _ last: Int
    ) async throws -> UInt64 {
        await Task.yield()
        return spilledChecksum([a0, a1, a2, a3, a4, a5, a6, last], [v0, v1, v2, v3, v4, v5, v6, v7, v8])
    }
}

@Suite struct SpilledVectorShapeTests {
    static func vector(_ n: Int) -> SIMD4<Float> {
        SIMD4(Float(n), Float(n) + 0.25, Float(n) + 0.5, -Float(n))
    }

    static var expected: UInt64 {
        spilledChecksum(Array(1...8), (0...10).map(vector))
    }

    static var expectedOdd: UInt64 {
        spilledChecksum(Array(1...7) + [99], (0...8).map(vector))
    }

    static func callSync(_ value: any SpilledVectors) -> UInt64 {
        let v = (0...10).map(vector)
        return value.sync(1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
    }

    static func callAsync(_ value: any SpilledVectors) async -> UInt64 {
        let v = (0...10).map(vector)
        return await value.async(
            1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
    }

    static func callOdd(_ value: any SpilledVectors) async throws -> UInt64 {
        let v = (0...8).map(vector)
        return try await value.oddAsync(1, 2, 3, 4, 5, 6, 7, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], 99)
    }

    @Test func stubReceivesEverySpilledVectorExactly() async throws {
        let stub = try Stub<any SpilledVectors>()
        let v = (0...10).map(Self.vector)
        stub.when {
            $0.sync(
                1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
        }.thenReturn(11)
        try await stub.when {
            await $0.async(
                1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
        }.thenReturn(22)
        try await stub.when {
            try await $0.oddAsync(1, 2, 3, 4, 5, 6, 7, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], 99)
        }.thenReturn(33)
        // Only the exact values match: a misread vector would leave the call unmatched.
        let value: any SpilledVectors = stub()

        #expect(Self.callSync(value) == 11)
        #expect(await Self.callAsync(value) == 22)
        #expect(try await Self.callOdd(value) == 33)
        stub.verify(.once) {
            $0.sync(1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
        }
    }

    @Test func spyForwardsSpilledVectorsToTheRealConformer() async throws {
        let spy = try Spy<any ForwardedSpilledVectors>(forwardingTo: LiveSpilledVectors())
        let value: any ForwardedSpilledVectors = spy()
        let v = (0...10).map(Self.vector)

        #expect(
            value.sync(1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
                == Self.expected)
        #expect(
            await value.async(1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
                == Self.expected)
        spy.verify(.once) {
            $0.sync(1, 2, 3, 4, 5, 6, 7, 8, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10])
        }
    }

    @Test func spyOfAnOddSpilledAsyncShapeFollowsTheCompiler() async throws {
        #if arch(x86_64)
        // The real witness itself would leave the caller's stack 16 bytes off.
        // (Swift 6.0.3's `#require(throws:)` returns nothing, so the error is checked inside.)
        #expect {
            _ = try Spy<any SpilledVectors>(forwardingTo: LiveSpilledVectors())
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement?.hasPrefix("oddAsync(") == true
                && error.reason.contains("16-byte-aligned value on the stack (a SIMD vector")
        }
        #else
        let spy = try Spy<any SpilledVectors>(forwardingTo: LiveSpilledVectors())
        #expect(try await Self.callOdd(spy()) == Self.expectedOdd)
        #endif
    }
}
