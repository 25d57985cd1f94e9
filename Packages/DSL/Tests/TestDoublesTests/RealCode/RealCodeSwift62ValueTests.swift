#if compiler(>=6.2)
import Foundation
import TestDoubles
import Testing

// Swift 6.2 value types in requirements as a synthesizer or audio engine
// declares them: `InlineArray` parameters and results (fixed-size buffers
// with a value generic), `Int128`/`UInt128` accumulators, `Duration`,
// `ContinuousClock.Instant` and `any Clock<Duration>`. The `InlineArray`
// protocols are served exactly on x86_64 (Swift 6.2+).

struct SVFrame: Sendable, Equatable {
    var samples: InlineArray<4, Float>
    var channel: UInt8

    static func == (lhs: SVFrame, rhs: SVFrame) -> Bool {
        guard lhs.channel == rhs.channel else { return false }
        for index in 0..<4 where lhs.samples[index] != rhs.samples[index] { return false }
        return true
    }
}

protocol SVSynth: Sendable {
    func mix(_ levels: InlineArray<4, Float>, gain: Double) -> Float
    func envelope(steps: Int) -> InlineArray<3, Double>
    func tags(_ tags: InlineArray<2, String>) -> String
    func frame(at index: Int) -> SVFrame
    func render(_ frame: SVFrame) -> InlineArray<8, UInt8>
    func wide(_ words: InlineArray<5, Int>, scale: Int) -> InlineArray<5, Int>
    func bands() async -> InlineArray<4, Int16>
}

protocol SVTimebase: Sendable {
    func accumulate(_ total: Int128, _ next: UInt128) -> Int128
    func latency(of buffer: Int) -> Duration
    func schedule(at instant: ContinuousClock.Instant, tolerance: Duration?) -> ContinuousClock.Instant
    func clock() -> any _Concurrency.Clock<Duration>
    func measure(on clock: any _Concurrency.Clock<Duration>, work: Int) async throws -> Duration
}

struct SVLiveSynth: SVSynth {
    func mix(_ levels: InlineArray<4, Float>, gain: Double) -> Float {
        var sum: Float = 0
        for index in levels.indices { sum += levels[index] }
        return sum * Float(gain)
    }
    func envelope(steps: Int) -> InlineArray<3, Double> { [Double(steps), Double(steps) / 2, 0.25] }
    func tags(_ tags: InlineArray<2, String>) -> String { tags[0] + "+" + tags[1] }
    func frame(at index: Int) -> SVFrame { SVFrame(samples: [1, 2, 3, Float(index)], channel: 1) }
    func render(_ frame: SVFrame) -> InlineArray<8, UInt8> {
        InlineArray { UInt8(truncatingIfNeeded: Int(frame.samples[$0 % 4]) + Int(frame.channel) + $0) }
    }
    func wide(_ words: InlineArray<5, Int>, scale: Int) -> InlineArray<5, Int> { InlineArray { words[$0] * scale } }
    func bands() async -> InlineArray<4, Int16> { [-1, 2, -3, 4] }
}

struct SVLiveTimebase: SVTimebase {
    func accumulate(_ total: Int128, _ next: UInt128) -> Int128 { total + Int128(next) }
    func latency(of buffer: Int) -> Duration { .milliseconds(buffer) }
    func schedule(at instant: ContinuousClock.Instant, tolerance: Duration?) -> ContinuousClock.Instant {
        instant.advanced(by: tolerance ?? .zero)
    }
    func clock() -> any _Concurrency.Clock<Duration> { ContinuousClock() }
    func measure(on clock: any _Concurrency.Clock<Duration>, work: Int) async throws -> Duration {
        .seconds(work)
    }
}

extension InlineArray where Element: Equatable {
    /// The elements in order, for comparisons.
    fileprivate var elements: [Element] { indices.map { self[$0] } }
}

@Suite struct RealCodeSwift62ValueTests {
    /// A stub of `SVSynth`: its witness symbols spell `InlineArray`'s count as a value generic argument
    /// (`InlineArrayVy$3_SfG`), and its values travel as a struct of their elements.
    static func synthStub() throws -> Stub<any SVSynth> {
        try Stub<any SVSynth>()
    }

    /// A spy of `SVSynth` around the live synth.
    static func synthSpy() throws -> Spy<any SVSynth> {
        try Spy<any SVSynth>(forwardingTo: SVLiveSynth())
    }

