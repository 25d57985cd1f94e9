import TestDoubles
import Testing

/// A reference a configured result holds, to watch its lifetime.
final class ConfiguredValueOwner: @unchecked Sendable {
    let label: String
    init(label: String) { self.label = label }
}

/// Five words, one of them a reference: returned through the caller's
/// indirect result, and copied with a retain.
struct ConfiguredValueReport: Equatable, @unchecked Sendable {
    let owner: ConfiguredValueOwner
    let first: Int
    let second: Int
    let third: Int
    let fourth: Int

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.owner === rhs.owner && lhs.first == rhs.first && lhs.second == rhs.second && lhs.third == rhs.third
            && lhs.fourth == rhs.fourth
    }
}

protocol ConfiguredValueSource: Sendable {
    /// One scalar argument: the call reaches the recorder as raw words.
    func report(_ index: Int) -> ConfiguredValueReport
    /// A `String` argument: the call's arguments are decoded on the stack.
    func report(named name: String) -> ConfiguredValueReport
    /// A `String` result in two registers.
    func title(_ index: Int) -> String
    /// An async requirement answered without suspending.
    func fetch(_ name: String) async -> ConfiguredValueReport
    /// A vector result: a vector register, on both architectures.
    func direction(_ index: Int) -> SIMD4<Float>
    /// A vector of two `Double`s, after a `String` argument decoded on the stack.
    func extent(of name: String) -> SIMD2<Double>
}

struct LiveConfiguredValueSource: ConfiguredValueSource {
    func report(_ index: Int) -> ConfiguredValueReport {
        ConfiguredValueReport(owner: ConfiguredValueOwner(label: "live"), first: index, second: 0, third: 0, fourth: 0)
    }
    func report(named name: String) -> ConfiguredValueReport { report(name.count) }
    func title(_ index: Int) -> String { "live \(index)" }
    func fetch(_ name: String) async -> ConfiguredValueReport { report(named: name) }
    func direction(_ index: Int) -> SIMD4<Float> { SIMD4(repeating: Float(index)) }
    func extent(of name: String) -> SIMD2<Double> { SIMD2(repeating: Double(name.count)) }
}

/// A configured value that is not `()` or a scalar is handed to the call by
/// reference and copied once into its result: every caller gets an equal,
/// independently owned copy; the completion keeps the same value; the value
/// dies with the configuration, not before.
@Suite struct ConfiguredValueResultTests {
    @Test func aLargeValueIsCopiedIntoEveryResultOnBothLanes() throws {
        weak var watched: ConfiguredValueOwner?
        try {
            let owner = ConfiguredValueOwner(label: "configured")
            watched = owner
            let configured = ConfiguredValueReport(owner: owner, first: 1, second: -2, third: .max, fourth: .min)
            let stub = try Stub<any ConfiguredValueSource>()
            // `returning:` gives the recording pass its placeholder: a pass that has to make one of a
            // class parks, and a parked pass keeps its stub (and so the configuration) for good.
            let byIndex = stub.when(returning: configured) { $0.report(Match.any()) }
            byIndex.thenReturn(configured)
            let byName = stub.when(returning: configured) { $0.report(named: Match.any()) }
            byName.thenReturn(configured)
            let source = stub()
            var received: [ConfiguredValueReport] = []
            for index in 0..<500 {
                received.append(source.report(index))
                received.append(source.report(named: "n\(index)"))
            }
            #expect(received.count == 1_000)
            #expect(received.allSatisfy { $0 == configured })
            #expect(byIndex.results() == Array(repeating: configured, count: 500))
            #expect(byName.results() == Array(repeating: configured, count: 500))
            #expect(byName.arguments() == (0..<500).map { "n\($0)" })
            received.removeAll()
            #expect(watched?.label == "configured")
        }()
        // The stub, its completions and every copy are gone: nothing kept the reference alive.
        #expect(watched == nil)
    }

    @Test func aChainOfLargeValuesIsServedInOrderAndEachCompletionFollowsItsCall() throws {
        let owner = ConfiguredValueOwner(label: "chain")
        let values = (0..<3).map { ConfiguredValueReport(owner: owner, first: $0, second: $0, third: $0, fourth: $0) }
        let stub = try Stub<any ConfiguredValueSource>()
        let named = stub.when { $0.report(named: Match.any()) }
        named.thenReturn(values[0], times: 1).thenReturn(values[1], times: 1).thenReturn(values[2])
        let source = stub()
        let expected = [values[0], values[1], values[2], values[2], values[2]]
        #expect((0..<5).map { source.report(named: "\($0)") } == expected)
        #expect(named.results() == expected)
        let events = stub.history.timeline.events
        #expect(events.count == 5)
        for (index, event) in events.enumerated() {
            // Answered in the hold that recorded it: the call finished as it arrived.
            let completion = try #require(event.completionSequence)
            #expect(completion == event.id)
            if index + 1 < events.count { #expect(completion < events[index + 1].id) }
        }
    }

    @Test func aStringResultIsTheConfiguredOne() throws {
        let stub = try Stub<any ConfiguredValueSource>()
        let long = String(repeating: "long enough to live on the heap ", count: 4)
        let titles = stub.when { $0.title(Match.any()) }
        titles.thenReturn(long)
        let source = stub()
        #expect((0..<100).allSatisfy { source.title($0) == long })
        #expect(titles.results() == Array(repeating: long, count: 100))
    }

    @Test func anAsyncCallIsAnsweredWithTheConfiguredValue() async throws {
        let owner = ConfiguredValueOwner(label: "async")
        let configured = ConfiguredValueReport(owner: owner, first: 7, second: 8, third: 9, fourth: 10)
        let stub = try Stub<any ConfiguredValueSource>()
        let fetches = await stub.when { await $0.fetch(Match.any()) }
        fetches.thenReturn(configured)
        let source = stub()
        for index in 0..<50 { #expect(await source.fetch("\(index)") == configured) }
        #expect(fetches.results() == Array(repeating: configured, count: 50))
    }

    @Test func aVectorResultKeepsEveryLaneBitForBit() throws {
        // Lanes whose bits a conversion or a wrong register would change: a signed zero,
        // a NaN with a payload, a subnormal and the largest finite value.
        let direction = SIMD4<Float>(
            -0.0, Float(bitPattern: 0x7FC0_1234), .leastNonzeroMagnitude, .greatestFiniteMagnitude)
        let extent = SIMD2<Double>(Double(bitPattern: 0xFFF8_0000_0000_0042), -.leastNormalMagnitude)
        let stub = try Stub<any ConfiguredValueSource>()
        let directions = stub.when { $0.direction(Match.any()) }
        directions.thenReturn(direction)
        let extents = stub.when { $0.extent(of: Match.any()) }
        extents.thenReturn(extent)
        let source = stub()
        let bits = { (vector: SIMD4<Float>) in (0..<4).map { vector[$0].bitPattern } }
        let wideBits = { (vector: SIMD2<Double>) in (0..<2).map { vector[$0].bitPattern } }
        for index in 0..<20 {
            #expect(bits(source.direction(index)) == bits(direction))
            #expect(wideBits(source.extent(of: "e\(index)")) == wideBits(extent))
        }
        #expect(directions.results().map(bits) == Array(repeating: bits(direction), count: 20))
        #expect(extents.results().map(wideBits) == Array(repeating: wideBits(extent), count: 20))
        #expect(extents.arguments() == (0..<20).map { "e\($0)" })
    }
}
