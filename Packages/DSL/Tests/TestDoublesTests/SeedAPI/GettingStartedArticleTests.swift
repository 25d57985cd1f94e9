import Synchronization
import TestDoubles
import Testing

// Every example of the seed's GettingStarted article, rewritten against this
// file's own protocols. Test names carry the article's block number; block 1
// is the protocol and conformer below. Blocks covered elsewhere: 7
// (SeedMatcherTests.enumCaseExtractsAndMatchesAssociatedValues), 28
// (ClosureDoubleReadmeTests.closureDoubleExample).

protocol GSUserRepository {
    func find(id: Int) -> String?
}

struct GSLiveUserRepository: GSUserRepository {
    func find(id: Int) -> String? { "live-user-\(id)" }
}

protocol GSEventLog {
    func record(_ event: String, _ detail: String)
}

struct GSLiveEventLog: GSEventLog {
    func record(_ event: String, _ detail: String) {}
}

protocol GSLazyLog {
    func record(_ message: @autoclosure () -> String)
}

struct GSLiveLazyLog: GSLazyLog {
    func record(_ message: @autoclosure () -> String) {}
}

protocol GSMeter {
    func record(_ value: Double)
}

struct GSLiveMeter: GSMeter {
    func record(_ value: Double) {}
}

struct GSAccount: Equatable {
    var id: Int
    var name: String
}

protocol GSAccountStore {
    func save(_ account: GSAccount) -> String
}

struct GSLiveAccountStore: GSAccountStore {
    func save(_ account: GSAccount) -> String { "" }
}

final class GSReferenceUser: Sendable {
    let id: Int
    let isActive: Bool
    init(id: Int, isActive: Bool) {
        self.id = id
        self.isActive = isActive
    }
}

protocol GSReferenceUserStore {
    func save(user: GSReferenceUser) -> String
}

struct GSLiveReferenceUserStore: GSReferenceUserStore {
    func save(user: GSReferenceUser) -> String { "" }
}

protocol GSNotificationService {
    func send(to recipient: Int, message: String) throws
}

struct GSLiveNotificationService: GSNotificationService {
    func send(to recipient: Int, message: String) throws {}
}

protocol GSMutableProfile {
    var displayName: String { get set }
}

struct GSLiveMutableProfile: GSMutableProfile {
    var displayName = ""
}

protocol GSSnapshot {
    var value: String { get }
}

protocol GSKeyValueStore {
    subscript(key: String) -> String? { get set }
}

protocol GSSource {
    associatedtype Element
    func load() -> Element
}

struct GSLiveSource: GSSource {
    func load() -> Int { 0 }
}

protocol GSComparing {
    func compare(_ other: Self) -> Bool
}

struct GSLiveComparing: GSComparing {
    func compare(_ other: Self) -> Bool { true }
}

struct GSLoadError: Error, Equatable {
    let url: String
}

protocol GSAsyncDataLoader: Sendable {
    func load(url: String) async throws -> String
}

struct GSLiveAsyncDataLoader: GSAsyncDataLoader {
    func load(url: String) async throws -> String { "" }
}

enum GSFlakyError: Error, Equatable {
    case transient
}

/// The block-26 metrics collector: hooks run on the calling thread.
final class GSLoadMetrics: Sendable {
    private let log = Mutex<[String]>([])
    func started(_ url: String) { log.withLock { $0.append("start \(url)") } }
    func finished(_ url: String) { log.withLock { $0.append("end \(url)") } }
    var events: [String] { log.withLock { $0 } }
}

protocol GSFlakyLoader {
    func load() throws -> String
}

struct GSLiveFlakyLoader: GSFlakyLoader {
    func load() throws -> String { "" }
}

/// A real remote the counted-handler example falls through to.
struct GSRemote: Sendable {
    func load(url: String) async throws -> String { "remote \(url)" }
}

/// A cache the effect-aware closure double example reads.
struct GSCache: Sendable {
    func data(for key: String) async throws -> [UInt8] { Array(key.utf8) }
}

