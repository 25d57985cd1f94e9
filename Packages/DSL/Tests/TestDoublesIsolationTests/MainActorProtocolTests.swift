import TestDoubles
import Testing

/// A `@MainActor` protocol, and a protocol with `@MainActor` members, whose
/// requirements take and return values that are not `Sendable`, configured,
/// called and verified from `@MainActor` tests.
@MainActor @Suite struct MainActorProtocolTests {
    @Test func asyncThrowingRequirementReturningAClass() async throws {
        let store = try Stub<any ProfileStore>()
        let ada = Profile(name: "Ada")
        let loads = await store.when(returning: ada) { try await $0.load(id: Match.any()) }
        loads.thenThrow(ProfileError(code: 1)).thenReturn(ada)

        let sut = store()
        await #expect(throws: ProfileError(code: 1)) { _ = try await sut.load(id: 7) }
        let loaded = try await sut.load(id: 8)
        #expect(loaded === ada)
        loaded.name = "Ada Lovelace"  // the very instance, still usable here
        #expect(ada.name == "Ada Lovelace")

        loads.verify(2...2)
        let ids: [Int] = loads.arguments()
        #expect(ids == [7, 8])
    }

    @Test func asyncHandlerRunsOnTheMainActor() async throws {
        let store = try Stub<any ProfileStore>()
        var renamed: [Int] = []  // main-actor state the handler mutates
        await store.when { await $0.rename(id: Match.any(), to: Match.any()) }
            .then { (id: Int, name: String) async -> String in
                MainActor.assertIsolated("the handler formed in a main-actor test runs on the main actor")
                renamed.append(id)
                return name.uppercased()
            }

        #expect(await store().rename(id: 1, to: "ada") == "ADA")
        // A call from a task off the main actor reaches the same handler,
        // which still runs on the main actor.
        let name = await Task.detached { await store().rename(id: 2, to: "grace") }.value
        #expect(name == "GRACE")
        #expect(renamed == [1, 2])
        await store.verify(2...2) { await $0.rename(id: Match.any(), to: Match.any()) }
    }

    @Test func syncRequirementsWithNonSendableValues() throws {
        let store = try Stub<any ProfileStore>()
        let grace = Profile(name: "Grace")
        let caches = store.when(returning: grace) { $0.cached(id: Match.any()) }
        caches.then { (id: Int) -> Profile? in id == 1 ? grace : nil }
        let saves = store.when { $0.save(Match.any(using: grace)) }
        saves.then { (profile: Profile) in
            MainActor.assertIsolated()
            return profile.name.isEmpty == false
        }

        let sut = store()
        #expect(sut.cached(id: 1) === grace)
        #expect(sut.cached(id: 2) == nil)
        #expect(sut.save(grace))
        #expect(sut.save(Profile(name: "")) == false)

        let saved: [Profile] = saves.arguments()
        #expect(saved.first === grace)
        store.verify(2...2) { $0.save(Match.any(using: grace)) }
        store.verify { $0.cached(id: Match.equal(2)) }
    }

    @Test func mainActorMembersOfAPlainProtocol() async throws {
        let navigator = try Stub<any Navigator>()
        let home = Profile(name: "home")
        let shows = navigator.when { $0.show(Match.any(using: home)) }
        shows.then { (profile: Profile) in profile.name.count }
        let presents = await navigator.when(returning: home) { await $0.present(Match.any(using: home)) }
        presents.then { (profile: Profile) async -> Profile in
            MainActor.assertIsolated()
            profile.name += "!"
            return profile
        }
        navigator.when { $0.title() }.thenReturn("Navigator")

        let sut = navigator()
        #expect(sut.show(home) == 4)
        let presented = await sut.present(home)
        #expect(presented === home)
        #expect(home.name == "home!")
        #expect(sut.title() == "Navigator")
        presents.verify()
        navigator.verify { $0.show(Match.any(using: home)) }
    }

    @Test func asyncMakeConfiguresAMainActorProtocol() async throws {
        let ada = Profile(name: "Ada")
        let sut: any ProfileStore = await Stub.make {
            await $0.when(returning: ada) { try await $0.load(id: Match.equal(1)) }.thenReturn(ada)
            $0.when { $0.save(Match.any(using: ada)) }.thenReturn(true)
        }
        #expect(try await sut.load(id: 1) === ada)
        #expect(sut.save(ada))
    }
}
