import Foundation
import TestDoubles
import Testing

// A streaming SDK written for Swift 6's typed throws: its cursor protocol
// declares `associatedtype Failure: Error` beside its element, as
// `AsyncIteratorProtocol` does, and throws `throws(Failure)`, so an app holds
// an `any S6Cursor<Event, FeedError>`. Before session 44 every such
// existential was refused at construction ("it throws Self.Failure, which is
// not a concrete error type") although the existential binds the error type.
// The witness is generic over the conformance, so the error travels through
// the caller's indirect error slot whatever its size: a one-byte enum, a
// payload enum and a wide struct are each checked exactly, through a Stub and
// through a Spy of a real cursor.

enum S6FeedError: Error, Equatable, Sendable {
    case closed(code: Int)
    case throttled(retryAfter: Duration)
}

enum S6Tiny: Error, Equatable, Sendable {
    case gone, stale
}

struct S6WideFailure: Error, Equatable, Sendable {
    var stage: String
    var offsets: [Int]
    var elapsed: Duration
    var request: UUID
}

struct S6FeedEvent: Sendable, Equatable {
    var id: Int
    var payload: String
}

protocol S6Cursor<Element, Failure>: Sendable {
    associatedtype Element: Sendable
    associatedtype Failure: Error
    func next() async throws(Failure) -> Element?
    func peek(offset: Int) throws(Failure) -> Element
    func rewind(to position: Int, reason: String) throws(Failure)
}

final class S6LiveFeedCursor: S6Cursor, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [S6FeedEvent]
    init(_ events: [S6FeedEvent]) { self.events = events }
    func next() async throws(S6FeedError) -> S6FeedEvent? {
        guard let event = lock.withLock({ events.isEmpty ? nil : events.removeFirst() }) else {
            throw .closed(code: 1000)
        }
        return event
    }
    func peek(offset: Int) throws(S6FeedError) -> S6FeedEvent {
        lock.lock()
        defer { lock.unlock() }
        guard offset < events.count else { throw .throttled(retryAfter: .milliseconds(offset)) }
        return events[offset]
    }
    func rewind(to position: Int, reason: String) throws(S6FeedError) {
        if position < 0 { throw .closed(code: position) }
    }
}

struct S6LiveTinyCursor: S6Cursor {
    func next() async throws(S6Tiny) -> Int? { throw .stale }
    func peek(offset: Int) throws(S6Tiny) -> Int { if offset > 0 { throw .gone }; return 7 }
    func rewind(to position: Int, reason: String) throws(S6Tiny) { throw .gone }
}

struct S6LiveWideCursor: S6Cursor {
    static let failure = S6WideFailure(
        stage: "decode", offsets: [3, 1, 4, 1, 5], elapsed: .nanoseconds(987_654_321),
        request: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000042")!)
    func next() async throws(S6WideFailure) -> [String]? { throw Self.failure }
    func peek(offset: Int) throws(S6WideFailure) -> [String] { ["live", "\(offset)"] }
    func rewind(to position: Int, reason: String) throws(S6WideFailure) { throw Self.failure }
}

@Suite struct RealCodeS6TypedFailureStreamTests {
    @Test func aBoundPayloadFailureIsThrownAndReturnedExactly() async throws {
        let cursor = try Stub<any S6Cursor<S6FeedEvent, S6FeedError>>()
        await cursor.when { try await $0.next() }
            .thenReturn(S6FeedEvent(id: 1, payload: "hello"))
            .thenReturn(nil)
            .thenThrow(S6FeedError.throttled(retryAfter: .seconds(30)))
        cursor.when { try $0.peek(offset: Match.equal(0)) }.thenReturn(S6FeedEvent(id: 9, payload: "head"))
        #if compiler(>=6.1)
        cursor.when { try $0.peek(offset: Match.any()) }.then { (offset: Int) throws(S6FeedError) -> S6FeedEvent in
            throw .closed(code: offset * 10)
        }
        #else
        // Swift 6.0.3 cannot compile a typed-throws closure passed through a
        // parameter pack ("reabstraction of pack values"): the untyped form.
        cursor.when { try $0.peek(offset: Match.any()) }.then { (offset: Int) throws -> S6FeedEvent in
            throw S6FeedError.closed(code: offset * 10)
        }
        #endif
        cursor.when { try $0.rewind(to: Match.any(), reason: Match.any()) }.thenThrow(S6FeedError.closed(code: -7))
        let sut = cursor()

        #expect(try await sut.next() == S6FeedEvent(id: 1, payload: "hello"))
        #expect(try await sut.next() == nil)
        do {
            _ = try await sut.next()
            Issue.record("next() returned after thenThrow")
        } catch {
            #expect(error == .throttled(retryAfter: .seconds(30)))
        }
        #expect(try sut.peek(offset: 0) == S6FeedEvent(id: 9, payload: "head"))
        do {
            _ = try sut.peek(offset: 4)
            Issue.record("peek(offset:) returned")
        } catch {
            #expect(error == .closed(code: 40))
        }
        #expect(throws: S6FeedError.closed(code: -7)) { try sut.rewind(to: 3, reason: "resync") }
        await cursor.verify(.exactly(3)) { try await $0.next() }
        cursor.verify(.once) { try $0.rewind(to: 3, reason: "resync") }
        cursor.verify(.never) { try $0.rewind(to: 3, reason: "other") }
    }

