import Foundation
import Synchronization
import TestDoubles
import Testing

// Event sources as SDKs expose them: AsyncStream and AsyncThrowingStream
// results, completion handlers with `Result`, and a weak delegate.

struct RCMessage: Sendable, Equatable {
    var id: Int
    var author: String
    var text: String
    var sentAt: Date
}

enum RCChatError: Error, Equatable {
    case disconnected(code: Int)
}

protocol RCChatConnectionDelegate: AnyObject, Sendable {
    func connectionDidOpen(_ roomID: String)
    func connection(didReceive message: RCMessage)
}

protocol RCChatService: AnyObject, Sendable {
    func messages(in room: String) -> AsyncStream<RCMessage>
    func presence() async throws -> AsyncThrowingStream<[String], any Error>
    func send(_ text: String, to room: String, completion: @escaping @Sendable (Result<RCMessage, RCChatError>) -> Void)
    func fetchHistory(room: String, completion: @escaping @Sendable (Result<[RCMessage], any Error>) -> Void)
    var delegate: (any RCChatConnectionDelegate)? { get set }
}

final class RCSocketChatService: RCChatService, @unchecked Sendable {
    weak var delegate: (any RCChatConnectionDelegate)?
    func messages(in room: String) -> AsyncStream<RCMessage> {
        AsyncStream { continuation in
            continuation.yield(RCMessage(id: 1, author: "live", text: room, sentAt: Date(timeIntervalSince1970: 0)))
            continuation.finish()
        }
    }
    func presence() async throws -> AsyncThrowingStream<[String], any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(["live"])
            continuation.finish()
        }
    }
    func send(_ text: String, to room: String, completion: @escaping @Sendable (Result<RCMessage, RCChatError>) -> Void)
    {
        completion(.success(RCMessage(id: 2, author: "me", text: text, sentAt: Date(timeIntervalSince1970: 1))))
    }
    func fetchHistory(room: String, completion: @escaping @Sendable (Result<[RCMessage], any Error>) -> Void) {
        completion(.failure(RCChatError.disconnected(code: 1006)))
    }
}

final class RCRecordingDelegate: RCChatConnectionDelegate {
    let opened = Mutex<[String]>([])
    func connectionDidOpen(_ roomID: String) { opened.withLock { $0.append(roomID) } }
    func connection(didReceive message: RCMessage) {}
}

typealias RCSendCompletion = @Sendable (Result<RCMessage, RCChatError>) -> Void

final class RCResults<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

@Suite struct RealCodeStreamsAndCallbacksTests {
    static let hello = RCMessage(
        id: 10, author: "ada", text: "hello", sentAt: Date(timeIntervalSince1970: 1_700_000_000))
    static let bye = RCMessage(id: 11, author: "bob", text: "bye 👋", sentAt: Date(timeIntervalSince1970: 1_700_000_060))

    @MainActor @Test func aStubbedStreamYieldsTheConfiguredMessages() async throws {
        let chat = try Stub<any RCChatService>()
        let (stream, continuation) = AsyncStream<RCMessage>.makeStream()
        chat.when { $0.messages(in: Match.equal("general")) }.thenReturn(stream)
        let messages = chat().messages(in: "general")
        continuation.yield(Self.hello)
        continuation.yield(Self.bye)
        continuation.finish()
        var received: [RCMessage] = []
        for await message in messages { received.append(message) }
        #expect(received == [Self.hello, Self.bye])
        chat.verify { $0.messages(in: "general") }
    }

