import TestDoubles
import Testing

/// Issue 17's library-evolution examples recorded with `Match.any()` alone
/// and no `returning:`: the recording pass makes the `Instant`, `Duration`
/// and stream placeholders itself, and the configured values cross exactly
/// (streams are iterated to their end).
@Suite struct ResilientPlaceholderTests {
    private static let messages = [ChatMessage(id: 3, text: "bare"), ChatMessage(id: 4, text: "any")]

    @Test func instantResultsWithoutReturningInEveryEffect() async throws {
        let stub = try Stub<any InstantSource>()
        let base = ContinuousClock().now.advanced(by: .seconds(955))
        stub.when { $0.now() }.thenReturn(base)
        stub.when { try $0.nowThrowing() }.thenReturn(base.advanced(by: .seconds(1)))
        await stub.when { await $0.nowAsync() }.thenReturn(base.advanced(by: .seconds(2)))
        await stub.when { try await $0.nowAsyncThrowing() }.thenReturn(base.advanced(by: .seconds(3)))
        stub.when { try $0.nowTyped() }.thenReturn(base.advanced(by: .seconds(4)))
        await stub.when { try await $0.nowAsyncTyped() }.thenReturn(base.advanced(by: .seconds(5)))
        let source = stub()
        #expect(source.now() == base)
        #expect(try source.nowThrowing() == base.advanced(by: .seconds(1)))
        #expect(await source.nowAsync() == base.advanced(by: .seconds(2)))
        #expect(try await source.nowAsyncThrowing() == base.advanced(by: .seconds(3)))
        #expect(try source.nowTyped() == base.advanced(by: .seconds(4)))
        #expect(try await source.nowAsyncTyped() == base.advanced(by: .seconds(5)))
    }

    @Test func wakeArgumentsWithMatchAnyAlone() throws {
        let stub = try Stub<any Waking>()
        stub.when { $0.wake(at: Match.any(), tolerance: Match.any()) }.then {
            (_: SuspendingClock.Instant, tolerance: Duration) in tolerance * 3
        }
        let instant = SuspendingClock().now.advanced(by: .milliseconds(7_250))
        #expect(stub().wake(at: instant, tolerance: .milliseconds(20)) == .milliseconds(60))
        #expect(stub.verify { $0.wake(at: Match.equal(instant), tolerance: Match.any()) })
    }

    @Test func streamResultsWithoutReturningAreIterated() async throws {
        let stub = try Stub<any MessageFeed>()
        await stub.when { try await $0.messages() }.then { Self.stream() }
        stub.when { $0.messagesPlain() }.then { Self.stream() }
        await stub.when { try await $0.updates() }.then { Self.throwingStream() }
        stub.when { try $0.updatesThrowing() }.then { Self.throwingStream() }
        let feed = stub()
        #expect(await Self.collect(try await feed.messages()) == Self.messages)
        #expect(await Self.collect(feed.messagesPlain()) == Self.messages)
        #expect(try await Self.collect(try await feed.updates()) == Self.messages)
        #expect(try await Self.collect(try feed.updatesThrowing()) == Self.messages)
    }

    @Test func streamArgumentsWithMatchAloneAreIterated() async throws {
        let stub = try Stub<any StreamConsumer>()
        let feeds = stub.when { $0.feed(Match.any()) }
        feeds.thenDoNothing()
        await stub.when { try await $0.drain(Match.any()) }.then {
            (stream: AsyncThrowingStream<Int, any Error>) async throws -> [Int] in
            var values: [Int] = []
            for try await value in stream { values.append(value) }
            return values
        }
        await stub.when { await $0.count(Match.any(), limit: Match.any()) }.then {
            (stream: AsyncStream<Int>, limit: Int) async -> Int in
            var count = 0
            for await _ in stream.prefix(limit) { count += 1 }
            return count
        }
        let consumer = stub()
        consumer.feed(
            AsyncThrowingStream { continuation in
                continuation.yield(6)
                continuation.finish()
            })
        let fed: [AsyncThrowingStream<Int, any Error>] = feeds.arguments()
        var received: [Int] = []
        for try await value in try #require(fed.first) { received.append(value) }
        #expect(received == [6])
        let drained = try await consumer.drain(
            AsyncThrowingStream { continuation in
                for value in [1, 2, 3] { continuation.yield(value) }
                continuation.finish()
            })
        #expect(drained == [1, 2, 3])
        let counted = await consumer.count(
            AsyncStream { continuation in
                for value in 0..<5 { continuation.yield(value) }
                continuation.finish()
            }, limit: 4)
        #expect(counted == 4)
    }

    private static func stream() -> AsyncStream<ChatMessage> {
        AsyncStream { continuation in
            for message in messages { continuation.yield(message) }
            continuation.finish()
        }
    }

    private static func throwingStream() -> AsyncThrowingStream<ChatMessage, any Error> {
        AsyncThrowingStream { continuation in
            for message in messages { continuation.yield(message) }
            continuation.finish()
        }
    }

    private static func collect(_ stream: AsyncStream<ChatMessage>) async -> [ChatMessage] {
        var all: [ChatMessage] = []
        for await message in stream { all.append(message) }
        return all
    }

    private static func collect(_ stream: AsyncThrowingStream<ChatMessage, any Error>) async throws -> [ChatMessage] {
        var all: [ChatMessage] = []
        for try await message in stream { all.append(message) }
        return all
    }
}