@Suite struct GettingStartedArticleTests {
    @Test func block2MatchersHandlersAndVerification() throws {
        let stub = try Stub<any GSUserRepository>()
        stub.when { $0.find(id: Match.equal(42)) }.thenReturn("Alice")
        stub.when {
            $0.find(id: Match.matching(description: "positive", where: { $0 > 0 }))
        }.then { (id: Int) in
            "member-\(id)"
        }
        stub.when { $0.find(id: Match.any()) }.thenReturn("guest")

        let repository: any GSUserRepository = stub()
        #expect(repository.find(id: -1) == "guest")
        #expect(repository.find(id: 7) == "member-7")
        #expect(repository.find(id: 42) == "Alice")

        stub.verify { $0.find(id: Match.equal(42)) }
        stub.verify(3...3) { $0.find(id: Match.any()) }
        stub.verify(.never) { $0.find(id: Match.equal(999)) }
    }

    @Test func block3OneMatcherPerArgument() throws {
        let stub = try Stub<any GSEventLog>()
        let started = stub.when {
            $0.record(Match.equal("started"), Match.hasPrefix("user:"))
        }.thenDoNothing()
        stub.when { $0.record(Match.any(), Match.any()) }.thenDoNothing()
        stub().record("started", "user:7")
        stub().record("started", "guest")
        started.verify()
    }

    @Test func block4AutoclosureWithAPlaceholder() throws {
        let stub = try Stub<any GSLazyLog>()
        let placeholder: () -> String = { "" }
        let records = stub.when {
            let message = Match.any(using: placeholder)
            return $0.record(message())
        }.thenDoNothing()
        stub().record("hello")
        records.verify()
    }

    @Test func block5Approximately() throws {
        let stub = try Stub<any GSMeter>()
        let near = stub.when {
            $0.record(Match.approximately(1_000, absoluteTolerance: 0.01, relativeTolerance: 0.001))
        }.thenDoNothing()
        stub.when { $0.record(Match.any()) }.thenDoNothing()
        stub().record(1_000.5)
        stub().record(1_002)
        near.verify(.exactly(1))
    }

    @Test func block6Property() throws {
        let stub = try Stub<any GSAccountStore>()
        stub.when { $0.save(Match.property(\.id, equalTo: 42)) }.thenReturn("saved")
        stub.when { $0.save(Match.any()) }.thenReturn("other")
        #expect(stub().save(GSAccount(id: 42, name: "Ada")) == "saved")
        #expect(stub().save(GSAccount(id: 7, name: "Ada")) == "other")
    }

    @Test func block8ReferencePlaceholders() throws {
        let stub = try Stub<any GSReferenceUserStore>()
        let placeholder = GSReferenceUser(id: -1, isActive: false)
        stub.when { $0.save(user: Match.any(using: placeholder)) }.thenReturn("fallback")
        // Ours reports at once that the broad registration above shadows this one.
        withKnownIssue {
            stub.when {
                $0.save(
                    user: Match.matching(using: placeholder, description: "active") {
                        $0.isActive
                    })
            }.thenReturn("active")
        }
        // The first matching registration wins, so the broad one answers.
        #expect(stub().save(user: GSReferenceUser(id: 1, isActive: true)) == "fallback")

        let users = Match.Capture<GSReferenceUser>()
        stub.verify { $0.save(user: users.capture(using: placeholder)) }
        #expect(users.values.map(\.id) == [1])
    }

    @Test func block9Configure() throws {
        let repository = try Stub<any GSUserRepository>().configure {
            $0.when { $0.find(id: 42) }.thenReturn("Fixture User")
            $0.when { $0.find(id: Match.any()) }.thenReturn(nil)
        }
        #expect(repository().find(id: 42) == "Fixture User")
        #expect(repository().find(id: 1) == nil)
        repository.verify { $0.find(id: 42) }
    }

