import TestDoubles
import Testing

// ManualStub's async `call` / `throwingCall`, its route-based `asyncCall` /
// `asyncThrowingCall(route:)` and its dynamic members, used by conformers
// isolated to the main actor and to a global actor, with non-`Sendable`
// arguments and results: each answers on the conformer's actor.

/// Forwards with the async overloads of `call` and `throwingCall`.
@MainActor final class EditorCallsFake: ProfileEditor, ManualStubConformer {
    let stub: ManualStub<EditorCallsFake>
    nonisolated init(stub: ManualStub<EditorCallsFake>) { self.stub = stub }

    func edit(_ profile: Profile, name: String) async -> Profile { await stub.call(profile, name) }
    func publish(_ profile: Profile) async throws -> Profile { try await stub.throwingCall(profile) }
}

/// Forwards with explicit routes.
@MainActor final class EditorRoutesFake: ProfileEditor, ManualStubConformer {
    let stub: ManualStub<EditorRoutesFake>
    nonisolated init(stub: ManualStub<EditorRoutesFake>) { self.stub = stub }

    func edit(_ profile: Profile, name: String) async -> Profile {
        await stub.asyncCall(profile, name, route: ManualRouteID(argumentTypes: Profile.self, String.self))
    }

    func publish(_ profile: Profile) async throws -> Profile {
        try await stub.asyncThrowingCall(profile, route: ManualRouteID(argumentTypes: Profile.self))
    }
}

/// Forwards with explicit routes, on a global actor; `publish` throws only `ProfileError`.
@BackgroundActor final class ArchiveRoutesFake: ProfileArchive, ManualStubConformer {
    let stub: ManualStub<ArchiveRoutesFake>
    nonisolated init(stub: ManualStub<ArchiveRoutesFake>) { self.stub = stub }

    func edit(_ profile: Profile, name: String) async -> Profile {
        await stub.asyncCall(profile, name, route: ManualRouteID(argumentTypes: Profile.self, String.self))
    }

    func publish(_ profile: Profile) async throws -> Profile {
        try await stub.asyncThrowingCall(
            profile, route: ManualRouteID(argumentTypes: Profile.self), throwing: ProfileError.self)
    }
}

#if compiler(>=6.2)
// Before Swift 6.2 a dynamic call cannot take its caller's isolation
// (`@dynamicCallable` allows no extra parameter), so these conformers
// exist only where the calls compile with non-`Sendable` values.

/// Forwards with dynamic members, on the main actor.
@MainActor final class EditorDynamicFake: ProfileEditor, ManualStubConformer {
    let stub: ManualStub<EditorDynamicFake>
    nonisolated init(stub: ManualStub<EditorDynamicFake>) { self.stub = stub }

    func edit(_ profile: Profile, name: String) async -> Profile { await stub.requirements.edit(profile, name: name) }
    func publish(_ profile: Profile) async throws -> Profile { try await stub.throwingRequirements.publish(profile) }
}

/// Forwards with dynamic members, on a global actor.
@BackgroundActor final class ArchiveDynamicFake: ProfileArchive, ManualStubConformer {
    let stub: ManualStub<ArchiveDynamicFake>
    nonisolated init(stub: ManualStub<ArchiveDynamicFake>) { self.stub = stub }

    func edit(_ profile: Profile, name: String) async -> Profile { await stub.requirements.edit(profile, name: name) }
    func publish(_ profile: Profile) async throws -> Profile { try await stub.throwing.publish(profile) }
}
#endif

/// Configures `edit` to rename the profile it receives and `publish` to
/// fail once, then hand back its argument; checks what was answered and recorded.
@MainActor func exerciseEditor<Fake: ProfileEditor & ManualStubConformer>(_ stub: ManualStub<Fake>) async throws {
    var edited: [String] = []  // main-actor state the handlers touch
    let blank = Profile(name: "")  // what the recording pass passes and answers
    let edits = await stub.when(returning: blank) { await $0.edit(Match.any(using: blank), name: Match.any()) }
        .then { (profile: Profile, name: String) async -> Profile in
            MainActor.assertIsolated()
            edited.append(profile.name)
            profile.name = name
            return profile
        }
    let publishes = await stub.when(returning: blank) { try await $0.publish(Match.any(using: blank)) }
        .thenThrow(ProfileError(code: 5))
        .then { (profile: Profile) async throws -> Profile in profile }

    let editor: any ProfileEditor = stub()
    let ada = Profile(name: "Ada")
    let renamed = await editor.edit(ada, name: "Grace")
    #expect(renamed === ada)
    #expect(ada.name == "Grace")
    await #expect(throws: ProfileError(code: 5)) { _ = try await editor.publish(ada) }
    #expect(try await editor.publish(ada) === ada)
    #expect(edited == ["Ada"])
    edits.verify(1...1)
    publishes.verify(2...2)
    let published: [Profile] = publishes.arguments()
    #expect(published.count == 2 && published.allSatisfy { $0 === ada })
}

/// The same on the global actor, with `ProfileError` as the only error `publish` throws.
@BackgroundActor func exerciseArchive<Fake: ProfileArchive & ManualStubConformer>(
    _ stub: ManualStub<Fake>
) async throws {
    var edited: [String] = []  // global-actor state the handlers touch
    let blank = Profile(name: "")
    let edits = await stub.when(returning: blank) { await $0.edit(Match.any(using: blank), name: Match.any()) }
        .then { (profile: Profile, name: String) async -> Profile in
            BackgroundActor.shared.assertIsolated()
            edited.append(profile.name)
            profile.name = name
            return profile
        }
    let publishes = await stub.when(returning: blank) { try await $0.publish(Match.any(using: blank)) }
        .thenThrow(ProfileError(code: 6))

    let archive: any ProfileArchive = stub()
    let ada = Profile(name: "Ada")
    #expect(await archive.edit(ada, name: "Grace") === ada)
    #expect(ada.name == "Grace")
    await #expect(throws: ProfileError(code: 6)) { _ = try await archive.publish(ada) }
    #expect(edited == ["Ada"])
    edits.verify(1...1)
    publishes.verify(1...1)
}

@MainActor @Suite struct ManualRoutesMainActorTests {
    @Test func asyncCallAndThrowingCall() async throws {
        try await exerciseEditor(ManualStub<EditorCallsFake>())
    }

    @Test func routeBasedAsyncCalls() async throws {
        try await exerciseEditor(ManualStub<EditorRoutesFake>())
    }

    #if compiler(>=6.2)
    @Test func dynamicMemberAsyncCalls() async throws {
        try await exerciseEditor(ManualStub<EditorDynamicFake>())
    }
    #endif
}

@BackgroundActor @Suite struct ManualRoutesGlobalActorTests {
    @Test func routeBasedAsyncCallsWithATypedError() async throws {
        try await exerciseArchive(ManualStub<ArchiveRoutesFake>())
    }

    #if compiler(>=6.2)
    @Test func dynamicMemberAsyncCalls() async throws {
        try await exerciseArchive(ManualStub<ArchiveDynamicFake>())
    }
    #endif
}
