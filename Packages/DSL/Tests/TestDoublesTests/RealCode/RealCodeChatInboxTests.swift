import Foundation
import TestDoubles
import Testing

// A chat app's inbox layer: a live `AsyncStream` of incoming messages as a
// property, a `Result` return value, an `inout` draft normalizer, variadic
// mentions, a sort by `KeyPath & Sendable`, a `ClosedRange<Date>` search
// window, an optional completion closure, reactions as `Character`, and
// 128-bit message sequence numbers.

struct CIMessage: Hashable, Sendable {
    var id: UInt128
    var author: String
    var text: String
    var sentAt: Date
}

enum CISendError: Error, Equatable {
    case tooLong(limit: Int)
    case blocked(String)
}

protocol CIInbox: Sendable {
    var incoming: AsyncStream<CIMessage> { get }
    func send(_ text: String, to room: String) -> Result<UInt128, CISendError>
    func normalize(_ draft: inout String) -> Bool
    func mention(_ users: String..., in room: String) -> Int
    func messages(
        in room: String, sortedBy key: KeyPath<CIMessage, String> & Sendable, within window: ClosedRange<Date>
    ) -> [CIMessage]
    func markRead(upTo id: UInt128, completion: (@Sendable (Int) -> Void)?)
    func react(_ emoji: Character, to id: UInt128) -> Bool
}

struct CILiveInbox: CIInbox {
    var incoming: AsyncStream<CIMessage> { AsyncStream { $0.finish() } }
    func send(_ text: String, to room: String) -> Result<UInt128, CISendError> {
        text.count > 10 ? .failure(.tooLong(limit: 10)) : .success(UInt128(text.count) << 64)
    }
    func normalize(_ draft: inout String) -> Bool {
        let trimmed = draft.trimmingCharacters(in: .whitespaces)
        defer { draft = trimmed }
        return trimmed != draft
    }
    func mention(_ users: String..., in room: String) -> Int { users.count }
    func messages(
        in room: String, sortedBy key: KeyPath<CIMessage, String> & Sendable, within window: ClosedRange<Date>
    ) -> [CIMessage] { [] }
    func markRead(upTo id: UInt128, completion: (@Sendable (Int) -> Void)?) { completion?(Int(id & 0xFF)) }
    func react(_ emoji: Character, to id: UInt128) -> Bool { emoji.isEmoji }
}

extension Character {
    fileprivate var isEmoji: Bool { unicodeScalars.first?.properties.isEmojiPresentation ?? false }
}

/// The code under test.
@MainActor final class CIConversationModel {
    let inbox: any CIInbox
    let room: String
    private(set) var timeline: [CIMessage] = []
    private(set) var lastError: CISendError?
    private(set) var unread = 0

    init(inbox: any CIInbox, room: String) {
        self.inbox = inbox
        self.room = room
    }

    func listen() async {
        for await message in inbox.incoming { timeline.append(message) }
    }

    func submit(_ draft: String) -> UInt128? {
        var text = draft
        _ = inbox.normalize(&text)
        switch inbox.send(text, to: room) {
        case .success(let id): return id
        case .failure(let error):
            lastError = error
            return nil
        }
    }

    /// The newest message the user has seen; `catchUp()` marks the inbox read up to it.
    var readMark: UInt128 = 0

    // The mark is a property, not an argument of `catchUp`: Swift 6.0.3's arm64 debug code passes a
    // 128-bit argument of an async call in other registers than the callee reads (an async function
    // echoing its `UInt128` argument returns a wrong high word, no double involved), so the model itself
    // would read a wrong mark there. The requirement below still gets the mark from a closure in an async
    // function, the shape this test is about.
    func catchUp() async {
        let mark = readMark
        unread = await withCheckedContinuation { continuation in
            inbox.markRead(upTo: mark) { continuation.resume(returning: $0) }
        }
    }
}

@MainActor @Suite struct RealCodeChatInboxTests {
    nonisolated static let start = Date(timeIntervalSince1970: 1_800_000_000)
    nonisolated static let big: UInt128 = (UInt128(0xDEAD_BEEF) << 96) | 0x1234_5678_9ABC_DEF0

    @Test func theTimelineFollowsTheIncomingStreamProperty() async throws {
        let inbox = try Stub<any CIInbox>()
        let messages = [
            CIMessage(id: Self.big, author: "ada", text: "hi", sentAt: Self.start),
            CIMessage(id: Self.big + 1, author: "bob", text: "hey", sentAt: Self.start.addingTimeInterval(2)),
        ]
        inbox.when { $0.incoming }.then {
            AsyncStream { continuation in
                for message in messages { continuation.yield(message) }
                continuation.finish()
            }
        }
        let model = CIConversationModel(inbox: inbox(), room: "general")
        await model.listen()
        #expect(model.timeline == messages)
        #expect(model.timeline.last?.id == Self.big + 1)
        inbox.verify(.once) { $0.incoming }
    }