    @Test func block10Make() {
        // As written: the handler returns a String for a String? requirement.
        // If the compiler typed the pattern CallPattern<Void> again, the
        // behavior would be refused with an issue and the call answer nil.
        let repository: any GSUserRepository = Stub.make {
            $0.when { $0.find(id: Match.any()) }.then { (id: Int) in "user-\(id)" }
        }
        #expect(repository.find(id: 42) == "user-42")
    }

    @Test func block11SpyMake() {
        let liveRepository = GSLiveUserRepository()
        let spy: Spy<any GSUserRepository> = Spy.make(forwardingTo: liveRepository)
        spy.when { $0.find(id: Match.equal(42)) }.thenReturn("Fixture User")

        let repository: any GSUserRepository = spy()
        #expect(repository.find(id: 42) == "Fixture User")
        #expect(repository.find(id: 7) == "live-user-7")
        spy.verify(2...2) { $0.find(id: Match.any()) }
    }

    @Test func block12Captures() throws {
        let stub = try Stub<any GSNotificationService>()
        stub.when { try $0.send(to: Match.any(), message: Match.any()) }.thenDoNothing()

        let notifications: any GSNotificationService = stub()
        try notifications.send(to: 1, message: "Welcome")
        try notifications.send(to: 2, message: "Try again")

        let recipients = Match.Capture<Int>()
        let messages = Match.Capture<String>()
        stub.verify(2...2) {
            try $0.send(to: recipients.capture(), message: messages.capture())
        }
        #expect(recipients.values == [1, 2])
        #expect(messages.values == ["Welcome", "Try again"])
    }

    @Test func block13VerifyWithin() async throws {
        let stub = try Stub<any GSNotificationService>()
        stub.when { try $0.send(to: Match.any(), message: Match.any()) }.thenDoNothing()
        let notifications = stub()
        let sender = Task {
            try notifications.send(to: 1, message: "one")
            try notifications.send(to: 2, message: "two")
        }
        await stub.verify(2..., within: .seconds(5)) {
            try $0.send(to: Match.any(), message: Match.any())
        }
        try await sender.value
    }

    @Test func block14VerifyInOrder() throws {
        let stub = try Stub<any GSUserRepository>()
        stub.when { $0.find(id: Match.any()) }.thenReturn(nil)
        let repository = stub()
        _ = repository.find(id: 1)
        _ = repository.find(id: 99)
        _ = repository.find(id: 2)
        stub.verifyInOrder {
            _ = $0.find(id: Match.equal(1))
            _ = $0.find(id: Match.equal(2))
        }
    }

    @Test func block15SetterMatchers() throws {
        let stub = try Stub<any GSMutableProfile>()
        stub.when { $0.displayName = Match.any() }.thenDoNothing()

        var profile: any GSMutableProfile = stub()
        profile.displayName = "Blob"

        stub.verify { $0.displayName = Match.equal("Blob") }
        stub.verifyInOrder(mutating: {
            $0.displayName = Match.equal("Blob")
        })
        stub.verifyNoUnusedStubs()  // the assignment in `when` registered the setter
    }

    @Test func block16CompoundAssignment() throws {
        let stub = try Stub<any GSMutableProfile>()
        stub.when { $0.displayName }.thenReturn("Blob")
        stub.when { $0.displayName = Match.any() }.thenDoNothing()

        var profile: any GSMutableProfile = stub()
        profile.displayName += "!"

        stub.verify { $0.displayName }
        stub.verify { $0.displayName = Match.equal("Blob!") }
        stub.verifyNoUnusedStubs()  // one registration served the read, the other the write
    }

    @Test func block17ReadOnlyProperty() throws {
        // The article declares `{ read }`, an experimental coroutine accessor;
        // this test uses the `get` form the same configuration serves.
        let stub = try Stub<any GSSnapshot>(.getter(String.self))
        stub.when { $0.value }.thenReturn("ready")
        let snapshot: any GSSnapshot = stub()
        #expect(snapshot.value == "ready")
        stub.verify { $0.value }
    }

