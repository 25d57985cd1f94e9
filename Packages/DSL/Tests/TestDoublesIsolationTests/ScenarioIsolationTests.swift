import Foundation
import TestDoubles
import Testing

/// Scenarios written as the seed's API takes them, plain closures: they
/// capture the test's own non-`Sendable` values and, in a `@MainActor` test,
/// call a `@MainActor` protocol's requirements synchronously.
@MainActor @Suite struct ScenarioIsolationTests {
    @Test func aSynchronousScenarioOfAMainActorProtocolCapturesANonSendableFixture() throws {
        let ada = Profile(name: "Ada")  // a class that is not Sendable
        let signedIn = StubScenario<any ProfileStore> {
            $0.when { $0.cached(id: Match.any()) }.thenReturn(ada)
            $0.when { $0.save(Match.identical(to: ada)) }.thenReturn(true)
        }
        let store = try Stub<any ProfileStore>()
        signedIn.apply(to: store)
        #expect(store().cached(id: 1) === ada)
        #expect(store().save(ada))
        // Another profile is not identical to the captured one: unmatched, an issue.
        let unmatched = TestDoubleIssueReporting.capture { #expect(!store().save(Profile(name: "Grace"))) }
        #expect(unmatched.count == 1)
    }

    @Test func seedTypedAndParameterizedScenariosTakeNonSendableValues() throws {
        let ada = Profile(name: "Ada")
        let grace = Profile(name: "Grace")
        let cachedAda = TestDoubleScenario<Stub<any ProfileStore>> { stub in
            stub.when { $0.cached(id: Match.equal(1)) }.thenReturn(ada)
        }
        let cachedAny = ParameterizedTestDoubleScenario<Stub<any ProfileStore>, Profile> { stub, profile in
            stub.when { $0.cached(id: Match.any()) }.thenReturn(profile)
        }
        let store = try Stub<any ProfileStore>()
        cachedAda.appending(cachedAny.scenario(for: grace)).apply(to: store)
        #expect(store().cached(id: 1) === ada)
        #expect(store().cached(id: 2) === grace)

        let saving = ParameterizedStubScenario<any ProfileStore, Profile> { double, profile in
            double.when { $0.save(Match.identical(to: profile)) }.thenReturn(true)
        }
        let other = try Stub<any ProfileStore>()
        saving.scenario(for: ada).apply(to: other)
        #expect(other().save(ada))
    }

    @Test func aScenarioWrittenOnTheMainActorAndAppliedOffItIsAnIssueNotAStop() async throws {
        let ada = Profile(name: "Ada")
        let signedIn = StubScenario<any ProfileStore>(named: "signed in") {
            $0.when { $0.cached(id: Match.any()) }.thenReturn(ada)
        }
        let store = try Stub<any ProfileStore>()
        let line = #line + 2
        let issues = await Task.detached {
            TestDoubleIssueReporting.capture { signedIn.apply(to: store) }
        }.value
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("\"signed in\" was written on the main actor") == true)
        #expect(issues.first?.location?.line == line)
        // Nothing was registered: the call is unmatched.
        let unmatched = TestDoubleIssueReporting.capture { #expect(store().cached(id: 1) == nil) }
        #expect(unmatched.count == 1)
        // From the main actor, the same scenario applies.
        signedIn.apply(to: store)
        #expect(store().cached(id: 1) === ada)
    }

    @Test func anAsyncScenarioWrittenOnTheMainActorRunsThereWhereverItIsApplied() async throws {
        let ada = Profile(name: "Ada")
        var applications = 0  // main-actor state
        let signedIn = AsyncStubScenario<any ProfileStore> { double in
            applications += 1
            await double.when(returning: ada) { try await $0.load(id: Match.any()) }.thenReturn(ada)
        }
        let store = try Stub<any ProfileStore>()
        await Task.detached { await signedIn.apply(to: store) }.value
        #expect(applications == 1)
        #expect(try await store().load(id: 4) === ada)

        let seedTyped = AsyncTestDoubleScenario<Stub<any ProfileStore>> { stub in
            applications += 1
            await stub.when(returning: ada) { try await $0.load(id: Match.equal(5)) }.thenReturn(ada)
        }
        let other = try Stub<any ProfileStore>()
        await seedTyped.apply(to: other)
        #expect(applications == 2)
        #expect(try await other().load(id: 5) === ada)
    }
}

/// A scenario in a `static let`, written where no actor isolates it.
enum SharedScenarios {
    static let navigation = StubScenario<any Navigator> {
        $0.when { $0.title() }.thenReturn("Profiles")
    }
}

@Suite struct NonisolatedScenarioTests {
    @Test func aStaticScenarioAppliesFromAnyThread() async throws {
        let navigator = try Stub<any Navigator>()
        let issues = await Task.detached {
            TestDoubleIssueReporting.capture { SharedScenarios.navigation.apply(to: navigator) }
        }.value
        #expect(issues.isEmpty)
        #expect(navigator().title() == "Profiles")
    }
}
