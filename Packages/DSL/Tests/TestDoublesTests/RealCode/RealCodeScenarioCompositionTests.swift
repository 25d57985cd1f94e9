import Foundation
import TestDoubles
import Testing

// Scenarios an app's test target shares between suites: a subscription
// service's signed-out, free and premium states kept as static lets, composed
// per test, parameterized by plan, overridden by a test that needs one answer
// changed, and applied to a Stub, a Spy around the live service and a
// ManualStub.

enum RCPlan: String, Sendable, CaseIterable {
    case free, plus, pro
}

struct RCEntitlements: Sendable, Equatable {
    var plan: RCPlan
    var seats: Int
    var renewsOn: Date?
}

enum RCBillingError: Error, Equatable {
    case storeUnavailable
    case alreadySubscribed
}

protocol RCSubscriptionService {
    func entitlements(for userID: Int) -> RCEntitlements?
    func canUse(_ feature: String) -> Bool
    func priceTag(for plan: RCPlan) -> String
    func purchase(_ plan: RCPlan) async throws -> RCEntitlements
}

final class RCStoreKitSubscriptions: RCSubscriptionService, @unchecked Sendable {
    private(set) var purchases: [RCPlan] = []
    func entitlements(for userID: Int) -> RCEntitlements? { nil }
    func canUse(_ feature: String) -> Bool { feature == "basic_export" }
    func priceTag(for plan: RCPlan) -> String {
        switch plan {
        case .free: "Free"
        case .plus: "€4.99"
        case .pro: "€9.99"
        }
    }
    func purchase(_ plan: RCPlan) async throws -> RCEntitlements {
        purchases.append(plan)
        return RCEntitlements(plan: plan, seats: 1, renewsOn: nil)
    }
}

struct RCManualSubscriptions: RCSubscriptionService, ManualStubConformer, @unchecked Sendable {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    func entitlements(for userID: Int) -> RCEntitlements? { stub.call(userID) }
    func canUse(_ feature: String) -> Bool { stub.call(feature) }
    func priceTag(for plan: RCPlan) -> String { stub.call(plan) }
    func purchase(_ plan: RCPlan) async throws -> RCEntitlements { try await stub.asyncThrowingCall(plan) }
}

enum RCSubscriptionScenarios {
    static let renewal = Date(timeIntervalSince1970: 1_767_225_600)

    static let signedOut = StubScenario<any RCSubscriptionService>(named: "signed out") {
        $0.when { $0.entitlements(for: Match.any()) }.thenReturn(nil)
        $0.when { $0.canUse(Match.any()) }.thenReturn(false)
    }

    static let premium = StubScenario<any RCSubscriptionService>(named: "premium") {
        $0.when { $0.entitlements(for: Match.any()) }
            .thenReturn(RCEntitlements(plan: .pro, seats: 5, renewsOn: renewal))
        $0.when { $0.canUse(Match.any()) }.thenReturn(true)
    }

    static let storeDown = AsyncStubScenario<any RCSubscriptionService>(named: "store down") {
        await $0.when { try await $0.purchase(Match.any()) }.thenThrow(RCBillingError.storeUnavailable)
    }

    static let onPlan = ParameterizedStubScenario<any RCSubscriptionService, RCPlan>(named: "on plan") { double, plan in
        double.when { $0.entitlements(for: Match.any()) }
            .thenReturn(RCEntitlements(plan: plan, seats: plan == .pro ? 5 : 1, renewsOn: nil))
        double.when { $0.canUse(Match.equal("team_sharing")) }.thenReturn(plan == .pro)
        double.when { $0.canUse(Match.any()) }.thenReturn(plan != .free)
    }
}

@Suite struct RealCodeScenarioCompositionTests {
    @Test func aSharedStaticScenarioConfiguresAFreshStub() throws {
        let stub = try Stub<any RCSubscriptionService>()
        RCSubscriptionScenarios.premium.apply(to: stub)
        let service = stub()
        #expect(service.entitlements(for: 1)?.plan == .pro)
        #expect(service.entitlements(for: 1)?.renewsOn == RCSubscriptionScenarios.renewal)
        #expect(service.canUse("team_sharing"))
        #expect(RCSubscriptionScenarios.premium.name == "premium")
        stub.verify(2...2) { $0.entitlements(for: Match.any()) }
    }

    @Test(arguments: RCPlan.allCases)
    func aParameterizedScenarioPerPlan(plan: RCPlan) throws {
        let stub = try Stub<any RCSubscriptionService>()
        RCSubscriptionScenarios.onPlan.apply(plan, to: stub)
        let service = stub()
        #expect(service.entitlements(for: 9)?.plan == plan)
        #expect(service.canUse("team_sharing") == (plan == .pro))
        #expect(service.canUse("offline_mode") == (plan != .free))
        stub.verifyNoUnusedStubs()
    }

