import TestDoubles
import Testing

// Library-evolution types that are not `@frozen` (`ContinuousClock.Instant`,
// `SuspendingClock.Instant`, `AsyncStream`, `AsyncThrowingStream`) travel by
// address in every signature, whatever their size; `Duration` is `@frozen`
// and travels in two registers. Each test configures or passes a value and
// checks that exactly that value crosses, in every effect.

struct ChatMessage: Equatable, Sendable {
    var id: Int
    var text: String
}

struct ClockFailure: Error, Equatable {
    var code: Int
}

protocol InstantSource {
    func now() -> ContinuousClock.Instant
    func nowThrowing() throws -> ContinuousClock.Instant
    func nowAsync() async -> ContinuousClock.Instant
    func nowAsyncThrowing() async throws -> ContinuousClock.Instant
    func nowTyped() throws(ClockFailure) -> ContinuousClock.Instant
    func nowAsyncTyped() async throws(ClockFailure) -> ContinuousClock.Instant
    func shift(_ instant: inout ContinuousClock.Instant, by offset: Duration)
    func failAt(_ instant: ContinuousClock.Instant) throws(ContinuousClockFailure)
}

/// Described only by explicit requirements (no conformer is linked).
/// (No `inout` requirement: Swift 6.0.3 crashes reabstracting an `inout`
/// method reference passed to `signatureOf:`.)
protocol ExplicitInstantSource {
    func now() -> ContinuousClock.Instant
    func nowThrowing() throws -> ContinuousClock.Instant
    func nowAsync() async -> ContinuousClock.Instant
    func nowAsyncThrowing() async throws -> ContinuousClock.Instant
    func nowTyped() throws(ClockFailure) -> ContinuousClock.Instant
    func wake(at instant: SuspendingClock.Instant, tolerance: Duration) -> Duration
}

/// A typed error that holds a resilient value.
struct ContinuousClockFailure: Error, Equatable {
    var at: ContinuousClock.Instant
}

protocol MessageFeed {
    func messages() async throws -> AsyncStream<ChatMessage>
    func messagesThrowing() throws -> AsyncStream<ChatMessage>
    func messagesPlain() -> AsyncStream<ChatMessage>
    func messagesAsync() async -> AsyncStream<ChatMessage>
    func updates() async throws -> AsyncThrowingStream<ChatMessage, any Error>
    func updatesThrowing() throws -> AsyncThrowingStream<ChatMessage, any Error>
}

protocol Waking {
    func wake(at instant: SuspendingClock.Instant, tolerance: Duration) -> Duration
    func wakeThrowing(at instant: SuspendingClock.Instant, tolerance: Duration) throws -> Duration
    func wakeAsync(at instant: SuspendingClock.Instant, tolerance: Duration) async -> Duration
    func wakeAsyncThrowing(at instant: SuspendingClock.Instant, tolerance: Duration) async throws -> Duration
    func wakeTyped(at instant: SuspendingClock.Instant, tolerance: Duration) throws(ClockFailure) -> Duration
    func schedule(_ deadline: (SuspendingClock.Instant, Duration) -> Duration) -> Duration
    func measure(from origin: SuspendingClock.Instant) -> (SuspendingClock.Instant) -> Duration
}

protocol StreamConsumer {
    func feed(_ stream: AsyncThrowingStream<Int, any Error>)
    func drain(_ stream: AsyncThrowingStream<Int, any Error>) async throws -> [Int]
    func count(_ stream: AsyncStream<Int>, limit: Int) async -> Int
}

/// A real conformer, for the spy tests.
final class LiveInstantSource: InstantSource, @unchecked Sendable {
    let base: ContinuousClock.Instant
    init(base: ContinuousClock.Instant) { self.base = base }
    func now() -> ContinuousClock.Instant { base }
    func nowThrowing() throws -> ContinuousClock.Instant { base.advanced(by: .seconds(1)) }
    func nowAsync() async -> ContinuousClock.Instant { base.advanced(by: .seconds(2)) }
    func nowAsyncThrowing() async throws -> ContinuousClock.Instant { base.advanced(by: .seconds(3)) }
    func nowTyped() throws(ClockFailure) -> ContinuousClock.Instant { base.advanced(by: .seconds(4)) }
    func nowAsyncTyped() async throws(ClockFailure) -> ContinuousClock.Instant { base.advanced(by: .seconds(5)) }
    func shift(_ instant: inout ContinuousClock.Instant, by offset: Duration) { instant = instant.advanced(by: offset) }
    func failAt(_ instant: ContinuousClock.Instant) throws(ContinuousClockFailure) {
        throw ContinuousClockFailure(at: instant)
    }
}

