import TestDoubles
import Testing

// The async entry points beside `when` / `verify`: `when(returningSelf:)`,
// `CallbackCapture.waitForCallback`, `AsyncParameterizedStubScenario.apply`
// and a closure double called directly, from a `@MainActor` test and from
// an actor's methods, with the caller's non-`Sendable` state.

@MainActor @Suite struct OtherEntryPointsMainActorTests {
    @Test func asyncSelfResultOfAMainActorProtocol() async throws {
        let draft = try Stub<any ProfileDraft>()
        let blank = Profile(name: "")  // main-actor state the recording closure captures
        let revisions = await draft.when(returningSelf: { try await $0.revised(by: Match.any(using: blank)) })
            .thenReturnValue()
        draft.when { $0.title() }.thenReturn("Draft 2")
        let ada = Profile(name: "Ada")
        let revised = try await draft().revised(by: ada)
        #expect(revised.title() == "Draft 2")
        revisions.verify(1...1)
        let editors: [Profile] = revisions.arguments()
        #expect(editors.first === ada)
    }

    @Test func waitForCallbackResumesOnTheMainActor() async throws {
        let notifier = try Stub<any ChangeNotifier>()
        let changes = CallbackCapture<@Sendable (String) -> Void>()
        notifier.when { $0.observe(Match.any(), onChange: changes.capture()) }.thenDoNothing()
        let service = notifier()
        let observer = Task.detached { service.observe(3) { _ in } }
        await changes.waitForCallback(within: .seconds(60))
        MainActor.assertIsolated()
        #expect(changes.count == 1)
        await observer.value
        notifier.verify(1...1) { $0.observe(Match.equal(3), onChange: changes.capture()) }
    }

    @Test func parameterizedScenarioOfAMainActorProtocol() async throws {
        let named = AsyncParameterizedStubScenario<any ProfileStore, String> { @MainActor double, name in
            let blank = Profile(name: "")
            await double.when(returning: blank) { try await $0.load(id: Match.any()) }
                .then { (id: Int) async throws -> Profile in Profile(name: "\(name) \(id)") }
        }
        let store = try Stub<any ProfileStore>()
        await named.apply("Ada", to: store)
        #expect(try await store().load(id: 2).name == "Ada 2")
    }
}

/// An actor whose methods use the same entry points with its own state.
actor EntryPointsHarness {
    private var seen: [String] = []  // actor state the closures touch
    private let ada = Profile(name: "Ada")  // a non-Sendable value the actor owns

    func asyncSelfResult() async throws -> Bool {
        let page = try Stub<any FeedPage>()
        let cursors = await page.when(returningSelf: { try await $0.next(after: Match.any()) }).thenReturnValue()
        page.when { $0.items() }.thenReturn(["b"])
        let next = try await page().next(after: 1)
        seen.append(contentsOf: next.items())
        cursors.verify(1...1)
        let recorded: [Int] = cursors.arguments()
        return recorded == [1] && seen == ["b"]
    }

    func waitForCallback() async throws -> Bool {
        let notifier = try Stub<any ChangeNotifier>()
        let changes = CallbackCapture<@Sendable (String) -> Void>()
        notifier.when { $0.observe(Match.any(), onChange: changes.capture()) }.thenDoNothing()
        let service = notifier()
        let observer = Task.detached { service.observe(4) { _ in } }
        await changes.waitForCallback(within: .seconds(60))
        self.assertIsolated("the wait resumes on the actor")
        await observer.value
        return changes.count == 1
    }

    func parameterizedScenario() async throws -> Bool {
        let failing = AsyncParameterizedStubScenario<any FeedLoader, Int> { double, code in
            await double.when { try await $0.loadFeed() }.thenThrow(ProfileError(code: code))
        }
        let loader = try Stub<any FeedLoader>()
        await failing.apply(7, to: loader)
        do {
            _ = try await loader().loadFeed()
            return false
        } catch let error as ProfileError {
            return error.code == 7
        }
    }

    func closureDoubleCalledWithActorState() async -> Bool {
        let rename = AsyncClosureDouble<Profile, String>()
        rename.whenAny().then { (profile: Profile) async -> String in
            profile.name = "Grace"
            return profile.name
        }
        let answer = await rename(ada)  // the actor's own non-Sendable value
        let again = await rename.invoke(ada)
        return answer == "Grace" && again == "Grace" && ada.name == "Grace"
            && rename.invocations.allSatisfy { $0 === ada }
    }
}

@Suite struct OtherEntryPointsActorTests {
    @Test func asyncSelfResultFromAnActor() async throws {
        #expect(try await EntryPointsHarness().asyncSelfResult())
    }

    @Test func waitForCallbackFromAnActor() async throws {
        #expect(try await EntryPointsHarness().waitForCallback())
    }

    @Test func parameterizedScenarioFromAnActor() async throws {
        #expect(try await EntryPointsHarness().parameterizedScenario())
    }

    @Test func closureDoubleCalledFromAnActor() async {
        #expect(await EntryPointsHarness().closureDoubleCalledWithActorState())
    }
}
