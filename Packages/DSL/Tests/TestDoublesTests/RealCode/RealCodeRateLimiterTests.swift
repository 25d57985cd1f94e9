import Foundation
import TestDoubles
import Testing

// A rate limiter and telemetry sampler as an SDK writes them with Swift
// Concurrency: clocks passed as `some _Concurrency.Clock<Duration>` and
// `any _Concurrency.Clock<Duration>`, deadlines as `ContinuousClock.Instant`, readings
// handed over as `any AsyncSequence<Int, any Error>`, and a sink that takes
// an `AsyncStream<Int>.Continuation` to push samples into the caller's
// stream.

protocol RLRateLimiter: Sendable {
    func acquire(on clock: some _Concurrency.Clock<Duration>, cost: Int) async throws -> Int
    func deadline(after interval: Duration, from start: ContinuousClock.Instant) -> ContinuousClock.Instant
    func elapsed(since start: ContinuousClock.Instant, on clock: any _Concurrency.Clock<Duration>) -> Duration
    func drain(_ readings: any AsyncSequence<Int, any Error>, limit: Int) async throws -> [Int]
    func attach(_ sink: AsyncStream<Int>.Continuation, samples: Int)
    var clock: any _Concurrency.Clock<Duration> { get }
}

enum RLError: Error, Equatable { case overBudget(Int) }

/// The token bucket the app ships.
final class RLTokenBucket: RLRateLimiter, @unchecked Sendable {
    let capacity: Int
    init(capacity: Int) { self.capacity = capacity }

    func acquire(on clock: some _Concurrency.Clock<Duration>, cost: Int) async throws -> Int {
        guard cost <= capacity else { throw RLError.overBudget(cost) }
        return capacity - cost
    }
    func deadline(after interval: Duration, from start: ContinuousClock.Instant) -> ContinuousClock.Instant {
        start.advanced(by: interval)
    }
    func elapsed(since start: ContinuousClock.Instant, on clock: any _Concurrency.Clock<Duration>) -> Duration {
        .milliseconds(capacity)
    }
    func drain(_ readings: any AsyncSequence<Int, any Error>, limit: Int) async throws -> [Int] {
        var out: [Int] = []
        for try await reading in readings {
            if out.count == limit { break }
            out.append(reading)
        }
        return out
    }
    func attach(_ sink: AsyncStream<Int>.Continuation, samples: Int) {
        for sample in 0..<samples { sink.yield(sample * capacity) }
        sink.finish()
    }
    var clock: any _Concurrency.Clock<Duration> { ContinuousClock() }
}

/// A finite reading source that throws at a given index.
struct RLReadings: AsyncSequence, Sendable {
    typealias Element = Int
    typealias Failure = any Error
    var values: [Int]
    var failAt: Int?
    struct AsyncIterator: AsyncIteratorProtocol {
        var values: [Int]
        var index = 0
        var failAt: Int?
        mutating func next() async throws -> Int? {
            if index == failAt { throw RLError.overBudget(index) }
            guard index < values.count else { return nil }
            defer { index += 1 }
            return values[index]
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(values: values, failAt: failAt) }
}

func rlSleepOnce<C: _Concurrency.Clock<Duration>>(_ clock: C) async throws -> Duration {
    let start = clock.now
    try await clock.sleep(for: .milliseconds(1))
    return start.duration(to: clock.now)
}

@Suite struct RealCodeRateLimiterTests {
    @MainActor @Test func aGenericClockParameterIsHandedOverAsItsOwnType() async throws {
        let limiter = try Stub<any RLRateLimiter>()
        let acquires = await limiter.when {
            try await $0.acquire(on: Match.any() as ContinuousClock, cost: Match.any())
        }
        acquires.then { (_: ContinuousClock, cost: Int) in 100 - cost }
        await limiter.when { try await $0.acquire(on: Match.any() as SuspendingClock, cost: Match.any()) }
            .thenThrow(RLError.overBudget(-1))

        #expect(try await limiter().acquire(on: ContinuousClock(), cost: 30) == 70)
        await #expect(throws: RLError.overBudget(-1)) { try await limiter().acquire(on: SuspendingClock(), cost: 1) }
        let costs: [(ContinuousClock, Int)] = acquires.arguments()
        #expect(costs.map { $0.1 } == [30])
        await limiter.verify(.exactly(1)) {
            try await $0.acquire(on: Match.any() as SuspendingClock, cost: Match.equal(1))
        }
    }