/// A typed error with a floating-point part: it never shares the result
/// registers (IRGen returns only integer-and-pointer errors directly).
struct MeasuredFailure: Error, Equatable {
    var code: Int
    var reading: Double
}

protocol Gauge {
    func read(_ channel: Int) throws(MeasuredFailure) -> Int
    func reset() throws(MeasuredFailure)
    func readAsync(_ channel: Int) async throws(MeasuredFailure) -> Int
}

struct LiveGauge: Gauge {
    func read(_ channel: Int) throws(MeasuredFailure) -> Int { channel }
    func reset() throws(MeasuredFailure) {}
    func readAsync(_ channel: Int) async throws(MeasuredFailure) -> Int { channel }
}

/// Linked conformers: signature discovery reads their witnesses.
struct LiveMessageFeed: MessageFeed {
    func messages() async throws -> AsyncStream<ChatMessage> { AsyncStream { $0.finish() } }
    func messagesThrowing() throws -> AsyncStream<ChatMessage> { AsyncStream { $0.finish() } }
    func messagesPlain() -> AsyncStream<ChatMessage> { AsyncStream { $0.finish() } }
    func messagesAsync() async -> AsyncStream<ChatMessage> { AsyncStream { $0.finish() } }
    func updates() async throws -> AsyncThrowingStream<ChatMessage, any Error> { AsyncThrowingStream { $0.finish() } }
    func updatesThrowing() throws -> AsyncThrowingStream<ChatMessage, any Error> {
        AsyncThrowingStream { $0.finish() }
    }
}

struct LiveWaking: Waking {
    func wake(at instant: SuspendingClock.Instant, tolerance: Duration) -> Duration { tolerance }
    func wakeThrowing(at instant: SuspendingClock.Instant, tolerance: Duration) throws -> Duration { tolerance }
    func wakeAsync(at instant: SuspendingClock.Instant, tolerance: Duration) async -> Duration { tolerance }
    func wakeAsyncThrowing(at instant: SuspendingClock.Instant, tolerance: Duration) async throws -> Duration {
        tolerance
    }
    func wakeTyped(at instant: SuspendingClock.Instant, tolerance: Duration) throws(ClockFailure) -> Duration {
        tolerance
    }
    func schedule(_ deadline: (SuspendingClock.Instant, Duration) -> Duration) -> Duration {
        deadline(SuspendingClock().now, .zero)
    }
    func measure(from origin: SuspendingClock.Instant) -> (SuspendingClock.Instant) -> Duration { { $0 - origin } }
}

struct LiveStreamConsumer: StreamConsumer {
    func feed(_ stream: AsyncThrowingStream<Int, any Error>) {}
    func drain(_ stream: AsyncThrowingStream<Int, any Error>) async throws -> [Int] { [] }
    func count(_ stream: AsyncStream<Int>, limit: Int) async -> Int { 0 }
}

/// Values far from any real clock reading, so a misplaced word cannot pass by chance.
private enum Sample {
    static let continuous = ContinuousClock().now.advanced(by: .seconds(955))
    static let suspending = SuspendingClock().now.advanced(by: .milliseconds(7_250))
    static let tolerance = Duration.milliseconds(20)
    static let messages = [ChatMessage(id: 1, text: "hello"), ChatMessage(id: 2, text: "world")]

    static func stream() -> AsyncStream<ChatMessage> {
        AsyncStream { continuation in
            for message in messages { continuation.yield(message) }
            continuation.finish()
        }
    }

    static func throwingStream() -> AsyncThrowingStream<ChatMessage, any Error> {
        AsyncThrowingStream { continuation in
            for message in messages { continuation.yield(message) }
            continuation.finish()
        }
    }

    static func collect(_ stream: AsyncStream<ChatMessage>) async -> [ChatMessage] {
        var all: [ChatMessage] = []
        for await message in stream { all.append(message) }
        return all
    }

    static func collect(_ stream: AsyncThrowingStream<ChatMessage, any Error>) async throws -> [ChatMessage] {
        var all: [ChatMessage] = []
        for try await message in stream { all.append(message) }
        return all
    }
}

@Suite struct ResilientPassingTests {
    // MARK: ContinuousClock.Instant results

