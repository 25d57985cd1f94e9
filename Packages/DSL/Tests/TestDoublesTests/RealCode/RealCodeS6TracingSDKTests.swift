import Foundation
import TestDoubles
import Testing

// A tracing SDK as swift-distributed-tracing shapes it: `startSpan` takes its
// context and its start instant as `@autoclosure`s, the instant being a
// generic parameter of the method (`at instant: @autoclosure () -> Instant`),
// and a span keeps its attributes behind a primary associated type. Before
// session 44 a matcher written inside an autoclosure whose result is a
// generic parameter of the method or a bound associated type was never
// collected: `when` reported a mix of matchers and literals and the
// requirement could not be configured at all.

protocol S6TracerInstant: Sendable {
    var nanosecondsSinceEpoch: UInt64 { get }
}

struct S6WallInstant: S6TracerInstant {
    var nanosecondsSinceEpoch: UInt64
}

struct S6ServiceContext: Sendable, Equatable {
    var traceID: String
    var baggage: [String: String]
}

enum S6SpanKind: Sendable, Equatable {
    case server, client, producer, consumer, `internal`
}

protocol S6Span: AnyObject, Sendable {
    func setStatus(code: Int, message: String?)
    func end<Instant: S6TracerInstant>(at instant: @autoclosure () -> Instant)
}

protocol S6Tracer: Sendable {
    func startSpan<Instant: S6TracerInstant>(
        _ operationName: String, context: @autoclosure () -> S6ServiceContext, ofKind kind: S6SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> any S6Span
    func forceFlush()
}

/// A span attribute store keyed by the SDK's own attribute value type.
protocol S6AttributeSink<Value>: Sendable {
    associatedtype Value: Sendable
    func set(_ key: String, _ value: @autoclosure () -> Value) -> Bool
}

final class S6LiveSpan: S6Span, @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var ended: [UInt64] = []
    init(name: String) { self.name = name }
    var endings: [UInt64] { lock.withLock { ended } }
    func setStatus(code: Int, message: String?) {}
    func end<Instant: S6TracerInstant>(at instant: @autoclosure () -> Instant) {
        let nanoseconds = instant().nanosecondsSinceEpoch
        lock.withLock { ended.append(nanoseconds) }
    }
}

struct S6LiveTracer: S6Tracer {
    func startSpan<Instant: S6TracerInstant>(
        _ operationName: String, context: @autoclosure () -> S6ServiceContext, ofKind kind: S6SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> any S6Span {
        S6LiveSpan(name: "\(operationName)@\(context().traceID)+\(instant().nanosecondsSinceEpoch)")
    }
    func forceFlush() {}
}

struct S6LiveAttributeSink: S6AttributeSink {
    func set(_ key: String, _ value: @autoclosure () -> Int) -> Bool { value() > 0 }
}

/// Counts how often an argument expression was evaluated.
private final class S6Evaluations: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func next<T>(_ result: T) -> T {
        lock.withLock { count += 1 }
        return result
    }
}

@Suite struct RealCodeS6TracingSDKTests {
    /// Before: `when` reported "mixes 5 matcher(s) with literal arguments (7
    /// arguments)" and the call got the default answer, a `Dummy` span.
    @Test func aGenericInstantAutoclosureIsMatchedWithoutBeingEvaluated() throws {
        let span = try Stub<any S6Span>()
        span.when { $0.setStatus(code: Match.any(), message: Match.any()) }.thenDoNothing()
        let tracer = try Stub<any S6Tracer>()
        let served: any S6Span = span()
        tracer.when {
            $0.startSpan(
                Match.equal("checkout"), context: Match.any(), ofKind: Match.equal(.server),
                at: Match.any() as S6WallInstant, function: Match.any(), file: Match.any(), line: Match.any())
        }.thenReturn(served)
        let evaluations = S6Evaluations()
        let sut: any S6Tracer = tracer()

        let started = sut.startSpan(
            "checkout", context: evaluations.next(S6ServiceContext(traceID: "t-1", baggage: [:])), ofKind: .server,
            at: evaluations.next(S6WallInstant(nanosecondsSinceEpoch: 1_765_000_000_123_456_789)),
            function: "pay()", file: "Shop/Checkout.swift", line: 42)
        started.setStatus(code: 2, message: "declined")

        #expect(started === served)
        #expect(evaluations.value == 0)
        span.verify(.once) { $0.setStatus(code: 2, message: "declined") }
        tracer.verify(.once) {
            $0.startSpan(
                Match.equal("checkout"), context: Match.any(), ofKind: Match.equal(.server),
                at: Match.any() as S6WallInstant, function: Match.equal("pay()"),
                file: Match.equal("Shop/Checkout.swift"), line: Match.equal(42))
        }
        tracer.verify(.never) {
            $0.startSpan(
                Match.equal("checkout"), context: Match.any(), ofKind: Match.equal(.client),
                at: Match.any() as S6WallInstant, function: Match.any(), file: Match.any(), line: Match.any())
        }
        #expect(evaluations.value == 0)
    }

