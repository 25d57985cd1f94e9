import Foundation
import Synchronization
import TestDoubles
import TestDoublesTesting
import Testing

// Swift Testing suites as teams write them against the seed's API: doubles
// made in the suite's `init` (a fresh suite value per test and per argument
// of a parameterized test), a `@MainActor` suite whose `init` is async, the
// `.testDoubles` / `.strictTestDoubles` traits over runtime `Stub`s, `Spy`s
// and `ManualStub`s, and failed verifications caught by `withKnownIssue` at
// their own line.

struct S4Order: Sendable, Equatable {
    var id: Int
    var cents: Int
}

enum S4ChargeError: Error, Equatable {
    case declined(code: Int)
}

protocol S4PaymentGateway: Sendable {
    func charge(cents: Int, token: String) async throws -> String
    func refund(receipt: String) throws
}

protocol S4OrderAnalytics: Sendable {
    func track(event: String, value: Int)
}

struct S4LiveGateway: S4PaymentGateway {
    func charge(cents: Int, token: String) async throws -> String { "live-\(cents)" }
    func refund(receipt: String) throws {}
}

struct S4LiveAnalytics: S4OrderAnalytics {
    func track(event: String, value: Int) {}
}

/// The code under test.
@MainActor final class S4CheckoutModel {
    private let gateway: any S4PaymentGateway
    private let analytics: any S4OrderAnalytics
    private(set) var receipts: [String] = []
    private(set) var lastError: S4ChargeError?

    init(gateway: any S4PaymentGateway, analytics: any S4OrderAnalytics) {
        self.gateway = gateway
        self.analytics = analytics
    }

    func pay(_ order: S4Order, token: String) async {
        analytics.track(event: "pay_tapped", value: order.id)
        do {
            let receipt = try await gateway.charge(cents: order.cents, token: token)
            receipts.append(receipt)
            analytics.track(event: "paid", value: order.cents)
        } catch let error as S4ChargeError {
            lastError = error
            analytics.track(event: "declined", value: order.cents)
        } catch {
            analytics.track(event: "failed", value: order.cents)
        }
    }
}

@Suite struct RealCodeS4SuiteInitTests {
    let gateway: Stub<any S4PaymentGateway>
    let analytics: Stub<any S4OrderAnalytics>
    let tracked: CallPattern<Void>

    init() throws {
        gateway = try Stub<any S4PaymentGateway>()
        analytics = try Stub<any S4OrderAnalytics>()
        tracked = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        tracked.thenDoNothing()
    }

    @MainActor @Test func aChargeRecordsTheReceiptAndTracksTwoEvents() async throws {
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.equal("tok")) }
            .then { (cents: Int, _: String) in "r-\(cents)" }
        let model = S4CheckoutModel(gateway: gateway(), analytics: analytics())

        await model.pay(S4Order(id: 9, cents: 1250), token: "tok")

        #expect(model.receipts == ["r-1250"])
        let events: [(String, Int)] = tracked.arguments()
        #expect(events.map(\.0) == ["pay_tapped", "paid"])
        #expect(events.map(\.1) == [9, 1250])
        analytics.verifyInOrder {
            $0.track(event: Match.equal("pay_tapped"), value: Match.any())
            $0.track(event: Match.equal("paid"), value: Match.any())
        }
    }

    /// Each argument gets a suite value of its own, so no test sees another's calls.
    @MainActor @Test(arguments: [(1, 0), (2, 1), (3, 2)])
    func declinesThenRecovery(attempts: Int, declines: Int) async throws {
        let charges = await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }
            .thenThrow(S4ChargeError.declined(code: 51), times: declines)
            .thenReturn("ok")
        let model = S4CheckoutModel(gateway: gateway(), analytics: analytics())

        for index in 0..<attempts { await model.pay(S4Order(id: index, cents: 100), token: "t") }

        charges.verify(attempts...attempts)
        #expect(model.receipts == ["ok"])
        #expect(model.lastError == (declines > 0 ? .declined(code: 51) : nil))
        let declinedEvents = analytics.when { $0.track(event: Match.equal("declined"), value: Match.any()) }
        declinedEvents.verify(declines...declines)
        #expect(analytics.history.callCount == attempts * 2)
    }

    @Test func aFailedVerifyIsAnIssueAtItsOwnLine() throws {
        gateway.when { try $0.refund(receipt: Match.any()) }.thenDoNothing()
        try gateway().refund(receipt: "r-1")
        let verifyLine = #line + 2
        withKnownIssue {
            gateway.verify(2...2) { try $0.refund(receipt: Match.any()) }
        } matching: { issue in
            issue.sourceLocation?.line == verifyLine && issue.sourceLocation?.fileID == #fileID
                && String(describing: issue).contains("refund")
        }
        gateway.verify { try $0.refund(receipt: Match.equal("r-1")) }
    }

    @Test func resetGivesTheNextCaseAFreshDouble() async throws {
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("first")
        #expect(try await gateway().charge(cents: 1, token: "a") == "first")
        gateway.reset()

        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("second")
        #expect(try await gateway().charge(cents: 2, token: "b") == "second")
        let charges: [(Int, String)] =
            await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.arguments()
        #expect(charges.map(\.0) == [2])
    }
}

/// A `@MainActor` suite whose `init` is async and registers async behaviors there.
@MainActor @Suite struct RealCodeS4MainActorSuiteTests {
    let gateway: Stub<any S4PaymentGateway>
    let analytics: Stub<any S4OrderAnalytics>
    let model: S4CheckoutModel