    @Test func instantResultInEveryEffect() async throws {
        let stub = try Stub<any InstantSource>()
        let value = Sample.continuous
        stub.when(returning: value) { $0.now() }.thenReturn(value)
        stub.when(returning: value) { try $0.nowThrowing() }.thenReturn(value.advanced(by: .seconds(1)))
        await stub.when(returning: value) { await $0.nowAsync() }.thenReturn(value.advanced(by: .seconds(2)))
        await stub.when(returning: value) { try await $0.nowAsyncThrowing() }
            .thenReturn(value.advanced(by: .seconds(3)))
        stub.when(returning: value) { try $0.nowTyped() }.thenReturn(value.advanced(by: .seconds(4)))
        await stub.when(returning: value) { try await $0.nowAsyncTyped() }
            .thenReturn(value.advanced(by: .seconds(5)))
        let source = stub()
        #expect(source.now() == value)
        #expect(try source.nowThrowing() == value.advanced(by: .seconds(1)))
        #expect(await source.nowAsync() == value.advanced(by: .seconds(2)))
        #expect(try await source.nowAsyncThrowing() == value.advanced(by: .seconds(3)))
        #expect(try source.nowTyped() == value.advanced(by: .seconds(4)))
        #expect(try await source.nowAsyncTyped() == value.advanced(by: .seconds(5)))
    }

    @Test func typedErrorNextToAnInstantResult() async throws {
        let stub = try Stub<any InstantSource>()
        let value = Sample.continuous
        stub.when(returning: value) { try $0.nowTyped() }.thenThrow(ClockFailure(code: 17)).thenReturn(value)
        let source = stub()
        do {
            _ = try source.nowTyped()
            Issue.record("expected a ClockFailure")
        } catch {
            #expect(error == ClockFailure(code: 17))
        }
        #expect(try source.nowTyped() == value)
    }

    @Test func typedErrorHoldingAnInstant() throws {
        let stub = try Stub<any InstantSource>()
        let value = Sample.continuous
        let calls = stub.when { try $0.failAt(Match.any(using: value)) }
        calls.then { (instant: ContinuousClock.Instant) throws -> Void in
            throw ContinuousClockFailure(at: instant.advanced(by: .seconds(1)))
        }
        do {
            try stub().failAt(value)
            Issue.record("expected a ContinuousClockFailure")
        } catch {
            #expect(error == ContinuousClockFailure(at: value.advanced(by: .seconds(1))))
        }
        #expect(calls.arguments() == [value])
    }

    @Test func inoutInstantIsReadAndWrittenBack() throws {
        let stub = try Stub<any InstantSource>()
        let value = Sample.continuous
        let calls = stub.when {
            var instant: ContinuousClock.Instant = Match.any(using: value)
            $0.shift(&instant, by: Match.any(using: Duration.zero))
        }
        calls.then { (instant: inout ContinuousClock.Instant, offset: Duration) in
            instant = instant.advanced(by: offset * 2)
        }
        var instant = value
        stub().shift(&instant, by: .seconds(3))
        #expect(instant == value.advanced(by: .seconds(6)))
        let recorded: [(ContinuousClock.Instant, Duration)] = calls.arguments()
        #expect(recorded.map(\.0) == [value])
        #expect(recorded.map(\.1) == [.seconds(3)])
    }

    @Test func spyForwardsInstantsExactly() async throws {
        let real = LiveInstantSource(base: Sample.continuous)
        let spy = try Spy<any InstantSource>(forwardingTo: real)
        let source = spy()
        #expect(source.now() == real.base)
        #expect(try source.nowThrowing() == real.base.advanced(by: .seconds(1)))
        #expect(await source.nowAsync() == real.base.advanced(by: .seconds(2)))
        #expect(try await source.nowAsyncThrowing() == real.base.advanced(by: .seconds(3)))
        #expect(try source.nowTyped() == real.base.advanced(by: .seconds(4)))
        #expect(try await source.nowAsyncTyped() == real.base.advanced(by: .seconds(5)))
        var instant = Sample.continuous
        source.shift(&instant, by: .seconds(9))
        #expect(instant == Sample.continuous.advanced(by: .seconds(9)))
        do {
            try source.failAt(Sample.continuous)
            Issue.record("expected a ContinuousClockFailure")
        } catch {
            #expect(error == ContinuousClockFailure(at: Sample.continuous))
        }
    }

    @Test func typedErrorWithAFloatingPointPartCrossesExactly() async throws {
        let stub = try Stub<any Gauge>()
        let failure = MeasuredFailure(code: 42, reading: 2.5)
        stub.when { try $0.read(Match.any()) }.thenThrow(failure).thenReturn(7)
        stub.when { try $0.reset() }.thenThrow(failure)
        await stub.when { try await $0.readAsync(Match.any()) }.thenThrow(failure).thenReturn(8)
        let gauge = stub()
        #expect(throws: failure) { try gauge.read(1) }
        #expect(try gauge.read(1) == 7)
        #expect(throws: failure) { try gauge.reset() }
        await #expect(throws: failure) { try await gauge.readAsync(2) }
        #expect(try await gauge.readAsync(2) == 8)
    }

