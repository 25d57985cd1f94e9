import Synchronization
import TestDoublesMacros
import Testing

/// `@Stubbable` on the edge shapes of `EdgeServices.swift`.
@Suite struct EdgeServiceStubTests {
    @Test func aProtocolNestedInANamespace() async throws {
        let stub = Payments.GatewayStub()
        await stub.when { try await $0.charge(cents: 500) }.thenReturn("receipt-1")
        let gateway: any Payments.Gateway = stub()
        #expect(try await gateway.charge(cents: 500) == "receipt-1")
    }

    @Test func aMutatingRequirement() {
        let stub = CounterStub()
        stub.when { $0.increment() }.thenReturn(1).thenReturn(2)
        stub.when { $0.count }.thenReturn(2)
        var counter: any Counter = stub()
        #expect(counter.increment() == 1)
        #expect(counter.increment() == 2)
        #expect(counter.count == 2)
        stub.verify(2...2) { $0.increment() }
    }

    @Test func standardLibraryParents() {
        let stub = AccountStub()
        stub.when { $0.id }.thenReturn("acc-1")
        stub.when { $0.description }.thenReturn("Account acc-1")
        stub.when { $0.balance }.thenReturn(10)
        let account: any Account = stub()
        #expect(account.id == "acc-1")
        #expect("\(account)" == "Account acc-1")
        #expect(account.balance == 10)
    }

    @Test func callbacksOfEveryKind() async throws {
        let progress: @Sendable (Double) -> Void = { _ in }
        let completion: @Sendable (Result<Int, NetworkError>) -> Void = { _ in }
        let stub = DownloaderStub()
        stub.when {
            $0.download(Match.any(), progress: Match.any(using: progress), completion: Match.any(using: completion))
        }.then {
            (_: String, _: (@Sendable (Double) -> Void)?, completion: @Sendable (Result<Int, NetworkError>) -> Void) in
            completion(.success(200))
        }
        let operation: @Sendable () async throws -> Void = {}
        await stub.when { try await $0.retry(Match.any(), operation) }.thenDoNothing()
        stub.when { $0.check(true, Match.any()) }.thenDoNothing()

        let downloader: any Downloader = stub()
        let received = Received()
        downloader.download("/file", progress: nil) { result in received.set(result) }
        #expect(received.value == .success(200))
        await downloader.retry(3) {}
        downloader.check(1 > 0, "positive")
        await stub.verify(1...1) { try await $0.retry(Match.equal(3), operation) }
        stub.verify(1...1) { $0.check(true, Match.equal("positive")) }
    }

    @MainActor @Test func sendingValuesAndAnIsolatedActor() async {
        let stub = RelayStub()
        stub.when { $0.handOff(Match.any()) }.then { (values: [Int]) in values.reversed() }
        let relay: any Relay = stub()
        #expect(relay.handOff([1, 2]) == [2, 1])
        stub.verify(1...1) { $0.handOff([1, 2]) }
    }

    @Test func borrowedAndConsumedArgumentsAreRecorded() {
        let stub = ImageEncoderStub()
        stub.when { $0.encode(Match.any(), quality: Match.equal(80)) }.thenReturn(42)
        stub.when { $0.consume(Match.any()) }.thenReturn(true)
        let encoder: any ImageEncoder = stub()
        #expect(encoder.encode([1, 2, 3], quality: 80) == 42)
        #expect(encoder.consume([9]))
        stub.verify(1...1) { $0.encode([1, 2, 3], quality: 80) }
    }

    @MainActor @Test func aMainActorProtocolWithABorrowedArgument() {
        let stub = DraftEditorStub()
        stub.when { $0.identifier() }.thenReturn("draft-1")
        stub.when { $0.apply(Match.any()) }.thenReturn(5)
        let editor: any DraftEditor = stub()
        #expect(editor.identifier() == "draft-1")
        #expect(editor.apply("hello") == 5)
        stub.verify(1...1) { $0.apply("hello") }
    }

    @Test func genericCacheMethods() {
        let stub = CacheStub()
        stub.when { $0.set(Match.any() as Int, for: Match.any() as String) }.thenDoNothing()
        stub.when { $0.get(Match.equal("k"), as: Match.equal(Int.self)) }.thenReturn(4)
        stub.when { $0.keys(matching: Match.any() as String) }.thenReturn(["k"])
        stub.when { $0.merge(Match.any(using: stub() as any Cache)) }.thenDoNothing()

        let cache: any Cache = stub()
        cache.set(4, for: "k")
        #expect(cache.get("k", as: Int.self) == 4)
        #expect(cache.keys(matching: "k") == ["k"])
        cache.merge(cache)
        stub.verify(1...1) { $0.set(Match.equal(4), for: Match.equal("k")) }
    }
}

/// What a completion handler received, read back on the test's side.
final class Received: Sendable {
    private let storage = Mutex<Result<Int, NetworkError>?>(nil)
    func set(_ result: Result<Int, NetworkError>) { storage.withLock { $0 = result } }
    var value: Result<Int, NetworkError>? { storage.withLock { $0 } }
}
