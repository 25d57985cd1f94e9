import Synchronization
import TestDoubles
import Testing

// The examples of the seed's QuickStart article, rewritten against this
// file's own protocols. Test names carry the article's block numbers; block 1
// is `QSAuthService` below, blocks 12 to 14 (matcher vocabulary) run as one
// test.

protocol QSAuthService: Sendable {
    func signIn(user: String, password: String) async throws -> String
    func signOut() async
}

enum QSAuthError: Error {
    case invalidCredentials
}

struct QSOpaqueValue: Equatable {
    var handle: Int
}

protocol QSDocumentOpener {
    func open(_ name: String, at position: QSOpaqueValue) -> Bool
}

/// A hand-written fake, the article's answer for a result the runtime cannot serve (block 6).
protocol QSLocationService {
    func currentLocation() -> QSOpaqueValue
}

struct QSFixtureLocationService: QSLocationService {
    let fixture: QSOpaqueValue
    func currentLocation() -> QSOpaqueValue { fixture }
}

protocol QSCounterLog {
    func record(_ value: Int)
}

struct QSMultipleOf: CustomMatcher {
    let divisor: Int
    var diagnosticDescription: String { "multipleOf(\(divisor))" }
    func matches(_ value: Int) -> Bool { value.isMultiple(of: divisor) }
}

protocol QSMatcherProbe {
    func number(_ value: Int) -> Int
    func optional(_ value: Int?) -> Int
    func list(_ values: [Int]) -> Int
    func words(_ values: [String]) -> Int
    func text(_ value: String) -> Int
}

struct QSRecord: Equatable {
    var id: Int
}

protocol QSRecordLoader {
    func load(id: Int) -> QSRecord
}

struct QSUser: Equatable {
    var name: String
}

protocol QSUserDirectory {
    func lookup(_ user: QSUser) -> Bool
}

enum QSNetworkError: Error, Equatable {
    case offline
    case timedOut
    case connectionLost
}

protocol QSFeedLoader {
    func load() async throws -> [String]
    func pendingCount() async -> Int
}

protocol QSURLLoader {
    func load(url: String) async throws -> String
}

protocol QSPlainLoader {
    func load() -> String
}

protocol QSFormatter {
    func format(name: String, count: Int) -> String
}

protocol QSCallbackLoader {
    func load(completion: @escaping (Result<String, any Error>) -> Void)
}

struct QSLiveCallbackLoader: QSCallbackLoader {
    func load(completion: @escaping (Result<String, any Error>) -> Void) { completion(.success("live")) }
}

/// What a block-26 completion handed back, across threads.
final class QSReceived: Sendable {
    private let values = Mutex<[String]>([])
    func append(_ result: Result<String, any Error>) {
        values.withLock { $0.append((try? result.get()) ?? "failure") }
    }
    var all: [String] { values.withLock { $0 } }
}

protocol QSEventSink {
    func send(_ name: String, _ value: Int)
}

protocol QSLifecycle {
    func start()
    func finish()
}

protocol QSGateway {
    func charge(amount: Int)
}

protocol QSAnalytics {
    func track(event: String)
}

protocol QSTranslator {
    func translate(_ key: String) -> String
}

struct QSLiveTranslator: QSTranslator {
    func translate(_ key: String) -> String { key == "farewell" ? "Goodbye" : "Hello" }
}

protocol QSThrowingSource {
    func load() throws -> String
}

struct QSLiveThrowingSource: QSThrowingSource {
    func load() throws -> String { "live" }
}

protocol QSService {
    func value() -> String
}

struct QSLiveService: QSService {
    func value() -> String { "live" }
}

struct QSRemote: Sendable {
    func load(url: String) async throws -> String { "remote \(url)" }
}

