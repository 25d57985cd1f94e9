import Foundation
import TestDoublesMacros
import Testing

/// `@Stubbable` app dependencies, configured and injected as an app's tests
/// do: a view model's collaborators, async repositories, settings stores.
@Suite struct AppServiceStubTests {
    @Test func networkingDecodesAndUploads() async throws {
        let stub = NetworkingStub()
        await stub.when { try await $0.data(for: HTTPRequest(path: "/ping")) }.thenReturn(Data("pong".utf8))
        await stub.when { try await $0.decode(AppUser.self, from: "/me") }.thenReturn(AppUser(id: 1, name: "Ada"))
        await stub.when { try await $0.upload(Match.any(), to: Match.equal("/avatar")) }.thenThrow(
            NetworkError.status(413))
        stub.when { $0.baseURL }.thenReturn(URL(string: "https://example.com")!)

        let network: any Networking = stub()
        #expect(try await network.data(for: HTTPRequest(path: "/ping")) == Data("pong".utf8))
        #expect(try await network.decode(AppUser.self, from: "/me") == AppUser(id: 1, name: "Ada"))
        await #expect(throws: NetworkError.status(413)) { try await network.upload(Data([1]), to: "/avatar") }
        #expect(network.baseURL.host == "example.com")
        await stub.verify(1...1) { try await $0.decode(AppUser.self, from: "/me") }
    }

    @Test func analyticsOverloadsAreRecordedApart() {
        let stub = AnalyticsStub()
        stub.when { $0.track(Match.any() as String) }.thenDoNothing()
        stub.when { $0.track(Match.any() as Int) }.thenDoNothing()
        stub.when { $0.track(Match.any(), properties: Match.any()) }.thenDoNothing()
        stub.when { $0.identify(Match.any()) }.thenDoNothing()

        let analytics: any Analytics = stub()
        analytics.track("open")
        analytics.track("open", properties: ["from": "push"])
        analytics.track(7)
        analytics.identify(AppUser(id: 2, name: "Grace"))

        stub.verify(1...1) { $0.track(Match.equal("open")) }
        stub.verify(1...1) { $0.track(Match.equal(7)) }
        stub.verify(1...1) { $0.track(Match.equal("open"), properties: Match.equal(["from": "push"])) }
    }

    @Test func settingsStoreReadsWritesAndThrows() throws {
        let stub = SettingsStoreStub()
        stub.when { $0.isDarkMode }.thenReturn(true)
        stub.whenSet { $0.isDarkMode = Match.any() }.thenDoNothing()
        stub.when { try $0.token }.thenReturn("secret")
        stub.when { $0[Match.equal("lang")] }.thenReturn("hu")
        stub.whenSet { $0[Match.any()] = Match.any() }.thenDoNothing()
        stub.when { try $0.save(Match.any(), forKey: Match.equal("locked")) }.thenThrow(NetworkError.offline)
        stub.when {
            var settings = Match.any() as [String: String]
            $0.migrate(&settings)
        }.thenDoNothing()

        let store: any SettingsStore = stub()
        store.isDarkMode = false
        #expect(store.isDarkMode)
        #expect(try store.token == "secret")
        #expect(store["lang"] == "hu")
        store["lang"] = "en"
        #expect(throws: NetworkError.offline) { try store.save("x", forKey: "locked") }
        var settings = ["a": "1"]
        store.migrate(&settings)
        #expect(settings == ["a": "1"])  // the double leaves an inout argument unchanged

        stub.verifySet(1...1) { $0.isDarkMode = Match.equal(false) }
        stub.verifySet(1...1) { $0[Match.equal("lang")] = Match.equal("en") }
    }

    @Test func featureFlagsWithGenericDefaults() {
        let stub = FeatureFlagsStub()
        stub.when { $0.isEnabled("newOnboarding") }.thenReturn(true)
        stub.when { $0.isEnabled(Match.any()) }.thenReturn(false)
        stub.when { $0.value(of: Match.equal("limit"), default: Match.any() as Int) }.thenReturn(50)
        stub.when { $0.value(of: Match.equal("title"), default: Match.any() as String) }.thenReturn("Hi")
        stub.when { $0.observe(Match.any() as [String]) }.thenReturn(2)

        let flags: any FeatureFlags = stub()
        #expect(flags.isEnabled("newOnboarding"))
        #expect(!flags.isEnabled("other"))
        #expect(flags.value(of: "limit", default: 10) == 50)
        #expect(flags.value(of: "title", default: "") == "Hi")
        #expect(flags.observe(["a", "b"]) == 2)
    }

    @Test func dateProviderSuppliesAFixedNow() async throws {
        let fixed = Date(timeIntervalSince1970: 1_000)
        let stub = DateProviderStub()
        stub.when { $0.now }.thenReturn(fixed)
        await stub.when { try await $0.sleep(for: Match.any()) }.thenDoNothing()

        let clock: any DateProvider = stub()
        #expect(clock.now == fixed)
        try await clock.sleep(for: 5)
        await stub.verify(1...1) { try await $0.sleep(for: Match.equal(5)) }
    }