    init() async throws {
        gateway = try Stub<any S4PaymentGateway>()
        analytics = try Stub<any S4OrderAnalytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        await gateway.when { try await $0.charge(cents: Match.greaterThan(10_000), token: Match.any()) }
            .thenThrow(S4ChargeError.declined(code: 61))
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("r")
        model = S4CheckoutModel(gateway: gateway(), analytics: analytics())
    }

    @Test func aLargeOrderIsDeclined() async {
        await model.pay(S4Order(id: 1, cents: 20_000), token: "t")
        #expect(model.lastError == .declined(code: 61))
        #expect(model.receipts.isEmpty)
        analytics.verify { $0.track(event: Match.equal("declined"), value: Match.equal(20_000)) }
    }

    @Test(arguments: [5, 500, 10_000])
    func smallOrdersArePaid(cents: Int) async {
        await model.pay(S4Order(id: 2, cents: cents), token: "t")
        #expect(model.receipts == ["r"])
        await gateway.verify { try await $0.charge(cents: Match.equal(cents), token: Match.equal("t")) }
    }
}

// MARK: - The traits over runtime doubles

// The traits are `TestScoping` traits, which Swift 6.1 introduced.
#if compiler(>=6.1)

/// Every double used as the trait asks: no issue when the test ends.
@Suite(.testDoubles) struct RealCodeS4TraitSuiteTests {
    let gateway: Stub<any S4PaymentGateway>

    init() throws {
        gateway = try Stub<any S4PaymentGateway>()
    }

    @Test func everyRegistrationServesACall() async throws {
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("ok")
        #expect(try await gateway().charge(cents: 3, token: "x") == "ok")
    }

    @Test(.strictTestDoubles) func strictWithEverythingVerified() async throws {
        let analytics = try Spy<any S4OrderAnalytics>(forwardingTo: S4LiveAnalytics())
        let charges = await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }
        charges.thenReturn("ok")
        let model = await S4CheckoutModel(gateway: gateway(), analytics: analytics())
        await model.pay(S4Order(id: 4, cents: 40), token: "x")
        charges.verify()
        analytics.verify(2...2) { $0.track(event: Match.any(), value: Match.any()) }
    }
}

@Suite struct RealCodeS4TraitFindingsTests {
    /// Runs `body` inside the trait's scope as Swift Testing would for a test,
    /// and returns the issues the scope reports when it ends.
    private func issues(
        of trait: TestDoubleScope, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> [Issue] {
        let test = try #require(Test.current)
        let found = Mutex<[Issue]>([])
        try await withKnownIssue(isIntermittent: true) {
            try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
        } matching: { issue in
            found.withLock { $0.append(issue) }
            return true
        }
        return found.withLock { $0 }
    }

    @Test func anUnusedRegistrationOfAStubIsReportedWhenTheTestEnds() async throws {
        let found = try await issues(of: .testDoubles) {
            let gateway = try Stub<any S4PaymentGateway>()
            await gateway.when { try await $0.charge(cents: Match.equal(1), token: Match.any()) }.thenReturn("one")
            await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("any")
            _ = try await gateway().charge(cents: 2, token: "t")
        }
        #expect(found.count == 1)
        let text = found.first.map { String(describing: $0) } ?? ""
        #expect(text.contains("1 registration(s) served no call"))
        #expect(text.contains("charge(cents: equal(1), token: any())"))
    }

    @Test func strictReportsAnUnverifiedCallOfAStub() async throws {
        let found = try await issues(of: .strictTestDoubles) {
            let analytics = try Stub<any S4OrderAnalytics>()
            analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
            analytics().track(event: "seen", value: 1)
            analytics().track(event: "unseen", value: 2)
            analytics.verify { $0.track(event: Match.equal("seen"), value: Match.any()) }
        }
        #expect(found.count == 1)
        let text = found.first.map { String(describing: $0) } ?? ""
        #expect(text.contains("1 call(s) no successful verification covered"))
        #expect(text.contains("unseen"))
    }

    @Test func strictFindsNothingWhenAStubAndASpyAreFullyVerified() async throws {
        let found = try await issues(of: .strictTestDoubles) {
            let analytics = try Spy<any S4OrderAnalytics>(forwardingTo: S4LiveAnalytics())
            let gateway = try Stub<any S4PaymentGateway>()
            gateway.when { try $0.refund(receipt: Match.any()) }.thenDoNothing()
            analytics().track(event: "refund", value: 3)
            try gateway().refund(receipt: "r")
            analytics.verify { $0.track(event: Match.any(), value: Match.any()) }
            gateway.verify { try $0.refund(receipt: Match.equal("r")) }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func strictReportsAParkedCallThatWasNeverResumed() async throws {
        let left = Mutex<StubSuspension<String>?>(nil)
        let found = try await issues(of: .strictTestDoubles) {
            let gateway = try Stub<any S4PaymentGateway>()
            let parked = await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }
                .thenSuspend()
            let sut = gateway()
            Task { _ = try? await sut.charge(cents: 1, token: "t") }
            await parked.waitForCall(within: .seconds(10))
            parked.interactions.verify()
            left.withLock { $0 = parked }
        }
        left.withLock { $0?.resume(returning: "late") }
        let texts = found.map { String(describing: $0) }
        #expect(texts.contains { $0.contains("1 async call(s) had not returned") }, "\(texts)")
        #expect(texts.contains { $0.contains("thenSuspend") || $0.contains("resumed") }, "\(texts)")
    }
}
#endif