@Suite struct QuickStartArticleTests {
    @Test func blocks2To4And8To10ConfigureCallVerify() async throws {
        let auth = try Stub<any QSAuthService>()  // block 2
        let blobSignIns = await auth.when {  // block 3
            try await $0.signIn(user: Match.equal("blob"), password: Match.equal("sekret"))
        }
        blobSignIns.thenReturn("session-42")
        await auth.when {  // block 4
            try await $0.signIn(user: Match.any(), password: Match.any())
        }.thenThrow(QSAuthError.invalidCredentials)
        await auth.when { await $0.signOut() }.thenDoNothing()

        let service: any QSAuthService = auth()  // block 8
        let session = try await service.signIn(user: "blob", password: "sekret")
        #expect(session == "session-42")
        await #expect(throws: QSAuthError.self) { try await service.signIn(user: "eve", password: "x") }
        await service.signOut()

        blobSignIns.verify()  // block 9
        let arguments: [(String, String)] = blobSignIns.arguments()
        #expect(arguments.map(\.0) == ["blob"])
        #expect(arguments.map(\.1) == ["sekret"])

        _ = try await service.signIn(user: "blob", password: "sekret")
        blobSignIns.verify(2...2)  // block 10
        blobSignIns.verify(2...)
        blobSignIns.verify(...2)
        blobSignIns.verify(2...4)
        await auth.when { try await $0.signIn(user: Match.equal("nobody"), password: Match.any()) }.verify(.never)
    }

    @Test func block11VerifyWithin() async throws {
        let auth = try Stub<any QSAuthService>()
        let blobSignIns = await auth.when {
            try await $0.signIn(user: Match.equal("blob"), password: Match.any())
        }
        blobSignIns.thenReturn("s")
        let service = auth()
        let signIn = Task { try await service.signIn(user: "blob", password: "p") }
        await blobSignIns.verify(1..., within: .seconds(5))
        _ = try await signIn.value
    }

    @Test func block5PlaceholderForAnArgument() throws {
        let stub = try Stub<any QSDocumentOpener>()
        let importedValue = QSOpaqueValue(handle: 0)
        let result = true
        stub.when {
            $0.open(Match.any(), at: Match.any(using: importedValue))
        }.thenReturn(result)
        #expect(stub().open("a", at: QSOpaqueValue(handle: 9)))
    }

    @Test func block6HandWrittenFake() {
        let service: any QSLocationService = QSFixtureLocationService(fixture: QSOpaqueValue(handle: 3))
        #expect(service.currentLocation() == QSOpaqueValue(handle: 3))
    }

    @Test func block7CustomMatcher() throws {
        let stub = try Stub<any QSCounterLog>()
        let thirds = stub.when { $0.record(Match.custom(QSMultipleOf(divisor: 3))) }.thenDoNothing()
        stub.when { $0.record(Match.any()) }.thenDoNothing()
        stub().record(9)
        stub().record(10)
        thirds.verify(.exactly(1))
    }

