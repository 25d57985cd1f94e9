import TestDoubles
import Testing

/// A result of seven words: larger than the four a direct result can use, so it travels indirectly.
struct WideSummary: Equatable, Sendable {
    var integerSum: Int
    var doubleSum: Double
    var firstInteger: Int
    var lastDouble: Double
    var count: Int
    var label: String
}

/// Eight integers and ten doubles (two of the doubles spill to the stack on
/// x86_64, none of the integers on arm64) and an indirect result, on async
/// and async-throwing requirements.
protocol AsyncWideService: Sendable {
    func summarize(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> WideSummary
    func summarizeOrFail(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async throws -> WideSummary
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveAsyncWideService: AsyncWideService {
    func summarize(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> WideSummary {
        WideSummary(integerSum: 0, doubleSum: 0, firstInteger: 0, lastDouble: 0, count: 0, label: "")
    }
    func summarizeOrFail(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async throws -> WideSummary {
        WideSummary(integerSum: 0, doubleSum: 0, firstInteger: 0, lastDouble: 0, count: 0, label: "")
    }
}

/// The summary the handlers compute, so a misplaced argument changes the answer.
func wideSummary(_ integers: [Int], _ doubles: [Double], label: String) -> WideSummary {
    var integerSum = 0
    for (position, value) in integers.enumerated() { integerSum += value * (position + 1) }
    var doubleSum = 0.0
    for (position, value) in doubles.enumerated() { doubleSum += value * Double(position + 1) }
    return WideSummary(
        integerSum: integerSum, doubleSum: doubleSum, firstInteger: integers.first ?? 0,
        lastDouble: doubles.last ?? 0, count: integers.count + doubles.count, label: label)
}

@Suite(.timeLimit(.minutes(5))) struct AsyncWideTests {
    static let integers = [11, -22, 33, -44, 55, -66, 77, -88]
    static let doubles = [0.5, -1.25, 2.75, -3.5, 4.125, -5.0625, 6.5, -7.75, 8.875, -9.9375]

    @Test func eightIntegersTenDoublesAndAnIndirectResultAsync() async throws {
        let stub = try Stub<any AsyncWideService>()
        let calls = await stub.when {
            await $0.summarize(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any())
        }
        calls.then {
            (
                i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, d0: Double, d1: Double,
                d2: Double, d3: Double, d4: Double, d5: Double, d6: Double, d7: Double, d8: Double, d9: Double
            ) -> WideSummary in
            wideSummary(
                [i0, i1, i2, i3, i4, i5, i6, i7], [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9], label: "sync handler")
        }
        let service = stub()
        let i = Self.integers
        let d = Self.doubles
        let expected = wideSummary(i, d, label: "sync handler")
        // Several calls: a wrong callee-popped byte count corrupts the caller's frame by the second.
        for _ in 0..<3 {
            let summary = await service.summarize(
                i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7], d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8],
                d[9])
            #expect(summary == expected)
        }
        let recorded = stub.recorder.invocations.map(\.arguments)
        #expect(recorded.count == 3)
        #expect(recorded.first?.prefix(8).compactMap { $0 as? Int } == i)
        #expect(recorded.first?.suffix(10).compactMap { $0 as? Double } == d)
    }

    @Test func eightIntegersTenDoublesAndAnIndirectResultAsyncThrowing() async throws {
        let stub = try Stub<any AsyncWideService>()
        let calls = await stub.when {
            try await $0.summarizeOrFail(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any())
        }
        calls.thenThrow(NetworkError(code: 500))
            .then {
                (
                    i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, d0: Double, d1: Double,
                    d2: Double, d3: Double, d4: Double, d5: Double, d6: Double, d7: Double, d8: Double, d9: Double
                ) async throws -> WideSummary in
                await Task.yield()
                return wideSummary(
                    [i0, i1, i2, i3, i4, i5, i6, i7], [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9], label: "async handler")
            }
        let service = stub()
        let i = Self.integers
        let d = Self.doubles
        await #expect(throws: NetworkError(code: 500)) {
            try await service.summarizeOrFail(
                i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7], d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8],
                d[9])
        }
        let expected = wideSummary(i, d, label: "async handler")
        for _ in 0..<3 {
            let summary = try await service.summarizeOrFail(
                i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7], d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8],
                d[9])
            #expect(summary == expected)
        }
        calls.verify(4...4)
    }

    @Test func wideAsyncCallParkedAndResumedFromAnotherTask() async throws {
        let stub = try Stub<any AsyncWideService>()
        let suspension = await stub.when {
            try await $0.summarizeOrFail(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any())
        }.thenSuspend()
        let service = stub()
        let i = Self.integers
        let d = Self.doubles
        // The stack-passed arguments are captured before the call suspends; the answer arrives later.
        let call = Task {
            try await service.summarizeOrFail(
                i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7], d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8],
                d[9])
        }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        let recorded = stub.recorder.invocations.map(\.arguments)
        #expect(recorded.first?.suffix(10).compactMap { $0 as? Double } == d)
        let answer = wideSummary(i, d, label: "resumed")
        await Task.detached { suspension.resume(returning: answer) }.value
        #expect(try await call.value == answer)
    }
}