    @Test func inlineArrayArgumentsReachHandlersAndRecordings() throws {
        let synth = try Self.synthStub()
        synth.when { $0.mix(Match.any(), gain: Match.any()) }.then { (levels: InlineArray<4, Float>, gain: Double) in
            (levels[0] * 1000 + levels[1] * 100 + levels[2] * 10 + levels[3]) * Float(gain)
        }
        synth.when { $0.tags(Match.any()) }.then { (tags: InlineArray<2, String>) in tags[1] + "/" + tags[0] }
        let service: any SVSynth = synth()
        #expect(service.mix([1, 2, 3, 4], gain: 2) == 2468)
        #expect(service.mix([9, 0, 0, 1], gain: 0.5) == 4500.5)
        #expect(
            service.tags(["bass", "lead long enough to live on the heap"])
                == "lead long enough to live on the heap/bass")
        let levels: [(InlineArray<4, Float>, Double)] = synth.when { $0.mix(Match.any(), gain: Match.any()) }
            .arguments()
        #expect(levels.map(\.0.elements) == [[1, 2, 3, 4], [9, 0, 0, 1]])
        #expect(levels.map(\.1) == [2, 0.5])
        synth.verify(2...2) { $0.mix(Match.any(), gain: Match.any()) }
    }

    @Test func inlineArrayResultsAndStructsHoldingThem() throws {
        let synth = try Self.synthStub()
        synth.when { $0.envelope(steps: Match.any()) }.then { (steps: Int) in
            [Double(steps), Double(steps) * 2, -1] as InlineArray<3, Double>
        }
        synth.when { $0.frame(at: Match.any()) }.then { (index: Int) in
            SVFrame(samples: [Float(index), 0.5, -2, 7], channel: UInt8(index))
        }
        synth.when { $0.render(Match.any()) }.then { (frame: SVFrame) in
            InlineArray<8, UInt8> {
                UInt8(truncatingIfNeeded: Int(frame.samples[$0 % 4]) * 3 + Int(frame.channel) + $0)
            }
        }
        synth.when { $0.wide(Match.any(), scale: Match.any()) }.then { (words: InlineArray<5, Int>, scale: Int) in
            InlineArray<5, Int> { words[4 - $0] * scale }
        }
        let service: any SVSynth = synth()
        #expect(service.envelope(steps: 21).elements == [21, 42, -1])
        let frame = service.frame(at: 6)
        #expect(frame == SVFrame(samples: [6, 0.5, -2, 7], channel: 6))
        #expect(service.render(frame).elements == [24, 7, 2, 30, 28, 11, 6, 34])
        #expect(service.wide([1, 2, 3, 4, 5], scale: -3).elements == [-15, -12, -9, -6, -3])
        let rendered: [SVFrame] = synth.when { $0.render(Match.any()) }.arguments()
        #expect(rendered == [frame])
    }

    @Test func aSpyForwardsInlineArraysBothWays() throws {
        let synth = try Self.synthSpy()
        let service: any SVSynth = synth()
        #expect(service.mix([1, 2, 3, 4], gain: 2) == 20)
        #expect(service.envelope(steps: 3).elements == [3, 1.5, 0.25])
        #expect(service.tags(["a", "b"]) == "a+b")
        #expect(service.frame(at: 9) == SVFrame(samples: [1, 2, 3, 9], channel: 1))
        #expect(service.render(SVFrame(samples: [1, 2, 3, 4], channel: 2)).elements == [3, 5, 7, 9, 7, 9, 11, 13])
        #expect(service.wide([1, 2, 3, 4, 5], scale: 2).elements == [2, 4, 6, 8, 10])
        synth.when { $0.envelope(steps: 0) }.thenReturn([0, 0, 0])
        #expect(service.envelope(steps: 0).elements == [0, 0, 0])
        #expect(service.envelope(steps: 2).elements == [2, 1, 0.25])
        synth.verify(.once) { $0.mix(Match.any(), gain: Match.equal(2)) }
    }

    @Test func wideIntegersDurationsInstantsAndClocks() async throws {
        #expect(SVLiveTimebase().latency(of: 3) == .milliseconds(3))
        let synth = try Stub<any SVTimebase>()
        synth.when { $0.accumulate(Match.any(), Match.any()) }.then { (total: Int128, next: UInt128) in
            total - Int128(next)
        }
        synth.when { $0.latency(of: Match.greaterThan(512)) }.thenReturn(.milliseconds(40))
        synth.when { $0.latency(of: Match.any()) }.then { (buffer: Int) in .microseconds(buffer) }
        synth.when { $0.schedule(at: Match.any(), tolerance: Match.any()) }.then {
            (instant: ContinuousClock.Instant, tolerance: Duration?) in instant.advanced(by: tolerance ?? .seconds(1))
        }
        synth.when { $0.clock() }.thenReturn(SuspendingClock())
        await synth.when { try await $0.measure(on: Match.any(), work: Match.any()) }.then {
            (clock: any _Concurrency.Clock<Duration>, work: Int) in
            clock is SuspendingClock ? Duration.seconds(work) : Duration.milliseconds(work)
        }
        let service: any SVTimebase = synth()
        let big = Int128(Int64.max) * 1_000
        #expect(service.accumulate(big, UInt128(UInt64.max)) == big - Int128(UInt64.max))
        #expect(service.latency(of: 1024) == .milliseconds(40))
        #expect(service.latency(of: 256) == .microseconds(256))
        let now = ContinuousClock.now
        #expect(service.schedule(at: now, tolerance: .milliseconds(5)) == now.advanced(by: .milliseconds(5)))
        #expect(service.schedule(at: now, tolerance: nil) == now.advanced(by: .seconds(1)))
        let clock = service.clock()
        #expect(clock is SuspendingClock)
        #expect(try await service.measure(on: clock, work: 3) == .seconds(3))
        #expect(try await service.measure(on: ContinuousClock(), work: 3) == .milliseconds(3))
        let totals: [(Int128, UInt128)] = synth.when { $0.accumulate(Match.any(), Match.any()) }.arguments()
        #expect(totals.count == 1 && totals[0].0 == big && totals[0].1 == UInt128(UInt64.max))
    }

    @Test func asyncInlineArrayResultFromStubAndSpy() async throws {
        let synth = try Self.synthStub()
        let spy = try Self.synthSpy()
        await synth.when { await $0.bands() }.thenReturn([7, -8, 9, -10])
        #expect(await synth().bands().elements == [7, -8, 9, -10])
        #expect(await spy().bands().elements == [-1, 2, -3, 4])
        let fromTask = await Task.detached { await spy().bands() }.value
        #expect(fromTask.elements == [-1, 2, -3, 4])
    }
}
#endif
