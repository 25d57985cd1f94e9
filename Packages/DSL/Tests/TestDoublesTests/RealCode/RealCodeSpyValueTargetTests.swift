import Foundation
import TestDoubles
import Testing

// A spy around a value-type conformer: a rate limiter struct with mutating
// requirements, whose state lives in the spy's copy. Then the life of one spy
// across a test: overrides dropped with clearConfiguredBehaviors, calls
// cleared, reset, and the fail-closed answer for a shape a spy cannot forward.

protocol RCRateLimiting {
    var remaining: Int { get }
    mutating func consume(_ cost: Int) -> Bool
    mutating func refill(to budget: Int)
    func retryAfter(now: Date) -> Date?
}

struct RCTokenBucket: RCRateLimiting {
    private(set) var remaining: Int
    var lastConsumed: Date?
    init(budget: Int) { remaining = budget }
    mutating func consume(_ cost: Int) -> Bool {
        guard cost <= remaining else { return false }
        remaining -= cost
        return true
    }
    mutating func refill(to budget: Int) { remaining = budget }
    func retryAfter(now: Date) -> Date? { remaining > 0 ? nil : now.addingTimeInterval(30) }
}

protocol RCPreferencesCodec {
    func encode<Value: Encodable>(_ value: Value) throws -> Data
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value
}

struct RCJSONPreferencesCodec: RCPreferencesCodec {
    func encode<Value: Encodable>(_ value: Value) throws -> Data { try JSONEncoder().encode(value) }
    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONDecoder().decode(type, from: data)
    }
}

/// `#expect` cannot call a mutating member itself.
private func consume(_ limiter: inout any RCRateLimiting, _ cost: Int) -> Bool { limiter.consume(cost) }

@Suite struct RealCodeSpyValueTargetTests {
    @Test func mutatingCallsChangeTheSpysOwnCopy() throws {
        let bucket = RCTokenBucket(budget: 3)
        let spy = try Spy<any RCRateLimiting>(forwardingTo: bucket)
        var limiter = spy()
        #expect(consume(&limiter, 2))
        #expect(limiter.remaining == 1)
        #expect(consume(&limiter, 2) == false)
        #expect(consume(&limiter, 1))
        let now = Date(timeIntervalSince1970: 1_000)
        #expect(limiter.retryAfter(now: now) == now.addingTimeInterval(30))
        limiter.refill(to: 5)
        #expect(limiter.remaining == 5)
        // Another copy of the spy's value sees the same state: it lives in the spy.
        #expect(spy().remaining == 5)
        #expect(bucket.remaining == 3)
        spy.verify(3...3) { limiter in
            var limiter = limiter
            _ = limiter.consume(Match.any())
        }
    }

    @Test func anOverrideIsDroppedAndTheSpyForwardsAgain() throws {
        let spy = try Spy<any RCRateLimiting>(forwardingTo: RCTokenBucket(budget: 10))
        var limiter = spy()
        spy.when { $0.remaining }.thenReturn(0)
        #expect(limiter.remaining == 0)
        #expect(consume(&limiter, 4))
        spy.clearConfiguredBehaviors()
        #expect(limiter.remaining == 6)
        #expect(spy.history.callCount == 3)
        spy.clearRecordedInvocations()
        #expect(spy.history.callCount == 0)
        spy.when { $0.retryAfter(now: Match.any()) }.thenReturn(.distantFuture)
        spy.reset()
        #expect(limiter.retryAfter(now: .now) == nil)
        #expect(spy.history.forwarded.callCount == 1)
        spy.verifyNoUnusedStubs()
    }

    /// Before: the override recorded for `Int` answered the spy's later
    /// `encode(theme)` too (its "42" instead of the real JSON), since a
    /// specialization with no registration of its own was offered the
    /// registrations of the others; a spy now forwards it.
    @Test func protocolConstrainedGenericsForwardWithTheirWitnessTables() throws {
        let spy = try Spy<any RCPreferencesCodec>(forwardingTo: RCJSONPreferencesCodec())
        let codec = spy()
        let theme = RCThemeSettings(accent: "#FF2D55", fontScale: 1.3, reducedMotion: false)
        let data = try codec.encode(theme)
        #expect(try codec.decode(RCThemeSettings.self, from: data) == theme)
        let list = try codec.encode(["a", "b"])
        #expect(try codec.decode([String].self, from: list) == ["a", "b"])
        #expect(throws: DecodingError.self) { try codec.decode(Int.self, from: Data("nope".utf8)) }
        spy.when { try $0.encode(Match.any() as Int) }.thenReturn(Data("42".utf8))
        #expect(try codec.encode(7) == Data("42".utf8))
        // JSON, decoded: the real codec's key order is not fixed.
        #expect(try JSONDecoder().decode(RCThemeSettings.self, from: codec.encode(theme)) == theme)
        // A pattern selects the calls of its own specialization: the two theme encodings.
        spy.verify(2...2) { try $0.encode(Match.any() as RCThemeSettings) }
        spy.verify(1...1) { try $0.encode(Match.any() as [String]) }
        let stubbed: [Int] = spy.when { try $0.encode(Match.any() as Int) }.stubbed.arguments()
        #expect(stubbed == [7])
        spy.history.forwarded.verify(6...6)
    }

    @MainActor @Test func aValueTargetFromAMainActorTest() throws {
        let spy = try Spy<any RCRateLimiting>(forwardingTo: RCTokenBucket(budget: 1))
        var limiter = spy()
        spy.when { limiter in
            var limiter = limiter
            return limiter.consume(Match.greaterThan(100))
        }.thenReturn(true)
        #expect(consume(&limiter, 500))
        #expect(consume(&limiter, 1))
        #expect(consume(&limiter, 1) == false)
        let costs: [Int] = spy.when { limiter in
            var limiter = limiter
            return limiter.consume(Match.any())
        }.forwarded.arguments()
        #expect(costs == [1, 1])
    }
}