    @Test func repositoryOverAnEntityType() async throws {
        let stub = RepositoryStub<AppUser>()
        let ada = AppUser(id: 1, name: "Ada")
        await stub.when { try await $0.all() }.thenReturn([ada])
        await stub.when { try await $0.find(id: 1) }.thenReturn(ada)
        await stub.when { try await $0.find(id: Match.any()) }.thenReturn(nil)
        await stub.when { try await $0.save(Match.any(using: ada)) }.thenThrow(NetworkError.offline)
        let token = UUID()
        let onChange: @Sendable ([AppUser]) -> Void = { _ in }
        stub.when { $0.observe(Match.any(using: onChange)) }.thenReturn(token)
        // A non-escaping closure is not forwarded: the registration names no argument.
        let work: () throws -> Void = {}
        stub.when { try $0.batch(work) }.thenDoNothing()

        let repository: any Repository<AppUser> = stub()
        #expect(try await repository.all() == [ada])
        #expect(try await repository.find(id: 1) == ada)
        #expect(try await repository.find(id: 9) == nil)
        await #expect(throws: NetworkError.offline) { try await repository.save(ada) }
        #expect(repository.observe { _ in } == token)
        repository.batch {}
        await stub.verify(2...2) { try await $0.find(id: Match.any()) }
    }

    @Test func aMatcherForANonEscapingClosureSaysWhyItDoesNotCount() {
        let stub = RepositoryStub<AppUser>()
        withKnownIssue {
            stub.when { $0.batch(Match.any()) }.thenDoNothing()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("batch(_:) received 0 argument(s) but 1 matcher(s) were written for it")
                && text.contains("forwards no non-escaping closure")
        }
    }

    @MainActor @Test func mainActorRouterForAViewModel() {
        let stub = RouterStub()
        stub.when { $0.currentPath }.thenReturn(["home"])
        stub.when { $0.push(Match.any()) }.thenDoNothing()
        stub.when { $0.pop() }.thenReturn("detail").thenReturn(nil)
        let done: @MainActor @Sendable () -> Void = {}
        stub.when { $0.present(Match.any(), completion: Match.any(using: done)) }.thenDoNothing()

        let router: any Router = stub()
        router.push("detail")
        #expect(router.currentPath == ["home"])
        #expect(router.pop() == "detail")
        #expect(router.pop() == nil)
        router.present("sheet") {}
        stub.verify(1...1) { $0.push(Match.equal("detail")) }
        stub.verify(1...1) { $0.present(Match.equal("sheet"), completion: Match.any(using: done)) }
    }

    /// Before: one matcher per element was refused ("received 2 argument(s) but 3 matcher(s)"),
    /// and a lone `Match.any()` took a list of any length; the generated conformer now lines the
    /// element matchers up with the array, as a runtime `Stub` does.
    @Test func elementMatchersOfAVariadicListMatchElementByElement() {
        let stub = LoggerStub()
        stub.when { $0.log(Match.equal("sync"), Match.any(), separator: Match.any()) }.thenDoNothing()
        let logger: any Logger = stub()
        logger.log("sync", "done", separator: " ")
        stub.verify(1...1) { $0.log(Match.equal("sync"), Match.hasPrefix("d"), separator: Match.any()) }
        stub.verify(.never) { $0.log(Match.any(), separator: Match.any()) }
        let issues = TestDoubleIssueReporting.capture { logger.log("sync", separator: " ") }
        #expect(issues.map(\.kind) == [.unmatchedCall])
    }

    @Test func loggerWithVariadicItems() async {
        let stub = LoggerStub()
        stub.when { $0.log(Match.any(), Match.any(), separator: Match.any()) }.thenDoNothing()
        await stub.when { await $0.flush() }.thenDoNothing()

        let logger: any Logger = stub()
        logger.log("a", "b", separator: ",")
        await logger.flush()
        stub.verify(1...1) { $0.log("a", "b", separator: ",") }
    }

    @Test func publicProtocolStub() {
        let stub = PublicCacheStub()
        stub.when { $0.value(forKey: "k") }.thenReturn(3)
        stub.when { $0.store(Match.any(), forKey: Match.any()) }.thenDoNothing()
        let cache: any PublicCache = stub()
        cache.store(3, forKey: "k")
        #expect(cache.value(forKey: "k") == 3)
        stub.verify(1...1) { $0.store(Match.equal(3), forKey: Match.equal("k")) }
    }

    @Test func conditionalRequirementsFollowTheBuild() {
        let stub = PlatformServicesStub()
        stub.when { $0.version }.thenReturn("1.2")
        let services: any PlatformServices = stub()
        #expect(services.version == "1.2")
        #if DEBUG
        stub.when { $0.dumpLogs() }.thenReturn(["boot"])
        #expect(services.dumpLogs() == ["boot"])
        #else
        stub.when { $0.releaseChannel() }.thenReturn("beta")
        #expect(services.releaseChannel() == "beta")
        #endif
    }
}