    @Test func aBoundParameterScenarioComposesWithAnAsyncOne() async throws {
        let stub = try Stub<any RCSubscriptionService>()
        let plusWithStoreDown = RCSubscriptionScenarios.onPlan.scenario(for: .plus)
            .appending(RCSubscriptionScenarios.storeDown)
        #expect(plusWithStoreDown.name == "on plan")
        await plusWithStoreDown.apply(to: stub)
        let service = stub()
        #expect(service.entitlements(for: 3)?.plan == .plus)
        await #expect(throws: RCBillingError.storeUnavailable) { try await service.purchase(.pro) }
    }

    @Test func aTestOverridesOneAnswerByPuttingItsScenarioFirst() throws {
        let trialExpired = StubScenario<any RCSubscriptionService> {
            $0.when { $0.canUse(Match.equal("offline_mode")) }.thenReturn(false)
        }
        let stub = try Stub<any RCSubscriptionService>()
        trialExpired.appending(RCSubscriptionScenarios.premium).apply(to: stub)
        let service = stub()
        #expect(service.canUse("offline_mode") == false)
        #expect(service.canUse("team_sharing"))
        #expect(service.entitlements(for: 1)?.seats == 5)
    }

    @Test func anOverrideAppliedAfterABroadScenarioIsReportedUnreachable() throws {
        let stub = try Stub<any RCSubscriptionService>()
        RCSubscriptionScenarios.premium.apply(to: stub)
        withKnownIssue {
            stub.when { $0.canUse(Match.equal("offline_mode")) }.thenReturn(false)
        } matching: { issue in
            String(describing: issue).contains("canUse")
        }
        #expect(stub().canUse("offline_mode"))
        // The way out: drop the scenario's registrations and apply in the right order.
        stub.clearConfiguredBehaviors()
        stub.when { $0.canUse(Match.equal("offline_mode")) }.thenReturn(false)
        RCSubscriptionScenarios.premium.apply(to: stub)
        #expect(stub().canUse("offline_mode") == false)
        #expect(stub().canUse("anything_else"))
    }

    @Test func aScenarioOnASpyStubsSomeCallsAndForwardsTheRest() async throws {
        let live = RCStoreKitSubscriptions()
        let spy = try Spy<any RCSubscriptionService>(forwardingTo: live)
        RCSubscriptionScenarios.signedOut.apply(to: spy)
        let service = spy()
        #expect(service.canUse("basic_export") == false)
        #expect(service.priceTag(for: .plus) == "€4.99")
        #expect(try await service.purchase(.plus).plan == .plus)
        #expect(live.purchases == [.plus])
        spy.history.forwarded.verify(2...2)
        spy.history.stubbed.verify(1...1)
    }

    @Test func theSeedsDoubleTypedScenarioReceivesTheSpyItself() throws {
        let live = RCStoreKitSubscriptions()
        let pricesForwardOnce = TestDoubleScenario<Spy<any RCSubscriptionService>>(named: "prices") { spy in
            spy.when { $0.priceTag(for: Match.any()) }.thenForward().thenReturn("sold out")
        }
        let spy = try Spy<any RCSubscriptionService>(forwardingTo: live)
        pricesForwardOnce.apply(to: spy)
        let service = spy()
        #expect(service.priceTag(for: .pro) == "€9.99")
        #expect(service.priceTag(for: .pro) == "sold out")
        #expect(service.priceTag(for: .free) == "sold out")
    }

    @Test func theSameScenarioConfiguresAManualStub() async throws {
        let stub = ManualStub<RCManualSubscriptions>()
        RCSubscriptionScenarios.premium.apply(to: stub)
        await RCSubscriptionScenarios.storeDown.apply(to: stub)
        let manual = stub()
        #expect(manual.entitlements(for: 2)?.plan == .pro)
        #expect(manual.canUse("x"))
        await #expect(throws: RCBillingError.storeUnavailable) { try await manual.purchase(.plus) }
        stub.verify { $0.canUse("x") }
    }

    @Test func aScenarioForAnotherProtocolIsAnIssueAtTheApplyLine() throws {
        let stub = try Stub<any RCSubscriptionService>()
        let wrong = StubScenario<any RCMetricsSink> { $0.when { $0.snapshot() }.thenReturn([:]) }
        let line = #line + 2
        withKnownIssue {
            wrong.apply(to: stub)
        } matching: { issue in
            issue.sourceLocation?.line == line && String(describing: issue).contains("nothing was registered")
        }
    }

    @MainActor @Test func anAsyncScenarioOfAMainActorProtocolFromAMainActorTest() async throws {
        let alerts = AsyncStubScenario<any RCNavigator>(named: "confirming alerts") { @MainActor double in
            await double.when { await $0.presentAlert(title: Match.any()) }.thenReturn(true)
            double.when { $0.stack }.thenReturn([.home])
        }
        let stub = try Stub<any RCNavigator>()
        await alerts.apply(to: stub)
        let navigator = stub()
        #expect(await navigator.presentAlert(title: "Delete?"))
        #expect(navigator.stack == [.home])
    }
}