    // MARK: AsyncStream and AsyncThrowingStream results

    @Test func asyncStreamResultsCanBeIterated() async throws {
        let stub = try Stub<any MessageFeed>()
        let placeholder = AsyncStream<ChatMessage> { $0.finish() }
        await stub.when(returning: placeholder) { try await $0.messages() }.then { Sample.stream() }
        stub.when(returning: placeholder) { try $0.messagesThrowing() }.then { Sample.stream() }
        stub.when(returning: placeholder) { $0.messagesPlain() }.then { Sample.stream() }
        await stub.when(returning: placeholder) { await $0.messagesAsync() }.then { Sample.stream() }
        let feed = stub()
        #expect(await Sample.collect(try await feed.messages()) == Sample.messages)
        #expect(await Sample.collect(try feed.messagesThrowing()) == Sample.messages)
        #expect(await Sample.collect(feed.messagesPlain()) == Sample.messages)
        #expect(await Sample.collect(await feed.messagesAsync()) == Sample.messages)
    }

    @Test func asyncThrowingStreamResultsCanBeIterated() async throws {
        let stub = try Stub<any MessageFeed>()
        let placeholder = AsyncThrowingStream<ChatMessage, any Error> { $0.finish() }
        await stub.when(returning: placeholder) { try await $0.updates() }.then { Sample.throwingStream() }
        stub.when(returning: placeholder) { try $0.updatesThrowing() }.then { Sample.throwingStream() }
        let feed = stub()
        #expect(try await Sample.collect(try await feed.updates()) == Sample.messages)
        #expect(try await Sample.collect(try feed.updatesThrowing()) == Sample.messages)
    }

    // MARK: SuspendingClock.Instant and Duration arguments

    @Test func wakeHandlerReceivesTheExactArguments() async throws {
        let stub = try Stub<any Waking>()
        let instant = Sample.suspending
        let handler = { (at: SuspendingClock.Instant, tolerance: Duration) -> Duration in
            #expect(at == instant)
            return tolerance * 3
        }
        let sync = stub.when { $0.wake(at: Match.any(using: instant), tolerance: Match.any(using: .zero)) }
        sync.then { (instant: SuspendingClock.Instant, tolerance: Duration) in tolerance * 3 }
        stub.when { try $0.wakeThrowing(at: Match.any(using: instant), tolerance: Match.any(using: .zero)) }
            .then(handler)
        await stub.when { await $0.wakeAsync(at: Match.any(using: instant), tolerance: Match.any(using: .zero)) }
            .then(handler)
        await stub.when {
            try await $0.wakeAsyncThrowing(at: Match.any(using: instant), tolerance: Match.any(using: .zero))
        }.then(handler)
        stub.when { try $0.wakeTyped(at: Match.any(using: instant), tolerance: Match.any(using: .zero)) }
            .then(handler)
        let waking = stub()
        #expect(waking.wake(at: instant, tolerance: Sample.tolerance) == .milliseconds(60))
        #expect(try waking.wakeThrowing(at: instant, tolerance: Sample.tolerance) == .milliseconds(60))
        #expect(await waking.wakeAsync(at: instant, tolerance: Sample.tolerance) == .milliseconds(60))
        #expect(try await waking.wakeAsyncThrowing(at: instant, tolerance: Sample.tolerance) == .milliseconds(60))
        #expect(try waking.wakeTyped(at: instant, tolerance: Sample.tolerance) == .milliseconds(60))
        let recorded: [(SuspendingClock.Instant, Duration)] = sync.arguments()
        #expect(recorded.map(\.0) == [instant])
        #expect(recorded.map(\.1) == [Sample.tolerance])
    }

    @Test func closureParameterWithResilientArguments() throws {
        let stub = try Stub<any Waking>()
        let instant = Sample.suspending
        stub.when { $0.schedule(Match.any(using: { _, _ in .zero })) }
            .then { (deadline: @escaping (SuspendingClock.Instant, Duration) -> Duration) in
                deadline(instant, Sample.tolerance)
            }
        let result = stub().schedule { at, tolerance in
            #expect(at == instant)
            return tolerance + .seconds(1)
        }
        #expect(result == .seconds(1) + Sample.tolerance)
    }