    @Test func aHandlerReceivesTheGenericAutoclosuresUnevaluated() throws {
        let tracer = try Stub<any S6Tracer>()
        tracer.when {
            $0.startSpan(
                Match.any(), context: Match.any(), ofKind: Match.any(), at: Match.any() as S6WallInstant,
                function: Match.any(), file: Match.any(), line: Match.any())
        }.then {
            (
                name: String, context: @escaping () -> S6ServiceContext, kind: S6SpanKind,
                instant: @escaping () -> S6WallInstant,
                function: String, file: String, line: UInt
            ) -> any S6Span in
            S6LiveSpan(name: "\(name)|\(context().traceID)|\(instant().nanosecondsSinceEpoch)|\(function)|\(line)")
        }
        let evaluations = S6Evaluations()
        let sut: any S6Tracer = tracer()

        let started = sut.startSpan(
            "GET /orders", context: evaluations.next(S6ServiceContext(traceID: "abc", baggage: ["tenant": "7"])),
            ofKind: .client, at: evaluations.next(S6WallInstant(nanosecondsSinceEpoch: UInt64.max - 1)),
            function: "load()", file: "F.swift", line: 9)

        #expect((started as? S6LiveSpan)?.name == "GET /orders|abc|18446744073709551614|load()|9")
        #expect(evaluations.value == 2)
    }

    @Test func aSpanEndsAtAGenericInstantAndASpyForwardsIt() throws {
        let span = try Stub<any S6Span>()
        span.when { $0.end(at: Match.any() as S6WallInstant) }.then { (instant: @escaping () -> S6WallInstant) in
            #expect(instant().nanosecondsSinceEpoch == 5)
        }
        span().end(at: S6WallInstant(nanosecondsSinceEpoch: 5))
        span.verify(.once) { $0.end(at: Match.any() as S6WallInstant) }

        let live = S6LiveSpan(name: "real")
        let spy = try Spy<any S6Span>(forwardingTo: live)
        spy().end(at: S6WallInstant(nanosecondsSinceEpoch: 77))
        #expect(live.endings == [77])
        spy.verify(.once) { $0.end(at: Match.any() as S6WallInstant) }

        let tracerSpy = try Spy<any S6Tracer>(forwardingTo: S6LiveTracer())
        let started = tracerSpy().startSpan(
            "op", context: S6ServiceContext(traceID: "t", baggage: [:]), ofKind: .internal,
            at: S6WallInstant(nanosecondsSinceEpoch: 3), function: "f", file: "F", line: 1)
        #expect((started as? S6LiveSpan)?.name == "op@t+3")
        tracerSpy.verify(.once) {
            $0.startSpan(
                Match.equal("op"), context: Match.any(), ofKind: Match.any(), at: Match.any() as S6WallInstant,
                function: Match.any(), file: Match.any(), line: Match.any())
        }
    }

    /// Before: the same "mixes" issue for an autoclosure of a bound associated type.
    @Test func anAutoclosureOfABoundAssociatedTypeIsMatched() throws {
        let sink = try Stub<any S6AttributeSink<Int>>()
        sink.when { $0.set(Match.equal("http.status"), Match.any()) }.thenReturn(true)
        sink.when { $0.set(Match.equal("retries"), Match.any()) }.then { (_: String, value: @escaping () -> Int) in
            value() < 3
        }
        let evaluations = S6Evaluations()
        let sut = sink()

        let status = sut.set("http.status", evaluations.next(200))
        #expect(evaluations.value == 0)
        let retries = sut.set("retries", evaluations.next(4))

        #expect(status == true)
        #expect(retries == false)
        #expect(evaluations.value == 1)
        sink.verify(.once) { $0.set(Match.equal("http.status"), Match.any()) }
        sink.verify(.never) { $0.set(Match.equal("db.rows"), Match.any()) }

        let spy = try Spy<any S6AttributeSink<Int>>(forwardingTo: S6LiveAttributeSink())
        #expect(spy().set("x", -1) == false)
        spy.verify(.once) { $0.set(Match.equal("x"), Match.any()) }
    }
}
