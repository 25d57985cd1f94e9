import Foundation
import Synchronization
import TestDoublesMacros
import Testing

/// `@StubbableClient` presets used as the ClosureClients article describes:
/// failing stubs, spies over a live client, one-expression test values.
@Suite struct AppClientTests {
    let ada = AppUser(id: 1, name: "Ada")

    @Test func apiClientStubbedAndVerified() async throws {
        let stub = APIClientDoubles.preset().failing()
        await stub.when { try await $0.fetchUser(Match.equal(1)) }.thenReturn(ada)
        stub.when { $0.track(Match.any()) }.thenDoNothing()
        await stub.when { try await $0.search("a", 0, 10, "name", true, 0.5) }.thenReturn([ada])
        await stub.when { try await $0.upload(Match.any()) }.thenThrow(NetworkError.status(500))

        let client = stub()
        #expect(try await client.fetchUser(1) == ada)
        client.track("login")
        #expect(try await client.search("a", 0, 10, "name", true, 0.5) == [ada])
        do {
            _ = try await client.upload(Data())
            Issue.record("expected a throw")
        } catch {
            #expect(error == .status(500))  // typed throws kept
        }
        await stub.verify(1...1) { try await $0.fetchUser(Match.any()) }
        stub.verify(1...1) { $0.track(Match.equal("login")) }
    }

    @Test func apiClientSpyForwardsToALiveClient() async throws {
        let live = APIClient(
            fetchUser: { AppUser(id: $0, name: "live") }, track: { _ in }, search: { _, _, _, _, _, _ in [] },
            upload: { $0.count })
        let spy = APIClientDoubles.preset().spy(forwardingTo: live)
        await spy.when { try await $0.fetchUser(Match.equal(1)) }.thenReturn(ada)

        let client = spy()
        #expect(try await client.fetchUser(1) == ada)
        #expect(try await client.fetchUser(2) == AppUser(id: 2, name: "live"))
        #expect(try await client.upload(Data([1, 2])) == 2)
        await spy.verify(2...2) { try await $0.fetchUser(Match.any()) }
    }

    @Test func aTestValueInOneExpression() async throws {
        let client = await APIClientDoubles.preset().testValue {
            await $0.when { try await $0.fetchUser(Match.any()) }.thenReturn(ada)
        }
        #expect(try await client.fetchUser(9) == ada)
        await withKnownIssue {
            _ = try await client.upload(Data())  // not configured: fails closed
        }
    }

    @Test func keychainClientKeepsItsDefaultsAndHelpers() throws {
        let stub = KeychainClientDoubles.preset().failing()
        stub.when { try $0.load("token") }.thenReturn(Data("abc".utf8))
        stub.when { try $0.save(Match.any(), Match.equal("locked")) }.thenThrow(NetworkError.offline)
        stub.when { $0.delete(Match.any()) }.thenReturn(true)

        let keychain = stub()
        #expect(keychain.service == "com.example.app")
        #expect(keychain.accessGroup == nil)
        #expect(!keychain.isShared)
        #expect(try keychain.loadString("token") == "abc")
        #expect(throws: NetworkError.offline) { try keychain.save(Data(), "locked") }
        #expect(keychain.delete("token"))
    }

    @Test func environmentClientWithFieldsDeclaredTogether() {
        let start = Date(timeIntervalSince1970: 0)
        let id = UUID()
        let stub = EnvironmentClientDoubles.preset().failing()
        stub.when { $0.now() }.thenReturn(start.addingTimeInterval(60))
        stub.when { $0.launchDate() }.thenReturn(start)
        stub.when { $0.uuid() }.thenReturn(id)

        let environment = stub()
        #expect(environment.now().timeIntervalSince(environment.launchDate()) == 60)
        #expect(environment.uuid() == id)
    }

    @Test func featureFlagsTakeTheirRequiredInput() async {
        let stub = FeatureFlagClientDoubles.preset(defaults: ["beta": false]).failing()
        stub.when { $0.isEnabled("beta") }.thenReturn(true)
        await stub.when { await $0.refresh() }.thenDoNothing()

        let flags = stub()
        #expect(flags.defaults == ["beta": false])
        #expect(flags.isEnabled("beta"))
        await flags.refresh()
        #expect(flags.describe("beta") == "flag beta")
        await stub.verify(1...1) { await $0.refresh() }
    }

    @Test func aPublicClient() {
        let stub = PublicSettingsClientDoubles.preset().failing()
        stub.when { $0.read("lang") }.thenReturn("hu")
        stub.when { $0.write(Match.any(), Match.any()) }.thenDoNothing()
        let settings = stub()
        settings.write("lang", "en")
        #expect(settings.read("lang") == "hu")
        stub.verify(1...1) { $0.write("lang", "en") }
    }