    @Test func anInoutDraftIsNormalizedBeforeAResultIsReturned() throws {
        let inbox = try Stub<any CIInbox>()
        inbox.when {
            var draft: String = Match.any()
            return $0.normalize(&draft)
        }.then { (draft: inout String) -> Bool in
            draft = draft.trimmingCharacters(in: .whitespaces)
            return true
        }
        inbox.when { $0.send(Match.equal("hello"), to: Match.any()) }.thenReturn(.success(Self.big))
        inbox.when { $0.send(Match.any(), to: Match.any()) }.thenReturn(.failure(.blocked("spam")))
        let model = CIConversationModel(inbox: inbox(), room: "general")
        #expect(model.submit("  hello  ") == Self.big)
        #expect(model.submit("buy now") == nil)
        #expect(model.lastError == .blocked("spam"))
        let sent: [(String, String)] = inbox.when { $0.send(Match.any(), to: Match.any()) }.arguments()
        #expect(sent.map(\.0) == ["hello", "buy now"])
        #expect(sent.allSatisfy { $0.1 == "general" })
    }

    @Test func variadicMentionsAndCharacterReactions() throws {
        let inbox = try Stub<any CIInbox>()
        // One matcher per variadic element: each arity is its own registration.
        inbox.when { $0.mention(Match.any(), Match.any(), Match.any(), in: Match.any()) }.then {
            (users: [String], _: String) in users.filter { $0.hasPrefix("@") }.count
        }
        inbox.when { $0.mention(in: Match.any()) }.thenReturn(0)
        inbox.when { $0.react(Match.equal("🎉"), to: Match.any()) }.thenReturn(true)
        inbox.when { $0.react(Match.any(), to: Match.any()) }.thenReturn(false)
        let value = inbox()
        #expect(value.mention("@ada", "bob", "@cy", in: "general") == 2)
        #expect(value.mention(in: "general") == 0)
        #expect(value.react("🎉", to: Self.big))
        #expect(value.react("x", to: 7) == false)
        let reactions: [(Character, UInt128)] = inbox.when { $0.react(Match.any(), to: Match.any()) }.arguments()
        #expect(reactions.map(\.0) == ["🎉", "x"])
        #expect(reactions.map(\.1) == [Self.big, 7])
        inbox.verify(.once) { $0.mention("@ada", "bob", "@cy", in: "general") }
    }

    @Test func aKeyPathAndADateRangeSelectMessages() throws {
        let inbox = try Stub<any CIInbox>()
        let window = Self.start...Self.start.addingTimeInterval(3_600)
        let found = [CIMessage(id: 1, author: "ada", text: "a", sentAt: Self.start)]
        inbox.when { $0.messages(in: Match.any(), sortedBy: Match.any(using: \CIMessage.author), within: Match.any()) }
            .thenReturn(found)
        #expect(inbox().messages(in: "general", sortedBy: \CIMessage.author, within: window) == found)
        let calls: [(String, KeyPath<CIMessage, String> & Sendable, ClosedRange<Date>)] =
            inbox.when {
                $0.messages(in: Match.any(), sortedBy: Match.any(using: \CIMessage.author), within: Match.any())
            }.arguments()
        #expect(calls.count == 1)
        #expect(calls.first?.1 == \CIMessage.author)
        #expect(calls.first?.2 == window)
    }

    @Test func anOptionalCompletionIsCalledWhenGivenAndToleratedWhenNil() async throws {
        let inbox = try Stub<any CIInbox>()
        inbox.when { $0.markRead(upTo: Match.any(), completion: Match.any()) }.then {
            (id: UInt128, completion: (@Sendable (Int) -> Void)?) in
            completion?(Int(id >> 120))
        }
        let model = CIConversationModel(inbox: inbox(), room: "general")
        model.readMark = UInt128(42) << 120
        await model.catchUp()
        #expect(model.unread == 42)
        inbox().markRead(upTo: 1, completion: nil)
        let ids: [(UInt128, (@Sendable (Int) -> Void)?)] =
            inbox.when { $0.markRead(upTo: Match.any(), completion: Match.any()) }.arguments()
        #expect(ids.map(\.0) == [UInt128(42) << 120, 1])
        #expect(ids.last.map { $0.1 == nil } == true)
    }

    @Test func aSpyOfTheLiveInboxForwardsInoutVariadicAndWideValues() async throws {
        let spy = try Spy<any CIInbox>(forwardingTo: CILiveInbox())
        let model = CIConversationModel(inbox: spy(), room: "r")
        #expect(model.submit("  short ") == UInt128(5) << 64)
        #expect(model.submit("far too long for it") == nil)
        #expect(model.lastError == .tooLong(limit: 10))
        #expect(spy().mention("a", "b", "c", in: "r") == 3)
        #expect(spy().react("🎉", to: Self.big))
        model.readMark = Self.big
        await model.catchUp()
        #expect(model.unread == 0xF0)
        spy.verify(.exactly(2)) {
            var draft: String = Match.any()
            _ = $0.normalize(&draft)
        }
        spy.verify(.once) { $0.send(Match.equal("short"), to: Match.equal("r")) }
    }
}
