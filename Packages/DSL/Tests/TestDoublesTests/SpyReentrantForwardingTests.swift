import TestDoubles
import Testing

/// A protocol of scalar requirements (forwarded by re-issuing the caller's
/// frame) whose real conformer calls back into the spy it is reached
/// through while the forwarded call is still running.
protocol RelayStation {
    /// Counts down, calling the spy again for each step.
    func hops(_ remaining: Int) -> Int
    /// Two scalars of different register files, around a nested call.
    func blend(_ steps: Int, _ factor: Double) -> Double
}

final class LiveRelayStation: RelayStation, @unchecked Sendable {
    let weight: Int
    /// The spy this conformer is reached through; set once the spy exists
    /// (and cleared by the test, which ends the cycle).
    var relay: (any RelayStation)?

    init(weight: Int) { self.weight = weight }

    func hops(_ remaining: Int) -> Int {
        remaining == 0 ? 0 : weight + (relay?.hops(remaining - 1) ?? -1_000)
    }

    func blend(_ steps: Int, _ factor: Double) -> Double {
        // A nested forwarded call first, then this call's own arguments: they must be as passed.
        let nested = relay?.hops(steps) ?? -1_000
        return Double(nested) * factor + Double(steps)
    }
}

/// A forwarded scalar call re-issues the caller's frame to the real
/// conformer; a call of the spy the conformer makes meanwhile is forwarded
/// from a frame of its own, and each returns its own answer, recorded in
/// the order the calls arrived.
@Suite struct SpyReentrantForwardingTests {
    @Test func aConformerThatCallsBackThroughTheSpyGetsEveryAnswer() throws {
        let real = LiveRelayStation(weight: 3)
        let spy = try Spy<any RelayStation>(forwardingTo: real)
        let station = spy()
        real.relay = station
        #expect(station.hops(4) == 12)
        let calls = spy.when { $0.hops(Match.any()) }
        let remaining: [Int] = calls.forwarded.arguments()
        #expect(remaining == [4, 3, 2, 1, 0])
        real.relay = nil
    }

    @Test func aCallsArgumentsAndResultSurviveANestedForward() throws {
        let real = LiveRelayStation(weight: 7)
        let spy = try Spy<any RelayStation>(forwardingTo: real)
        let station = spy()
        real.relay = station
        #expect(station.blend(2, 0.5) == 9)
        #expect(station.blend(3, -2) == -39)
        let blends = spy.when { $0.blend(Match.any(), Match.any()) }
        let arguments: [(Int, Double)] = blends.forwarded.arguments()
        #expect(arguments.map(\.0) == [2, 3])
        #expect(arguments.map(\.1) == [0.5, -2])
        spy.verify(2...2) { $0.hops(Match.equal(0)) }
        real.relay = nil
    }
}