    @Test func aClientNestedInANamespace() async throws {
        let stub = Checkout.PaymentsClientDoubles.preset().failing()
        await stub.when { try await $0.charge(Match.equal(100)) }.thenReturn("ch_1")
        await stub.when { try await $0.refund(Match.any()) }.thenThrow(NetworkError.offline)
        let payments = stub()
        #expect(try await payments.charge(100) == "ch_1")
        await #expect(throws: NetworkError.offline) { try await payments.refund("ch_1") }
    }

    @Test func aGenericRepositoryClient() async throws {
        let stub = RepositoryClientDoubles<AppUser>.preset().failing()
        await stub.when { try await $0.all() }.thenReturn([ada])
        await stub.when { try await $0.save(Match.any(using: ada)) }.thenDoNothing()
        let onChange: @Sendable ([AppUser]) -> Void = { _ in }
        let token = UUID()
        stub.when { $0.observe(Match.any(using: onChange)) }.thenReturn(token)

        let repository = stub()
        #expect(try await repository.all() == [ada])
        try await repository.save(ada)
        #expect(repository.observe { _ in } == token)
        await stub.verify(1...1) { try await $0.save(ada) }
    }

    @Test func aLegacyClientWithoutSendableClosures() {
        let stub = LegacyLoggerDoubles.preset().failing()
        stub.when { $0.log(Match.any()) }.thenDoNothing()
        stub.when { $0.flush() }.thenReturn(true)
        let logger = stub()
        logger.log("x")
        #expect(logger.flush())
        stub.verify(1...1) { $0.log("x") }
    }

    @Test func aDebugOnlyEndpoint() {
        let stub = DiagnosticsClientDoubles.preset().failing()
        stub.when { $0.report(Match.any()) }.thenDoNothing()
        let diagnostics = stub()
        diagnostics.report("boot")
        #if DEBUG
        stub.when { $0.dumpState() }.thenReturn("state")
        #expect(diagnostics.dumpState() == "state")
        #endif
        stub.verify(1...1) { $0.report("boot") }
    }

    @MainActor @Test func aMainActorClientForAViewModel() async {
        let stub = ToastClientDoubles.preset(style: "banner").failing()
        stub.when { $0.show(Match.any()) }.thenDoNothing()
        await stub.when { await $0.dismissAll() }.thenReturn(2)
        let toasts = stub()
        #expect(toasts.style == "banner")
        toasts.show("Saved")
        #expect(await toasts.dismissAll() == 2)
        stub.verify(1...1) { $0.show("Saved") }
    }

    @Test func aConfigurationFieldNamedEndpoints() {
        let home = URL(string: "https://example.com")!
        let stub = GatewayClientDoubles.preset(endpoints: ["home": home]).failing()
        stub.when { $0.default() }.thenReturn(home)
        let listener: @Sendable (String) -> Void = { _ in }
        stub.when { $0.subscribe(Match.any(using: listener)) }.thenReturn(7)
        let gateway = stub()
        #expect(gateway.endpoints == ["home": home])
        #expect(gateway.default() == home)
        #expect(gateway.subscribe { _ in } == 7)
    }

    @Test func streamEndpointsAndInputs() async {
        let stub = NotificationsClientDoubles.preset(secret: "k", timeout: .seconds(2)).failing()
        stub.when { $0.stream() }.thenReturn(
            AsyncStream { continuation in
                continuation.yield("hello")
                continuation.finish()
            })
        stub.when { $0.onError(Match.any()) }.thenDoNothing()
        let notifications = stub()
        #expect(notifications.hasSecret)
        #expect(notifications.retries == 3)
        #expect(notifications.timeout == .seconds(2))
        var received: [String] = []
        for await message in notifications.stream() { received.append(message) }
        #expect(received == ["hello"])
        notifications.onError(NetworkError.offline)
        stub.verify(1...1) { $0.onError(Match.any()) }
        #expect(NotificationsClient.live.retries == 3)
    }

    @Test func aPackageClientTwoNamespacesDeep() async {
        let stub = Settings.Sync.SyncClientDoubles.preset().failing()
        await stub.when { await $0.push() }.thenReturn(true)
        #expect(await stub().push())
    }

    @Test func aPrivateClient() {
        let stub = ClipboardClientDoubles.preset().failing()
        stub.when { $0.copy(Match.any()) }.thenDoNothing()
        stub().copy("text")
        stub.verify(1...1) { $0.copy("text") }
    }
}

/// A private client, used by the tests in its file.
@StubbableClient
private struct ClipboardClient: Sendable {
    var copy: @Sendable (String) -> Void
}
