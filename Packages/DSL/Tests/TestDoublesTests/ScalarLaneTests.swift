import TestDoubles
import Testing

/// Requirements whose arguments are at most two scalars: their calls reach
/// the recorder as raw words, and a configured scalar or `Void` value is
/// written straight to its register; async ones return it without suspending.
protocol ScalarLane: Sendable {
    func pair(_ first: UInt32, _ second: Double) -> Int16
    func post(_ amount: Int) async -> Int
    func rate(_ live: Bool, _ factor: Float) async throws -> Double
    func narrow(_ value: Int8) async -> UInt16
    func touch(_ value: Int) async
}

/// The linked conformer whose witnesses describe the signatures.
struct LiveScalarLane: ScalarLane {
    func pair(_ first: UInt32, _ second: Double) -> Int16 { Int16(truncatingIfNeeded: first) }
    func post(_ amount: Int) async -> Int { amount + 1_000 }
    func rate(_ live: Bool, _ factor: Float) async throws -> Double { live ? Double(factor) : 0 }
    func narrow(_ value: Int8) async -> UInt16 { UInt16(bitPattern: Int16(value)) }
    func touch(_ value: Int) async {}
}

@Suite struct ScalarLaneTests {
    @Test func twoScalarArgumentsAreRecordedAndTheValueReturned() throws {
        let stub = try Stub<any ScalarLane>()
        let pairs = stub.when { $0.pair(Match.any(), Match.any()) }
        pairs.thenReturn(-12_345)
        #expect(stub().pair(.max, -0.5) == -12_345)
        #expect(stub().pair(7, .infinity) == -12_345)
        let recorded: [(UInt32, Double)] = pairs.arguments()
        #expect(recorded.map(\.0) == [.max, 7])
        #expect(recorded.map(\.1) == [-0.5, .infinity])
        stub.verify(1...1) { _ = $0.pair(Match.equal(7), Match.any()) }
    }

    @Test func asyncValuesAreReturnedAndTheCallsRecorded() async throws {
        let stub = try Stub<any ScalarLane>()
        let posts = await stub.when { await $0.post(Match.any()) }
        posts.thenReturn(42)
        let narrows = await stub.when { await $0.narrow(Match.any()) }
        narrows.thenReturn(65_535)
        let touches = await stub.when { await $0.touch(Match.any()) }
        touches.thenDoNothing()
        let lane = stub()
        #expect(await lane.post(-1) == 42)
        #expect(await lane.post(Int.max) == 42)
        #expect(await lane.narrow(-128) == 65_535)
        await lane.touch(9)
        let posted: [Int] = posts.arguments()
        #expect(posted == [-1, Int.max])
        let narrowed: [Int8] = narrows.arguments()
        #expect(narrowed == [-128])
        let touched: [Int] = touches.arguments()
        #expect(touched == [9])
        await stub.verify(1...1) { await $0.post(Match.equal(Int.max)) }
    }

    @Test func aChainMixesImmediateValuesWithErrorsAndHandlers() async throws {
        let stub = try Stub<any ScalarLane>()
        await stub.when { try await $0.rate(Match.any(), Match.any()) }
            .thenReturn(1.5)
            .thenThrow(ScalarLaneError.offline)
            .then { (live: Bool, factor: Float) in live ? Double(factor) * 2 : -1 }
            .thenReturn(2.5)
        let lane = stub()
        #expect(try await lane.rate(true, 1) == 1.5)
        await #expect(throws: ScalarLaneError.offline) { try await lane.rate(false, 2) }
        #expect(try await lane.rate(true, 0.25) == 0.5)
        #expect(try await lane.rate(false, 3) == 2.5)
        #expect(try await lane.rate(false, 4) == 2.5)
        await stub.verify(5...5) { try await $0.rate(Match.any(), Match.any()) }
    }

    @Test func aDelayedValueStillSuspends() async throws {
        let stub = try Stub<any ScalarLane>()
        await stub.when { await $0.post(Match.any()) }.thenReturn(1).thenReturn(2, after: .milliseconds(1))
        let lane = stub()
        #expect(await lane.post(0) == 1)
        #expect(await lane.post(0) == 2)
        #expect(await lane.post(0) == 2)
    }

    @Test func thousandConcurrentAsyncCallsAreAnsweredAndCountedOnce() async throws {
        let stub = try Stub<any ScalarLane>()
        let posts = await stub.when { await $0.post(Match.any()) }
        posts.thenReturn(7)
        let lane = stub()
        let answers = await withTaskGroup(of: Int.self) { group in
            for amount in 0..<1_000 { group.addTask { await lane.post(amount) } }
            var all: [Int] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(answers == Array(repeating: 7, count: 1_000))
        let recorded: [Int] = posts.arguments()
        #expect(recorded.sorted() == Array(0..<1_000))
        posts.verify(.exactly(1_000))
    }

    @Test func aSpyAnswersConfiguredValuesAndForwardsTheRest() async throws {
        let spy = try Spy<any ScalarLane>(forwardingTo: LiveScalarLane())
        await spy.when { await $0.post(Match.equal(1)) }.thenReturn(-1)
        let lane = spy()
        #expect(await lane.post(1) == -1)
        #expect(await lane.post(2) == 1_002)
        #expect(lane.pair(300, 0) == 300)
        await spy.verify(2...2) { await $0.post(Match.any()) }
    }
}

enum ScalarLaneError: Error, Equatable {
    case offline
}