    @Test func block18Subscripts() throws {
        let stub = try Stub<any GSKeyValueStore>(
            .subscriptGetter(indexedBy: String.self, returning: String?.self),
            .subscriptSetter(indexedBy: String.self, assigning: String?.self))
        stub.when { $0[Match.any()] }.thenReturn(nil)
        stub.when { $0[Match.any()] = Match.any() }.thenDoNothing()

        var store: any GSKeyValueStore = stub()
        store["theme"] = "dark"
        #expect(store["theme"] == nil)
        stub.verifyNoUnusedStubs()  // the assignment in `when` registered the subscript's setter

        stub.verify { $0[Match.equal("theme")] = Match.equal("dark") }
        stub.verify(.never) { $0[Match.equal("font")] = Match.any() }
    }

    @Test func block19UnboundAssociatedResult() throws {
        let stub = try Stub<any GSSource>(
            associatedTypes: [
                .binding(declaredBy: (any GSSource).self, named: "Element", to: Int.self)
            ]
        )
        stub.when { $0.load() }.thenReturn(42)

        let loaded = stub().load() as? Int
        #expect(loaded == 42)
    }

    @Test func block20SelfArgument() throws {
        // Swift calls a requirement taking `Self` on an opened existential, so
        // the test opens it in a generic function (the article elides this).
        func compareWithAny<Value: GSComparing>(_ value: Value) -> Bool { value.compare(Match.any(using: value)) }
        func compareWithItself<Value: GSComparing>(_ value: Value) -> Bool { value.compare(value) }
        let stub = try Stub<any GSComparing>()
        stub.when { value in
            compareWithAny(value)
        }.thenReturn(true)
        let value = stub()
        let matched = compareWithItself(value)
        #expect(matched)
        stub.verify { compareWithAny($0) }
    }

    @Test func block21DynamicSelfResult() throws {
        let stub = try Stub<any CGDuplicating>()
        stub.when(returningSelf: { $0.duplicate() }).thenReturnValue()
        stub.when { $0.marker() }.thenReturn(42)
        let duplicate = stub().duplicate()
        #expect(duplicate.marker() == 42)
    }

    @Test func block22AsyncSuccessAndFailure() async throws {
        let stub = try Stub<any GSAsyncDataLoader>()
        await stub.when { try await $0.load(url: Match.equal("/users/42")) }.then {
            (url: String) async throws -> String in
            await Task.yield()
            return "profile:\(url)"
        }
        await stub.when { try await $0.load(url: Match.any()) }
            .thenThrow(GSLoadError(url: "/missing"))

        let loader: any GSAsyncDataLoader = stub()
        #expect(try await loader.load(url: "/users/42") == "profile:/users/42")
        // Swift 6.0's #expect(throws:) returns no error: catch it instead.
        do {
            _ = try await loader.load(url: "/missing")
            Issue.record("load returned")
        } catch let error as GSLoadError {
            #expect(error.url == "/missing")
        }
    }

    @Test func block23InjectedFailureEveryNthCall() throws {
        let stub = try Stub<any GSFlakyLoader>()
        stub.when { try $0.load() }.thenInjectFailure(
            every: 3, throwing: GSFlakyError.transient, otherwiseReturning: "ready")
        let loader = stub()
        #expect(try loader.load() == "ready")
        #expect(try loader.load() == "ready")
        #expect(throws: GSFlakyError.transient) { try loader.load() }
        #expect(try loader.load() == "ready")
    }

    @Test func block24InjectedFailureWithProbability() throws {
        func outcomes() throws -> [Bool] {
            let stub = try Stub<any GSFlakyLoader>()
            stub.when { try $0.load() }.thenInjectFailure(
                probability: 0.25, seed: 0xC0FFEE, throwing: GSFlakyError.transient, otherwiseReturning: "ready")
            let loader = stub()
            return (0..<40).map { _ in (try? loader.load()) == nil }
        }
        let first = try outcomes()
        #expect(try outcomes() == first)  // the same seed fails the same calls
        #expect(first.contains(true))
        #expect(first.contains(false))
    }

