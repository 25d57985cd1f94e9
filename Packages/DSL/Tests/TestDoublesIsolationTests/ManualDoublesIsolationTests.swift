import Foundation
import TestDoubles
import Testing

/// A hand-written conformer of the `@MainActor` protocol: the manual path
/// for the same protocol the runtime doubles.
@MainActor final class ProfileStoreFake: ProfileStore, ManualStubConformer {
    let stub: ManualStub<ProfileStoreFake>
    nonisolated init(stub: ManualStub<ProfileStoreFake>) { self.stub = stub }

    func load(id: Int) async throws -> Profile { try await stub.asyncThrowingCall(id) }
    func cached(id: Int) -> Profile? { stub.call(id) }
    func save(_ profile: Profile) -> Bool { stub.call(profile) }
    func rename(id: Int, to name: String) async -> String { await stub.asyncCall(id, name) }
}

/// A client of closures, some isolated to the main actor.
struct ProfileClient {
    var load: @Sendable (Int) async throws -> String
    var track: @Sendable (String) -> Void
}

/// A translator, the seed README's spy example.
protocol Translator: Sendable {
    func translate(_ key: String) -> String
    func translateLater(_ key: String) async -> String
}

struct LiveTranslator: Translator {
    func translate(_ key: String) -> String { "live:" + key }
    func translateLater(_ key: String) async -> String { "later:" + key }
}

/// `Spy`, `ManualStub`, closure doubles and `ClientStub` from `@MainActor` tests.
@MainActor @Suite struct ManualDoublesIsolationTests {
    @Test func spyOverridesAndForwardsAsyncCalls() async throws {
        let spy: Spy<any Translator> = Spy.make(forwardingTo: LiveTranslator())
        var overridden: [String] = []  // main-actor state
        await spy.when { await $0.translateLater(Match.equal("greeting")) }
            .then { (key: String) async -> String in
                overridden.append(key)
                return "Howdy"
            }
        let translations = await spy.when { await $0.translateLater(Match.any()) }

        let translator = spy()
        #expect(await translator.translateLater("greeting") == "Howdy")
        #expect(await translator.translateLater("farewell") == "later:farewell")
        #expect(translator.translate("title") == "live:title")
        #expect(overridden == ["greeting"])
        translations.verify(2...2)
        await spy.verify(1...1) { await $0.translateLater(Match.equal("farewell")) }
    }

    @Test func manualStubOfAMainActorProtocol() async throws {
        let store = ManualStub<ProfileStoreFake>()
        let ada = Profile(name: "Ada")
        let loads = await store.when(returning: ada) { try await $0.load(id: Match.any()) }
        loads.thenThrow(ProfileError(code: 2)).then { (id: Int) async throws -> Profile in
            MainActor.assertIsolated()
            return Profile(name: "user \(id)")
        }
        store.when { $0.save(Match.any(using: ada)) }.thenReturn(true)
        await store.when { await $0.rename(id: Match.any(), to: Match.any()) }.then { (_: Int, name: String) in
            name + "!"
        }

        let sut: any ProfileStore = store()
        await #expect(throws: ProfileError(code: 2)) { _ = try await sut.load(id: 1) }
        #expect(try await sut.load(id: 3).name == "user 3")
        #expect(sut.save(ada))
        #expect(await sut.rename(id: 1, to: "Grace") == "Grace!")
        loads.verify(2...2)
        await store.verify { await $0.rename(id: Match.equal(1), to: Match.any()) }
        let saved: [Profile] = store.when { $0.save(Match.any(using: ada)) }.arguments()
        #expect(saved.first === ada)
    }

    @Test func closureDoublesFromTheMainActor() async throws {
        let load = AsyncThrowingClosureDouble<URL, Data>()
        var requested: [URL] = []  // main-actor state
        let loads = load.whenAny()
            .thenThrow(URLError(.timedOut))
            .then { (url: URL) async throws in
                requested.append(url)
                return Data([1])
            }
        let feedURL = URL(string: "https://example.com/feed")!
        let function: (URL) async throws -> Data = load.function
        _ = try? await function(feedURL)
        #expect(try await function(feedURL) == Data([1]))
        loads.verify(2...2)
        #expect(requested == [feedURL])

        let format = AsyncClosureDouble<(Int, String), String>()
        format.whenAny().thenArguments { (count: Int, unit: String) async in "\(count) \(unit)" }
        let expanded: (Int, String) async -> String = format.expandedFunction()
        #expect(await expanded(3, "kg") == "3 kg")

        let name = AsyncClosureDouble<Int, String>()
        name.whenAny().then { (id: Int) async in "n\(id)" }
        let named: (Int) async -> String = name.function
        #expect(await named(1) == "n1")
        await name.verify(1...1) { await $0(Match.equal(1)) }
    }

    @Test func clientStubFromTheMainActor() async throws {
        let api = ClientStub<ProfileClient> { endpoints in
            ProfileClient(load: endpoints.asyncThrowingFunction("load"), track: endpoints.function("track"))
        }
        var loaded: [Int] = []  // main-actor state
        await api.when { try await $0.load(Match.any()) }.then { (id: Int) async throws -> String in
            loaded.append(id)
            return "profile \(id)"
        }
        api.when { $0.track(Match.any()) }.thenDoNothing()

        let client = api()
        #expect(try await client.load(7) == "profile 7")
        client.track("opened")
        #expect(loaded == [7])
        await api.verify(1...1) { try await $0.load(Match.equal(7)) }
        api.verify { $0.track(Match.equal("opened")) }

        let presets = ClientDoublePreset<ProfileClient> { endpoints in
            ProfileClient(load: endpoints.asyncThrowingFunction("load"), track: endpoints.function("track"))
        }
        let failing = await presets.failing {
            await $0.when { try await $0.load(Match.equal(1)) }.thenReturn("one")
        }
        #expect(try await failing().load(1) == "one")
    }

    @Test func asyncScenarioOfAMainActorProtocol() async throws {
        let ada = Profile(name: "Ada")
        let signedIn = AsyncStubScenario<any ProfileStore> { @MainActor double in
            await double.when(returning: ada) { try await $0.load(id: Match.any()) }.thenReturn(ada)
        }
        let store = try Stub<any ProfileStore>()
        await signedIn.apply(to: store)
        #expect(try await store().load(id: 4) === ada)

        let offline = AsyncStubScenario<any FeedLoader> {
            await $0.when { try await $0.loadFeed() }.thenThrow(URLError(.notConnectedToInternet))
        }
        let loader = try Stub<any FeedLoader>()
        await offline.apply(to: loader)
        await #expect(throws: URLError.self) { try await loader().loadFeed() }
    }

    @Test func recordAndReplayFromTheMainActor() async throws {
        let session = RecordingSession(named: "translations")
        let spy = try Spy<any Translator>(forwardingTo: LiveTranslator(), recordingInto: session)
        #expect(await spy().translateLater("a") == "later:a")
        #expect(spy().translate("b") == "live:b")
        let fixture = session.snapshot()
        #expect(fixture.interactions.count == 2)

        let stub = try Stub<any Translator>()
        let replay = stub.replay(fixture)
        #expect(await stub().translateLater("a") == "later:a")
        #expect(stub().translate("b") == "live:b")
        replay.assertFullyReplayed()
        await stub.verify(1...1) { await $0.translateLater(Match.equal("a")) }
    }
}