    @Test func oneByteAndWideFailuresTravelThroughTheIndirectSlot() async throws {
        let tiny = try Stub<any S6Cursor<Int, S6Tiny>>()
        await tiny.when { try await $0.next() }.thenThrow(S6Tiny.stale)
        tiny.when { try $0.peek(offset: Match.any()) }.thenThrow(S6Tiny.gone)
        tiny.when { try $0.rewind(to: Match.any(), reason: Match.any()) }.thenDoNothing()
        let tinySut = tiny()
        do {
            _ = try await tinySut.next()
            Issue.record("next() returned")
        } catch {
            #expect(error == .stale)
        }
        #expect(throws: S6Tiny.gone) { try tinySut.peek(offset: 1) }
        try tinySut.rewind(to: 0, reason: "start")

        let wide = try Stub<any S6Cursor<[String], S6WideFailure>>()
        await wide.when { try await $0.next() }.thenThrow(S6LiveWideCursor.failure)
        wide.when { try $0.peek(offset: Match.any()) }.then { (offset: Int) in ["stub", String(offset)] }
        let wideSut = wide()
        do {
            _ = try await wideSut.next()
            Issue.record("next() returned")
        } catch {
            #expect(error == S6LiveWideCursor.failure)
        }
        #expect(try wideSut.peek(offset: 12) == ["stub", "12"])
    }

    @Test func aSpyRelaysTheRealCursorsTypedFailures() async throws {
        let live = S6LiveFeedCursor([S6FeedEvent(id: 5, payload: "a")])
        let spy = try Spy<any S6Cursor<S6FeedEvent, S6FeedError>>(forwardingTo: live)
        let sut = spy()
        #expect(try sut.peek(offset: 0) == S6FeedEvent(id: 5, payload: "a"))
        #expect(throws: S6FeedError.throttled(retryAfter: .milliseconds(3))) { try sut.peek(offset: 3) }
        #expect(try await sut.next() == S6FeedEvent(id: 5, payload: "a"))
        do {
            _ = try await sut.next()
            Issue.record("next() returned")
        } catch {
            #expect(error == .closed(code: 1000))
        }
        #expect(throws: S6FeedError.closed(code: -2)) { try sut.rewind(to: -2, reason: "bad") }
        await spy.verify(.exactly(2)) { try await $0.next() }
        spy.verify(.once) { try $0.peek(offset: 3) }

        let tiny = try Spy<any S6Cursor<Int, S6Tiny>>(forwardingTo: S6LiveTinyCursor())
        #expect(try tiny().peek(offset: 0) == 7)
        #expect(throws: S6Tiny.gone) { try tiny().peek(offset: 1) }
        do {
            _ = try await tiny().next()
            Issue.record("next() returned")
        } catch {
            #expect(error == .stale)
        }

        let wide = try Spy<any S6Cursor<[String], S6WideFailure>>(forwardingTo: S6LiveWideCursor())
        #expect(try wide().peek(offset: 2) == ["live", "2"])
        #expect(throws: S6LiveWideCursor.failure) { try wide().rewind(to: 1, reason: "x") }
    }

    @Test func aCallerBoundFailureIsServedToo() throws {
        let cursor = try Stub<any S6Cursor>(
            associatedTypes: [
                .binding(declaredBy: (any S6Cursor).self, named: "Element", to: Int.self),
                .binding(declaredBy: (any S6Cursor).self, named: "Failure", to: S6FeedError.self),
            ])
        cursor.when { try $0.rewind(to: Match.equal(-1), reason: Match.any()) }
            .thenThrow(S6FeedError.closed(code: 499))
        cursor.when { try $0.rewind(to: Match.any(), reason: Match.any()) }.thenDoNothing()
        let sut = cursor()
        do {
            try sut.rewind(to: -1, reason: "reset")
            Issue.record("rewind(to:reason:) returned")
        } catch {
            #expect((error as? S6FeedError) == .closed(code: 499))
        }
        try sut.rewind(to: 1, reason: "ok")
        cursor.verify(.exactly(2)) { try $0.rewind(to: Match.any(), reason: Match.any()) }
    }
}
