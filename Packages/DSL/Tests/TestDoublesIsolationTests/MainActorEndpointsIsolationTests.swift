import TestDoubles
import Testing

/// A client whose async closure fields are isolated to the main actor and
/// take and return a non-`Sendable` class.
struct ProfileUI {
    var present: @MainActor (Profile) async -> Profile
    var confirm: @MainActor (Profile, String) async throws -> Bool
    var validate: @MainActor (Profile) async throws(ProfileError) -> Profile
}

/// `ClientStub` endpoints and closure doubles for `@MainActor` async
/// closures with non-`Sendable` values: the call is answered on the main actor.
@MainActor @Suite struct MainActorEndpointsIsolationTests {
    @Test func clientStubMainActorEndpoints() async throws {
        let ui = ClientStub<ProfileUI> { endpoints in
            ProfileUI(
                present: endpoints.mainActorAsyncFunction("present"),
                confirm: endpoints.mainActorAsyncThrowingFunction("confirm"),
                validate: endpoints.mainActorAsyncThrowingFunction("validate", throwing: ProfileError.self))
        }
        var shown: [String] = []  // main-actor state
        let blank = Profile(name: "")  // what the recording pass passes and answers
        let presents = await ui.when(returning: blank) { await $0.present(Match.any(using: blank)) }.then {
            (profile: Profile) async -> Profile in
            MainActor.assertIsolated()
            shown.append(profile.name)
            profile.name += "!"
            return profile
        }
        let confirms = await ui.when { try await $0.confirm(Match.any(using: blank), Match.equal("delete")) }
            .thenReturn(true)
        await ui.when(returning: blank) { try await $0.validate(Match.any(using: blank)) }
            .thenThrow(ProfileError(code: 9))

        let client = ui()
        let ada = Profile(name: "Ada")
        #expect(await client.present(ada) === ada)
        #expect(ada.name == "Ada!")
        #expect(try await client.confirm(ada, "delete"))
        await #expect(throws: ProfileError(code: 9)) { _ = try await client.validate(ada) }
        #expect(shown == ["Ada"])
        presents.verify(1...1)
        confirms.verify(1...1)
        await ui.verify(1...1) { try await $0.confirm(Match.any(using: blank), Match.any()) }
        let presented: [Profile] = presents.arguments()
        #expect(presented.first === ada)
    }

    @Test func closureDoublesMainActorFunctionsTakeNonSendableValues() async throws {
        let present = AsyncClosureDouble<Profile, Profile>()
        let presents = present.whenAny().then { (profile: Profile) async -> Profile in
            MainActor.assertIsolated()
            profile.name = profile.name.uppercased()
            return profile
        }
        let validate = AsyncThrowingClosureDouble<Profile, Profile>()
        validate.whenAny().thenThrow(ProfileError(code: 1)).then { (profile: Profile) async throws in profile }

        let presentOnMain: @MainActor (Profile) async -> Profile = present.mainActorFunction
        let validateOnMain: @MainActor (Profile) async throws -> Profile = validate.mainActorFunction
        let ada = Profile(name: "Ada")
        #expect(await presentOnMain(ada) === ada)
        #expect(ada.name == "ADA")
        await #expect(throws: ProfileError(code: 1)) { _ = try await validateOnMain(ada) }
        #expect(try await validateOnMain(ada) === ada)
        presents.verify(1...1)
        let validated: [Profile] = validate.invocations
        #expect(validated.count == 2 && validated.allSatisfy { $0 === ada })
    }

    @Test func closureDoublesCalledDirectlyWithNonSendableValues() async throws {
        let present = AsyncClosureDouble<(Profile, String), Profile>()
        present.whenAny().thenArguments { (profile: Profile, name: String) async -> Profile in
            profile.name = name
            return profile
        }
        let ada = Profile(name: "Ada")
        #expect(await present((ada, "Grace")) === ada)
        #expect(await present.invoke(ada, "Lovelace") === ada)
        #expect(ada.name == "Lovelace")
        let calls: [(Profile, String)] = present.invocations
        #expect(calls.map(\.1) == ["Grace", "Lovelace"])
    }
}