    @Test func closureResultWithResilientParameter() throws {
        let stub = try Stub<any Waking>()
        let origin = Sample.suspending
        let measures = stub.when(returning: { (_: SuspendingClock.Instant) in Duration.zero }) {
            $0.measure(from: Match.any(using: origin))
        }
        measures.then { (from: SuspendingClock.Instant) in { (to: SuspendingClock.Instant) in to - from } }
        let measure = stub().measure(from: origin)
        #expect(measure(origin.advanced(by: .seconds(5))) == .seconds(5))
        #expect(measures.arguments() == [origin])
    }

    // MARK: stream arguments

    @Test func asyncThrowingStreamArgumentCanBeIterated() async throws {
        let stub = try Stub<any StreamConsumer>()
        let placeholder = AsyncThrowingStream<Int, any Error> { $0.finish() }
        let feeds = stub.when { $0.feed(Match.any(using: placeholder)) }
        feeds.thenDoNothing()
        await stub.when { try await $0.drain(Match.any(using: placeholder)) }.then {
            (stream: AsyncThrowingStream<Int, any Error>) async throws -> [Int] in
            var values: [Int] = []
            for try await value in stream { values.append(value) }
            return values
        }
        await stub.when { await $0.count(Match.any(using: AsyncStream { $0.finish() }), limit: Match.any()) }.then {
            (stream: AsyncStream<Int>, limit: Int) async -> Int in
            var count = 0
            for await _ in stream.prefix(limit) { count += 1 }
            return count
        }
        let consumer = stub()
        consumer.feed(
            AsyncThrowingStream { continuation in
                continuation.yield(4)
                continuation.yield(5)
                continuation.finish()
            })
        let fed: [AsyncThrowingStream<Int, any Error>] = feeds.arguments()
        #expect(fed.count == 1)
        var received: [Int] = []
        for try await value in try #require(fed.first) { received.append(value) }
        #expect(received == [4, 5])
        let drained = try await consumer.drain(
            AsyncThrowingStream { continuation in
                for value in [7, 8, 9] { continuation.yield(value) }
                continuation.finish()
            })
        #expect(drained == [7, 8, 9])
        let counted = await consumer.count(
            AsyncStream { continuation in
                for value in 0..<10 { continuation.yield(value) }
                continuation.finish()
            }, limit: 4)
        #expect(counted == 4)
    }

    // MARK: explicit requirements

    @Test func explicitRequirementsPassResilientValues() async throws {
        let stub = try Stub<any ExplicitInstantSource>(
            .method("now()", signatureOf: { $0.now }),
            .method("nowThrowing()", signatureOf: { $0.nowThrowing }),
            .method("nowAsync()", signatureOf: { $0.nowAsync }),
            .method("nowAsyncThrowing()", signatureOf: { $0.nowAsyncThrowing }),
            .method("nowTyped()", signatureOf: { $0.nowTyped }),
            .method("wake(at:tolerance:)", signatureOf: { $0.wake })
        )
        let value = Sample.continuous
        stub.when(returning: value) { $0.now() }.thenReturn(value)
        stub.when(returning: value) { try $0.nowThrowing() }.thenReturn(value.advanced(by: .seconds(1)))
        await stub.when(returning: value) { await $0.nowAsync() }.thenReturn(value.advanced(by: .seconds(2)))
        await stub.when(returning: value) { try await $0.nowAsyncThrowing() }
            .thenReturn(value.advanced(by: .seconds(3)))
        stub.when(returning: value) { try $0.nowTyped() }.thenReturn(value.advanced(by: .seconds(4)))
        let wakes = stub.when { $0.wake(at: Match.any(using: Sample.suspending), tolerance: Match.any(using: .zero)) }
        wakes.then { (_: SuspendingClock.Instant, tolerance: Duration) in tolerance * 3 }
        let source = stub()
        #expect(source.now() == value)
        #expect(try source.nowThrowing() == value.advanced(by: .seconds(1)))
        #expect(await source.nowAsync() == value.advanced(by: .seconds(2)))
        #expect(try await source.nowAsyncThrowing() == value.advanced(by: .seconds(3)))
        #expect(try source.nowTyped() == value.advanced(by: .seconds(4)))
        #expect(source.wake(at: Sample.suspending, tolerance: Sample.tolerance) == .milliseconds(60))
        let recorded: [(SuspendingClock.Instant, Duration)] = wakes.arguments()
        #expect(recorded.map(\.0) == [Sample.suspending])
        #expect(recorded.map(\.1) == [Sample.tolerance])
    }
}