    @Test func block25ChainedAnswers() async throws {
        let stub = try Stub<any GSAsyncDataLoader>()
        let loads = await stub.when { try await $0.load(url: Match.equal("/users/42")) }
            .thenReturn("cached")
            .thenThrow(GSLoadError(url: "/users/42"))
            .thenReturn("fresh")

        let loader: any GSAsyncDataLoader = stub()
        #expect(try await loader.load(url: "/users/42") == "cached")
        await #expect(throws: GSLoadError.self) {
            try await loader.load(url: "/users/42")
        }
        #expect(try await loader.load(url: "/users/42") == "fresh")
        loads.verify(3...3)
    }

    @Test func block26HooksAroundTheAnswer() async throws {
        let metrics = GSLoadMetrics()
        let stub = try Stub<any GSAsyncDataLoader>()
        // The article leaves out the `await` an async `when` needs.
        await stub.when { try await $0.load(url: Match.any()) }
            .beforeEachCall { url in metrics.started(url) }
            .afterEachCall { url in metrics.finished(url) }
            .thenReturn("cached")

        let loader: any GSAsyncDataLoader = stub()
        #expect(try await loader.load(url: "/users/1") == "cached")
        #expect(try await loader.load(url: "/users/2") == "cached")  // the hooks consumed no answer
        #expect(metrics.events == ["start /users/1", "end /users/1", "start /users/2", "end /users/2"])
    }

    @MainActor @Test func block26HooksFromTheMainActor() async throws {
        let metrics = GSLoadMetrics()
        let stub = try Stub<any GSAsyncDataLoader>()
        await stub.when { try await $0.load(url: Match.equal("/feed")) }
            .beforeEachCall { url in metrics.started(url) }
            .afterEachCall { url in metrics.finished(url) }
            .thenReturn("cached")
        await stub.when { try await $0.load(url: Match.any()) }.thenReturn("fallback")

        let loader: any GSAsyncDataLoader = stub()
        #expect(try await loader.load(url: "/feed") == "cached")
        #expect(try await loader.load(url: "/other") == "fallback")  // another registration: no hooks
        #expect(metrics.events == ["start /feed", "end /feed"])
    }

    @Test func block27CountedHandlerThenFallback() async throws {
        let stub = try Stub<any GSAsyncDataLoader>()
        let remote = GSRemote()
        let loads = await stub.when { try await $0.load(url: Match.any()) }
            .then(times: 2) { (url: String) in try await remote.load(url: url) }
            .thenReturn("offline")
        let loader = stub()
        #expect(try await loader.load(url: "a") == "remote a")
        #expect(try await loader.load(url: "b") == "remote b")
        #expect(try await loader.load(url: "c") == "offline")
        loads.verify(3...3)
    }

    @Test func block29EffectAwareClosureDouble() async throws {
        let load = AsyncThrowingClosureDouble<String, [UInt8]>()
        let cache = GSCache()
        let loads = load.whenAny()
            .thenThrow(GSFlakyError.transient)
            .then { (key: String) async throws in try await cache.data(for: key) }
            .thenReturn([])

        let function: (String) async throws -> [UInt8] = load.function
        _ = try? await function("feed")
        loads.verify()
        #expect(try await function("ab") == [97, 98])
        #expect(try await function("later") == [])
    }

    @Test func block30AnchoringAConformance() throws {
        let conformanceAnchor: any GSUserRepository = GSLiveUserRepository()
        let stub = try withExtendedLifetime(conformanceAnchor) {
            try Stub<any GSUserRepository>()
        }
        stub.when { $0.find(id: Match.any()) }.thenReturn("anchored")
        #expect(stub().find(id: 1) == "anchored")
    }
}