    @MainActor @Test func aThrowingStreamEndsWithTheErrorTheTestChose() async throws {
        let chat = try Stub<any RCChatService>()
        await chat.when { try await $0.presence() }.then {
            AsyncThrowingStream<[String], any Error> { continuation in
                continuation.yield(["ada"])
                continuation.yield(["ada", "bob"])
                continuation.finish(throwing: RCChatError.disconnected(code: 1001))
            }
        }
        var seen: [[String]] = []
        await #expect(throws: RCChatError.disconnected(code: 1001)) {
            for try await online in try await chat().presence() { seen.append(online) }
        }
        #expect(seen == [["ada"], ["ada", "bob"]])
    }

    @Test func aCompletionHandlerIsCalledWithTheConfiguredResult() throws {
        let chat = try Stub<any RCChatService>()
        chat.when { $0.send(Match.equal("hello"), to: Match.any(), completion: Match.any()) }
            .then { (text: String, room: String, completion: @escaping RCSendCompletion) in
                completion(.success(RCMessage(id: 1, author: room, text: text, sentAt: Self.hello.sentAt)))
            }
        chat.when { $0.send(Match.any(), to: Match.any(), completion: Match.any()) }
            .then { (_: String, _: String, completion: @escaping RCSendCompletion) in
                completion(.failure(.disconnected(code: 4000)))
            }
        let results = RCResults<Result<RCMessage, RCChatError>>()
        chat().send("hello", to: "lobby") { results.append($0) }
        chat().send("spam", to: "lobby") { results.append($0) }
        #expect(
            results.all == [
                .success(RCMessage(id: 1, author: "lobby", text: "hello", sentAt: Self.hello.sentAt)),
                .failure(.disconnected(code: 4000)),
            ])
        let texts = Match.Capture<String>()
        let rooms = Match.Capture<String>()
        chat.verify(2...2) { $0.send(texts.capture(), to: rooms.capture(), completion: Match.any()) }
        #expect(texts.values == ["hello", "spam"])
        #expect(rooms.values == ["lobby", "lobby"])
    }

    @Test func aCapturedCompletionCanBeCompletedLaterFromAnotherThread() async throws {
        let chat = try Stub<any RCChatService>()
        let completion = CallbackCapture<@Sendable (Result<[RCMessage], any Error>) -> Void>()
        chat.when { $0.fetchHistory(room: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let results = RCResults<[RCMessage]>()
        chat().fetchHistory(room: "general") { results.append((try? $0.get()) ?? []) }
        #expect(results.all.isEmpty)
        let captured = try #require(completion.last)
        await Task.detached { captured(.success([Self.hello, Self.bye])) }.value
        #expect(results.all == [[Self.hello, Self.bye]])
    }

    @Test func aDelegatePropertyHoldsTheInstanceTheCallerSet() throws {
        let chat = try Stub<any RCChatService>()
        let delegate = RCRecordingDelegate()
        chat.when { $0.delegate = Match.any(using: delegate) }.thenDoNothing()
        chat.when(returning: delegate) { $0.delegate }.thenReturn(delegate)
        let service = chat()
        service.delegate = delegate
        #expect(service.delegate === delegate)
        service.delegate?.connectionDidOpen("room-1")
        #expect(delegate.opened.withLock { $0 } == ["room-1"])
        let assigned = Match.Capture<(any RCChatConnectionDelegate)?>()
        chat.verify { $0.delegate = assigned.capture(using: delegate) }
        #expect(assigned.values.count == 1)
        #expect((assigned.values.first ?? nil) === delegate)
    }

    @Test func aSpyForwardsStreamsCallbacksAndTheWeakDelegate() async throws {
        let real = RCSocketChatService()
        let spy = try Spy<any RCChatService>(forwardingTo: real)
        let service = spy()
        var texts: [String] = []
        for await message in service.messages(in: "live-room") { texts.append(message.text) }
        #expect(texts == ["live-room"])
        var online: [[String]] = []
        for try await names in try await service.presence() { online.append(names) }
        #expect(online == [["live"]])
        let results = RCResults<Result<RCMessage, RCChatError>>()
        service.send("hi", to: "r") { results.append($0) }
        #expect(
            results.all == [
                .success(RCMessage(id: 2, author: "me", text: "hi", sentAt: Date(timeIntervalSince1970: 1)))
            ])
        let delegate = RCRecordingDelegate()
        service.delegate = delegate
        #expect(real.delegate === delegate)
        #expect(service.delegate === delegate)
    }
}
