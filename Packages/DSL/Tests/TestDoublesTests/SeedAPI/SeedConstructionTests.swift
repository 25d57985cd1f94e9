import TestDoubles
import Testing

/// A class the dummy synthesizer cannot make on its own.
final class SeedSession: Sendable {
    let identifier: String
    init(identifier: String) { self.identifier = identifier }
}

/// A context struct the DummyTestDoubles examples synthesize.
struct SeedCheckoutContext {
    let attempt: Int
    let labels: [String]
}

/// A profile with a throwing getter: the spy examples give its effect hint.
protocol SeedCachedProfile {
    var cachedName: String { get }
    var freshName: String { get throws }
}

struct LiveSeedCachedProfile: SeedCachedProfile {
    var cachedName: String { "cached" }
    var freshName: String { get throws { "fresh" } }
}

/// The repository of the GettingStarted configure example.
protocol SeedUserRepository {
    func find(id: Int) -> String?
}

struct LiveSeedUserRepository: SeedUserRepository {
    func find(id: Int) -> String? { "live-\(id)" }
}

// The construction conveniences of GettingStarted, ForwardingSpies and
// DummyTestDoubles, as a test suite written against the seed's API uses them.
@Suite struct SeedConstructionTests {
    @Test func dummiesOfProtocolsStructsAndClosures() throws {
        func title(
            analytics: any SeedInspectedAnalytics, context: SeedCheckoutContext, completion: (String) -> Void
        )
            -> String
        { "Welcome" }
        let result = title(analytics: Dummy.make(), context: Dummy.make(), completion: Dummy.make())
        #expect(result == "Welcome")

        let analytics = try Dummy<any SeedInspectedAnalytics>()
        #expect(title(analytics: analytics(), context: Dummy.make(), completion: Dummy.make()) == "Welcome")
        let typed = Dummy.make(SeedCheckoutContext.self)
        #expect(typed.labels.count >= 0)
    }

    @Test func classDummiesNeedAValueOfYourOwn() throws {
        #expect(throws: StubError.dummyValueNotSynthesizable(typeDescription: "\(SeedSession.self)")) {
            _ = try Dummy<SeedSession>()
        }
        let session: SeedSession = Dummy.make(using: { SeedSession(identifier: "unused") })
        #expect(session.identifier == "unused")
        let held = Dummy<SeedSession>(using: { SeedSession(identifier: "held") })
        #expect(held().identifier == "held")
        #expect(held() === held())