    @Test func instantsAndDurationsArriveAndComeBackExactly() throws {
        let limiter = try Stub<any RLRateLimiter>()
        let start = ContinuousClock.now
        let deadlines = limiter.when { $0.deadline(after: Match.any(), from: Match.any()) }
        deadlines.then { (interval: Duration, start: ContinuousClock.Instant) in start.advanced(by: interval * 2) }
        let elapsed = limiter.when { $0.elapsed(since: Match.any(), on: Match.any()) }
        elapsed.then { (since: ContinuousClock.Instant, clock: any _Concurrency.Clock<Duration>) in
            clock is ContinuousClock ? .seconds(3) + .nanoseconds(7) : .zero
        }
        let sut = limiter()
        let interval = Duration.milliseconds(1_500) + .nanoseconds(3)
        #expect(sut.deadline(after: interval, from: start) == start.advanced(by: interval * 2))
        #expect(sut.elapsed(since: start, on: ContinuousClock()) == .seconds(3) + .nanoseconds(7))
        #expect(sut.elapsed(since: start, on: SuspendingClock()) == .zero)
        let seen: [(Duration, ContinuousClock.Instant)] = deadlines.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.0 == interval)
        #expect(seen.first?.1 == start)
        let starts: [ContinuousClock.Instant] = elapsed.arguments()
        #expect(starts == [start, start])
        limiter.verify { $0.deadline(after: Match.equal(interval), from: Match.equal(start)) }
    }

    @Test func theClockPropertyAnswersAnExistentialClock() async throws {
        let limiter = try Stub<any RLRateLimiter>()
        limiter.when { $0.clock }.thenReturn(SuspendingClock())
        let clock = limiter().clock
        #expect(clock is SuspendingClock)
        #expect(try await rlSleepOnce(clock) >= .milliseconds(1))

        let spy = try Spy<any RLRateLimiter>(forwardingTo: RLTokenBucket(capacity: 5))
        #expect(spy().clock is ContinuousClock)
        #expect(spy().elapsed(since: .now, on: SuspendingClock()) == .milliseconds(5))
        spy.verify { $0.clock }
    }

    @MainActor @Test func anExistentialAsyncSequenceIsIteratedByTheHandler() async throws {
        let limiter = try Stub<any RLRateLimiter>()
        let drains = await limiter.when { try await $0.drain(Match.any(), limit: Match.any()) }
        drains.then { (readings: any AsyncSequence<Int, any Error>, limit: Int) async throws -> [Int] in
            var out: [Int] = []
            for try await reading in readings where out.count < limit { out.append(reading * 10) }
            return out
        }
        #expect(try await limiter().drain(RLReadings(values: [1, 2, 3, 4], failAt: nil), limit: 3) == [10, 20, 30])
        await #expect(throws: RLError.overBudget(2)) {
            try await limiter().drain(RLReadings(values: [1, 2, 3], failAt: 2), limit: 9)
        }
        let limits: [(any AsyncSequence<Int, any Error>, Int)] = drains.arguments()
        #expect(limits.map { $0.1 } == [3, 9])
        #expect(limits.first?.0 is RLReadings)
    }

    @Test func theSpyHandsTheSequenceToTheRealBucket() async throws {
        let spy = try Spy<any RLRateLimiter>(forwardingTo: RLTokenBucket(capacity: 10))
        let sut = spy()
        #expect(try await sut.drain(RLReadings(values: [5, 6, 7], failAt: nil), limit: 2) == [5, 6])
        #expect(try await sut.acquire(on: ContinuousClock(), cost: 4) == 6)
        await #expect(throws: RLError.overBudget(11)) { try await sut.acquire(on: SuspendingClock(), cost: 11) }
        let start = ContinuousClock.now
        #expect(sut.deadline(after: .seconds(2), from: start) == start.advanced(by: .seconds(2)))
    }

    @Test func aContinuationArgumentFeedsTheCallersStream() async throws {
        let limiter = try Stub<any RLRateLimiter>()
        let attaches = limiter.when { $0.attach(Match.any(), samples: Match.any()) }
        attaches.then { (sink: AsyncStream<Int>.Continuation, samples: Int) in
            for sample in 1...samples { sink.yield(sample * sample) }
            sink.finish()
        }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        limiter().attach(continuation, samples: 4)
        var received: [Int] = []
        for await value in stream { received.append(value) }
        #expect(received == [1, 4, 9, 16])
        let counts: [(AsyncStream<Int>.Continuation, Int)] = attaches.arguments()
        #expect(counts.map { $0.1 } == [4])

        let spy = try Spy<any RLRateLimiter>(forwardingTo: RLTokenBucket(capacity: 3))
        let (real, sink) = AsyncStream<Int>.makeStream()
        spy().attach(sink, samples: 3)
        var forwarded: [Int] = []
        for await value in real { forwarded.append(value) }
        #expect(forwarded == [0, 3, 6])
    }
}