    @Test func blocks12To14MatcherVocabulary() throws {
        let stub = try Stub<any QSMatcherProbe>()
        stub.when { $0.number(Match.inRange(10..<20)) }.thenReturn(1)
        stub.when { $0.number(Match.allOf(Match.greaterThan(0), Match.atMost(100))) }.thenReturn(2)
        stub.when { $0.number(Match.not(Match.equal(0))) }.thenReturn(3)
        stub.when { $0.number(Match.any()) }.thenReturn(0)
        stub.when { $0.optional(Match.some(Match.greaterThan(0))) }.thenReturn(1)
        stub.when { $0.optional(Match.isNil()) }.thenReturn(2)
        stub.when { $0.optional(Match.notNil()) }.thenReturn(3)
        stub.when { $0.list(Match.isEmpty()) }.thenReturn(1)
        stub.when { $0.list(Match.startsWith(1, 2)) }.thenReturn(2)
        stub.when { $0.list(Match.endsWith(9, 10)) }.thenReturn(3)
        stub.when { $0.list(Match.hasCount(3)) }.thenReturn(4)
        stub.when { $0.list(Match.hasCount(matching: Match.atLeast(4))) }.thenReturn(5)
        stub.when { $0.list(Match.nonEmpty()) }.thenReturn(6)
        stub.when { $0.words(Match.containsAll("read", "write")) }.thenReturn(1)
        stub.when { $0.words(Match.contains("admin")) }.thenReturn(2)
        stub.when { $0.words(Match.any()) }.thenReturn(0)
        stub.when { $0.text(Match.hasPrefix("user-")) }.thenReturn(1)
        stub.when { $0.text(Match.hasSuffix(".json")) }.thenReturn(2)
        stub.when { $0.text(Match.containsSubstring("purchase")) }.thenReturn(3)
        stub.when { $0.text(Match.equalsIgnoringCase("READY")) }.thenReturn(4)
        stub.when { $0.text(Match.matchesRegex(#"id-\d+"#)) }.thenReturn(5)
        stub.when { $0.text(Match.matchesRegex(try Regex(#"^key-(\d+)$"#))) }.thenReturn(6)
        stub.when { $0.text(Match.anyOf(Match.equal("draft"), Match.equal("published"))) }.thenReturn(7)
        stub.when { $0.text(Match.oneOf("small", "medium", "large")) }.thenReturn(8)
        stub.when { $0.text(Match.matching(description: "long") { $0.count > 10 }) }.thenReturn(9)
        stub.when { $0.text(Match.notEqual("")) }.thenReturn(10)
        stub.when { $0.text(Match.any()) }.thenReturn(0)

        let probe = stub()
        #expect(probe.number(15) == 1)
        #expect(probe.number(50) == 2)
        #expect(probe.number(-5) == 3)
        #expect(probe.number(0) == 0)
        #expect(probe.optional(4) == 1)
        #expect(probe.optional(nil) == 2)
        #expect(probe.optional(-4) == 3)
        #expect(probe.list([]) == 1)
        #expect(probe.list([1, 2, 7]) == 2)
        #expect(probe.list([8, 9, 10]) == 3)
        #expect(probe.list([5, 6, 7]) == 4)
        #expect(probe.list([5, 6, 7, 8]) == 5)
        #expect(probe.list([5]) == 6)
        #expect(probe.words(["write", "read"]) == 1)
        #expect(probe.words(["admin"]) == 2)
        #expect(probe.words(["guest"]) == 0)
        #expect(probe.text("user-7") == 1)
        #expect(probe.text("a.json") == 2)
        #expect(probe.text("the purchase") == 3)
        #expect(probe.text("ready") == 4)
        #expect(probe.text("id-42") == 5)
        #expect(probe.text("key-9") == 6)
        #expect(probe.text("draft") == 7)
        #expect(probe.text("medium") == 8)
        #expect(probe.text("much longer text") == 9)
        #expect(probe.text("x") == 10)
        #expect(probe.text("") == 0)
        stub.verify(.exactly(4)) { $0.number(Match.atLeast(-5)) }
        stub.verify(.exactly(3)) { $0.number(Match.lessThan(50)) }
    }

    @Test func block15CaptureInsideAllOf() throws {
        let stub = try Stub<any QSRecordLoader>()
        let value = QSRecord(id: 1)
        let positiveIDs = Match.Capture<Int>()
        stub.when {
            $0.load(id: Match.allOf(positiveIDs.capture(), Match.greaterThan(0)))
        }.thenReturn(value)
        stub.when { $0.load(id: Match.any()) }.thenReturn(QSRecord(id: 0))
        _ = stub().load(id: 5)
        _ = stub().load(id: -5)
        #expect(positiveIDs.values == [5])
    }

    @Test func block16RegisteredPlaceholder() throws {
        Match.Placeholders.register {
            QSUser(name: "recording-placeholder")
        }
        let stub = try Stub<any QSUserDirectory>()
        stub.when { $0.lookup(Match.any()) }.thenReturn(true)
        #expect(stub().lookup(QSUser(name: "Ada")))
    }

    @Test func blocks17To19ChainedAndCountedAnswers() async throws {
        let plain = try Stub<any QSThrowingSource>()
        let pattern = plain.when { try $0.load() }
        pattern.thenReturn("ready")  // block 17
        pattern.thenThrow(QSNetworkError.offline)
        #expect(try plain().load() == "ready")
        #expect(throws: QSNetworkError.offline) { try plain().load() }

        let loader = try Stub<any QSFeedLoader>()
        let loads = await loader.when { try await $0.load() }  // block 18
            .thenThrow(QSNetworkError.timedOut)
            .thenThrow(QSNetworkError.connectionLost)
            .thenReturn(["recovered"])
        await #expect(throws: QSNetworkError.timedOut) { try await loader().load() }
        await #expect(throws: QSNetworkError.connectionLost) { try await loader().load() }
        #expect(try await loader().load() == ["recovered"])
        loads.verify(3...3)

        let counted = try Stub<any QSFeedLoader>()
        let calls = await counted.when { try await $0.load() }  // block 19
            .thenThrow(QSNetworkError.timedOut, times: 2)
            .thenReturn(["offline"], times: 1...)
        for _ in 0..<2 { await #expect(throws: QSNetworkError.timedOut) { try await counted().load() } }
        #expect(try await counted().load() == ["offline"])
        #expect(try await counted().load() == ["offline"])
        calls.verify(4...4)
    }

    @Test func blocks20And21SequencesAndQueues() throws {
        let stub = try Stub<any QSPlainLoader>()
        stub.when { $0.load() }.thenReturn("first", "second", "last")  // block 20
        let service = stub()
        #expect(
            [service.load(), service.load(), service.load(), service.load()] == [
                "first", "second", "last", "last",
            ])

        let queued = try Stub<any QSPlainLoader>()
        let queue = queued.when { $0.load() }.thenQueue("first", "second")  // block 21
        #expect(queue.remainingAnswerCount == 2)
        _ = queued().load()
        _ = queued().load()
        #expect(queue.isExhausted)
        queue.assertExhausted()
        queue.interactions.verify(2...2)
    }

    @Test func blocks22And23HandlersTakeLeadingArguments() throws {
        let stub = try Stub<any QSFormatter>()
        stub.when {  // block 22, as written: the untyped parameters receive the call's arguments
            $0.format(
                name: Match.equal("a"),
                count: Match.any()
            )
        }.then { name, count in
            "\(name): \(count)"
        }
        // Block 23 writes `{ name in name.uppercased() }`: no signature can
        // type `name` from a member call, so Swift refuses it ("cannot infer
        // type of closure parameter 'name' without a type annotation") in
        // any library; the parameter's type is written here.
        stub.when {
            $0.format(
                name: Match.any(),
                count: Match.any()
            )
        }.then { (name: String) in
            name.uppercased()
        }
        #expect(stub().format(name: "a", count: 2) == "a: 2")
        #expect(stub().format(name: "b", count: 2) == "B")
    }

    @Test func block26EscapingCompletionKeptByTheTest() throws {
        typealias Result = Swift.Result<String, any Error>  // the article's `Result`
        let stub = try Stub<any QSCallbackLoader>()
        let callbacks = CallbackCapture<Result>()

        stub.when {
            $0.load(completion: Match.any())
        }.thenEscaping { completion in
            callbacks.capture(completion)
        }

        let received = QSReceived()
        stub().load { received.append($0) }
        stub().load { received.append($0) }
        #expect(received.all.isEmpty)  // kept, not called
        #expect(callbacks.pendingCount == 2)
        callbacks.invokeNext(.success("first"))
        callbacks.invokeNext(.failure(QSNetworkError.timedOut))
        #expect(received.all == ["first", "failure"])
        #expect(callbacks.pendingCount == 0)
    }

    @Test func blocks24And25CountedAndPerCallHandlers() async throws {
        let remote = QSRemote()
        let loader = try Stub<any QSURLLoader>()
        let calls = await loader.when { try await $0.load(url: Match.any()) }  // block 24
            .then(times: 2) { (url: String) in try await remote.load(url: url) }
            .thenReturn("offline")
        #expect(try await loader().load(url: "a") == "remote a")
        #expect(try await loader().load(url: "b") == "remote b")
        #expect(try await loader().load(url: "c") == "offline")
        calls.verify(3...3)

        let retrying = try Stub<any QSURLLoader>()
        await retrying.when { try await $0.load(url: Match.any()) }.thenForEachCall {  // block 25
            (attempt: Int, url: String) in
            if attempt < 3 { throw QSNetworkError.timedOut }
            return try await remote.load(url: url)
        }
        await #expect(throws: QSNetworkError.timedOut) { try await retrying().load(url: "x") }
        await #expect(throws: QSNetworkError.timedOut) { try await retrying().load(url: "x") }
        #expect(try await retrying().load(url: "x") == "remote x")
    }

    @Test func block27DelayedAnswer() async throws {
        let loader = try Stub<any QSFeedLoader>()
        await loader.when { try await $0.load() }.thenReturn(["ready"], after: .milliseconds(20))
        #expect(try await loader().load() == ["ready"])
    }

    @Test func blocks28To32NeverReturnAndCancellation() async throws {
        let loader = try Stub<any QSFeedLoader>()
        let never = await loader.when { try await $0.load() }.thenNeverReturn()  // block 28
        let parked = Task { try await loader().load() }
        await never.verify(1..., within: .seconds(5))
        parked.cancel()  // never awaited: a call answered so does not return, even when cancelled

        let awaiting = try Stub<any QSFeedLoader>()
        await awaiting.when { try await $0.load() }.thenAwaitCancellation()  // block 29
        let waiting = Task { try await awaiting().load() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }

        let returning = try Stub<any QSFeedLoader>()
        await returning.when { await $0.pendingCount() }.thenAwaitCancellation(returning: 0)  // block 30
        await returning.when { try await $0.load() }.thenAwaitCancellation(throwing: QSNetworkError.offline)
        let counting = Task { await returning().pendingCount() }
        counting.cancel()
        #expect(await counting.value == 0)
        let failing = Task { try await returning().load() }
        failing.cancel()
        await #expect(throws: QSNetworkError.offline) { try await failing.value }

        let cancelling = try Stub<any QSFeedLoader>()
        await cancelling.when { try await $0.load() }.thenCancel(after: .milliseconds(10))  // block 31
        await cancelling.when { await $0.pendingCount() }.thenCancel(after: .milliseconds(10), returning: 0)  // 32
        await #expect(throws: CancellationError.self) { try await cancelling().load() }
        #expect(await cancelling().pendingCount() == 0)
    }

    @Test func block33Suspension() async throws {
        let loader = try Stub<any QSFeedLoader>()
        let suspension = await loader.when { try await $0.load() }.thenSuspend()
        let task = Task { try await loader().load() }
        await suspension.waitForCall(within: .seconds(5))
        suspension.interactions.verify()
        suspension.resume(returning: ["ready"])
        #expect(try await task.value == ["ready"])
    }

    @Test func blocks34To36ArgumentsStreamsAndHistory() async throws {
        let stub = try Stub<any QSEventSink>()
        let events = stub.when { $0.send(Match.any(), Match.any()) }
        events.thenDoNothing()
        let stream: InvocationStream<(String, Int)> = events.stream()  // block 35
        var iterator = stream.makeAsyncIterator()
        stub().send("opened", 1)
        stub().send("closed", 2)
        stub().send("opened", 3)

        let calls: [(String, Int)] = events.arguments()  // block 34
        let eventNames: [String] = events.arguments()
        #expect(calls.map(\.1) == [1, 2, 3])
        #expect(eventNames == ["opened", "closed", "opened"])
        let event = try #require(await iterator.next(within: .seconds(5)))
        #expect(event.0 == "opened" && event.1 == 1)

        #expect(stub.history.callCount == 3)  // block 36
        stub.history.verify(3...3)
        #expect(String(describing: stub.history).contains("closed"))
        #expect(!String(describing: stub.history.timeline).isEmpty)
    }

    @Test func blocks37To39OrderedVerification() throws {
        let stub = try Stub<any QSLifecycle>()
        stub.when { $0.start() }.thenDoNothing()
        stub.when { $0.finish() }.thenDoNothing()
        stub().start()
        stub().finish()
        stub.verifyInOrder {  // block 37
            $0.start()
            $0.finish()
        }
        stub.verifyExactlyInOrder {  // block 38
            $0.start()
            $0.finish()
        }

        let gateway = try Stub<any QSGateway>()
        let analytics = try Stub<any QSAnalytics>()
        let charge = gateway.when { $0.charge(amount: Match.equal(42)) }.thenDoNothing()  // block 39
        let purchase = analytics.when { $0.track(event: Match.equal("purchase")) }
        purchase.thenDoNothing()
        gateway().charge(amount: 42)
        analytics().track(event: "purchase")
        InvocationOrder(exhaustive: true) {
            charge
            purchase
        }
    }

    @Test func blocks40To42Spies() throws {
        let spy: Spy<any QSTranslator> = .make(forwardingTo: QSLiveTranslator())  // block 40
        spy.when { $0.translate(Match.equal("greeting")) }.thenReturn("Howdy")
        let translator: any QSTranslator = spy()
        #expect(translator.translate("greeting") == "Howdy")
        #expect(translator.translate("farewell") == "Goodbye")

        let translations = spy.when { $0.translate(Match.any()) }  // block 41
        translations.stubbed.verify()
        translations.forwarded.verify()
        let forwardedKeys: [String] = translations.forwarded.arguments()
        #expect(forwardedKeys == ["farewell"])

        let source: Spy<any QSThrowingSource> = .make(forwardingTo: QSLiveThrowingSource())  // block 42
        let calls = source.when { try $0.load() }
            .thenThrow(QSNetworkError.offline, times: 2)
            .thenForward(times: 1...)
        #expect(throws: QSNetworkError.offline) { try source().load() }
        #expect(throws: QSNetworkError.offline) { try source().load() }
        #expect(try source().load() == "live")
        calls.forwarded.verify()
    }

    @Test func blocks43And44ClosureDoubles() async throws {
        let formatter = ClosureDouble<Int, String>()  // block 43
        let twos = formatter.when(equal: 2)
            .thenReturn("first")
            .thenReturn("later")
        formatter.whenAny().then { "value-\($0)" }
        let function: (Int) -> String = formatter.function
        #expect(function(2) == "first")
        #expect(function(2) == "later")
        #expect(function(9) == "value-9")
        twos.verify(2...2)

        let load = AsyncThrowingClosureDouble<String, [UInt8]>()  // block 44
        let cache = GSCache()
        let calls = load.whenAny()
            .thenThrow(QSNetworkError.timedOut)
            .then { key async throws in try await cache.data(for: key) }
            .thenReturn([])
        let loader: (String) async throws -> [UInt8] = load.function
        await #expect(throws: QSNetworkError.timedOut) { try await loader("k") }
        #expect(try await loader("k") == [107])
        calls.verify(2...2)
    }

    @Test func blocks45And48AuditsAndClearing() throws {
        let stub = try Stub<any QSPlainLoader>()
        let loads = stub.when { $0.load() }.thenReturn("one", "two")
        #expect(stub().load() == "one")
        loads.verify()
        stub.verifyNoUnusedStubs()  // block 45
        stub.verifyNoMoreInteractions()

        stub.clearRecordedInvocations()  // block 48: keeps behavior and chain position
        #expect(stub().load() == "two")
        loads.verify(.exactly(1))
        stub.clearConfiguredBehaviors()  // keeps the history
        loads.verify(.exactly(1))
        stub.reset()
        loads.verify(.never)
    }

    @Test func blocks49And50ConstructionForms() throws {
        let service: any QSService = Stub.make {  // block 49
            $0.when { $0.value() }.thenReturn("fixture")
        }
        #expect(service.value() == "fixture")
        let unused: any QSService = Dummy.make()
        _ = unused
        let spy: Spy<any QSService> = .make(forwardingTo: QSLiveService())
        #expect(spy().value() == "live")

        let stub = try Stub<any QSService>()  // block 50
        let dummy = try Dummy<any QSService>()
        let thrownSpy = try Spy<any QSService>(forwardingTo: QSLiveService())
        stub.when { $0.value() }.thenReturn("stubbed")
        #expect(stub().value() == "stubbed")
        _ = dummy
        #expect(thrownSpy().value() == "live")
    }
}

// Linked conformers: the runtime reads the requirement signatures from their witnesses.

struct QSLiveAuthService: QSAuthService {
    func signIn(user: String, password: String) async throws -> String { "" }
    func signOut() async {}
}

struct QSLiveDocumentOpener: QSDocumentOpener {
    func open(_ name: String, at position: QSOpaqueValue) -> Bool { false }
}

struct QSLiveCounterLog: QSCounterLog {
    func record(_ value: Int) {}
}

struct QSLiveMatcherProbe: QSMatcherProbe {
    func number(_ value: Int) -> Int { 0 }
    func optional(_ value: Int?) -> Int { 0 }
    func list(_ values: [Int]) -> Int { 0 }
    func words(_ values: [String]) -> Int { 0 }
    func text(_ value: String) -> Int { 0 }
}

struct QSLiveRecordLoader: QSRecordLoader {
    func load(id: Int) -> QSRecord { QSRecord(id: id) }
}

struct QSLiveUserDirectory: QSUserDirectory {
    func lookup(_ user: QSUser) -> Bool { false }
}

struct QSLiveFeedLoader: QSFeedLoader {
    func load() async throws -> [String] { [] }
    func pendingCount() async -> Int { 0 }
}

struct QSLiveURLLoader: QSURLLoader {
    func load(url: String) async throws -> String { "" }
}

struct QSLivePlainLoader: QSPlainLoader {
    func load() -> String { "" }
}

struct QSLiveFormatter: QSFormatter {
    func format(name: String, count: Int) -> String { "" }
}

struct QSLiveEventSink: QSEventSink {
    func send(_ name: String, _ value: Int) {}
}

struct QSLiveLifecycle: QSLifecycle {
    func start() {}
    func finish() {}
}

struct QSLiveGateway: QSGateway {
    func charge(amount: Int) {}
}

struct QSLiveAnalytics: QSAnalytics {
    func track(event: String) {}
}