        Dummy<SeedSession>.register { SeedSession(identifier: "registered") }
        defer { Dummy<SeedSession>.unregister() }
        let registered: SeedSession = Dummy.make()
        #expect(registered.identifier == "registered")
        #expect(try Dummy<SeedSession>()().identifier == "registered")
    }

    @Test func configureKeepsTheStubForVerification() throws {
        let repository = try Stub<any SeedUserRepository>().configure {
            $0.when { $0.find(id: 42) }.thenReturn("Fixture User")
            $0.when { $0.find(id: Match.any()) }.thenReturn(nil)
        }
        #expect(repository().find(id: 42) == "Fixture User")
        #expect(repository().find(id: 7) == nil)
        repository.verify { $0.find(id: 42) }
    }

    @MainActor @Test func withValueKeepsTheValueAliveForItsMetatype() async throws {
        let stub = try Stub<any SeedUserRepository>()
        stub.when { $0.find(id: Match.any()) }.thenReturn("scoped")
        let name = stub.withValue { value in "\(type(of: value))" }
        #expect(!name.isEmpty)
        #if compiler(>=6.1)  // Swift 6.0's async withValue is nonisolated (see Stub+Value.swift)
        let found = await stub.withValue { value async in value.find(id: 1) }
        #expect(found == "scoped")
        #endif
        #expect(throws: SeedLoadError.invalidID) {
            try stub.withValue { (_: any SeedUserRepository) throws(SeedLoadError) in throw .invalidID }
        }
    }

    @Test func spyMakeForwardsAndReportsForwardedCalls() {
        let spy: Spy<any SeedUserRepository> = Spy.make(forwardingTo: LiveSeedUserRepository())
        #expect(spy().find(id: 3) == "live-3")
        spy.verify { $0.find(id: 3) }
        let found = TestDoubleIssueReporting.capture { spy.verifyNoForwardedInteractions() }
        #expect(found.count == 1)

        let stubbed = Spy.make((any SeedUserRepository).self, forwardingTo: LiveSeedUserRepository())
        stubbed.when { $0.find(id: Match.any()) }.thenReturn("canned")
        #expect(stubbed().find(id: 1) == "canned")
        #expect(TestDoubleIssueReporting.capture { stubbed.verifyNoForwardedInteractions() }.isEmpty)
        #expect(stubbed.withValue { $0.find(id: 2) } == "canned")
    }

    @Test func spyMakeTakesGetterEffectHints() throws {
        let spy: Spy<any SeedCachedProfile> = Spy.make(
            forwardingTo: LiveSeedCachedProfile(),
            getterEffects: .nonthrowing,  // cachedName
            .throwing  // freshName
        )
        #expect(spy().cachedName == "cached")
        #expect(try spy().freshName == "fresh")
        let grouped: Spy<any SeedCachedProfile> = Spy.make(
            forwardingTo: LiveSeedCachedProfile(),
            getterEffectsByProtocol: .effects(declaredBy: (any SeedCachedProfile).self, .nonthrowing, .throwing))
        #expect(try grouped().freshName == "fresh")
        grouped.history.forwarded.verify(1...1)
    }

    @Test func performanceDiagnosticsCountCallsPerRequirement() async throws {
        let stub = try Stub<any SeedItemLoader>()
        let parked = await stub.when { try await $0.load(id: Match.any()) }.thenSuspend()
        stub.when { $0.preview(id: Match.any()) }.thenReturn("p")
        let loader = stub()
        _ = loader.preview(id: 1)
        _ = loader.preview(id: 2)
        let call = Task { try await loader.load(id: 3) }
        await parked.waitForCall(within: .seconds(60))

        let diagnostics = stub.performanceDiagnostics
        #expect(
            diagnostics.construction.totalDuration
                == diagnostics.construction.planPreparationDuration + diagnostics.construction.materializationDuration)
        #expect(diagnostics.dispatch.callCount == 3)
        #expect(diagnostics.dispatch.completedCallCount == 2)
        #expect(diagnostics.dispatch.pendingCallCount == 1)
        #expect(diagnostics.dispatch.maximumDuration != nil)
        #expect(diagnostics.dispatch.methods.map(\.method) == ["preview(id:)", "load(id:)"])
        #expect(diagnostics.dispatch.methods.last?.averageDuration == nil)
        #expect(diagnostics.description.contains("preview(id:): 2 call(s), 0 pending"))

        parked.resume(returning: "done")
        _ = try await call.value
        #expect(stub.performanceDiagnostics.dispatch.pendingCallCount == 0)
        let spy = try Spy<any SeedUserRepository>(forwardingTo: LiveSeedUserRepository())
        _ = spy().find(id: 1)
        #expect(spy.performanceDiagnostics.dispatch.methods.map(\.callCount) == [1])
    }

    @Test func selfResultHandlersChooseTheAnswerPerCall() async throws {
        let stub = try Stub<any TimeShifting>()
        let shifts = stub.when(returningSelf: { $0.addingTimeInterval(Match.any()) }).then { (interval: Double) in
            guard interval >= 0 else { throw SeedLoadError.invalidID }
        }
        stub.when { $0.offset() }.thenReturn(1.5)
        #expect(stub().addingTimeInterval(10).offset() == 1.5)
        #expect(shifts.results().count == 1)

        let node = try Stub<any SharedNode>()
        await node.when(returningOptionalSelf: { await $0.parent() }).then { () async in
            await Task.yield()
            return .returnNil
        }
        #expect(await node().parent() == nil)

        let duplicating = try Stub<any Duplicating>()
        duplicating.when(returningOptionalSelf: { $0.parent() }).then { () in .returnValue }
        duplicating.when { $0.marker() }.thenReturn(9)
        #expect(duplicating().parent()?.marker() == 9)
    }

    @Test func asyncWithValueOutsideAnActor() async throws {
        let stub = try Stub<any SeedUserRepository>()
        stub.when { $0.find(id: Match.any()) }.thenReturn("scoped")
        let found = await stub.withValue { value async in value.find(id: 1) }
        #expect(found == "scoped")
    }
}
