import Foundation
import Synchronization
import TestDoubles
import Testing

// An analytics SDK's facade: heterogeneous `[String: any Sendable]`
// properties, an enum of screens, a user-properties setter, and a flush
// that reports how many events left the device.

enum RCScreen: String, Sendable, Equatable {
    case home
    case checkout
    case settings
}

protocol RCAnalyticsTracker: Sendable {
    func track(_ event: String, properties: [String: any Sendable])
    func screen(_ screen: RCScreen, duration: TimeInterval)
    func identify(userID: String?, traits: [String: String])
    func flush() async -> Int
    var sessionID: UUID { get }
}

final class RCLiveTracker: RCAnalyticsTracker {
    private let sent = Mutex<Int>(0)
    let sessionID = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
    func track(_ event: String, properties: [String: any Sendable]) { sent.withLock { $0 += 1 } }
    func screen(_ screen: RCScreen, duration: TimeInterval) { sent.withLock { $0 += 1 } }
    func identify(userID: String?, traits: [String: String]) {}
    func flush() async -> Int {
        sent.withLock { count in
            defer { count = 0 }; return count
        }
    }
}

/// What a checkout flow sends: the code under test.
struct RCCheckoutFlow {
    let analytics: any RCAnalyticsTracker
    func purchase(sku: String, cents: Int, coupon: String?) {
        var properties: [String: any Sendable] = ["sku": sku, "cents": cents, "currency": "EUR"]
        if let coupon { properties["coupon"] = coupon }
        analytics.track("purchase", properties: properties)
        analytics.screen(.checkout, duration: 12.75)
    }
}

@Suite struct RealCodeAnalyticsTrackerTests {
    @MainActor @Test func heterogeneousPropertiesArriveIntact() throws {
        let tracker = try Stub<any RCAnalyticsTracker>()
        let events = tracker.when { $0.track(Match.any(), properties: Match.any()) }
        events.thenDoNothing()
        tracker.when { $0.screen(Match.any(), duration: Match.any()) }.thenDoNothing()

        RCCheckoutFlow(analytics: tracker()).purchase(sku: "SOCK-1", cents: 1299, coupon: "WINTER")
        RCCheckoutFlow(analytics: tracker()).purchase(sku: "HAT-2", cents: 500, coupon: nil)

        events.verify(2...2)
        let calls: [(String, [String: any Sendable])] = events.arguments()
        #expect(calls.map(\.0) == ["purchase", "purchase"])
        let first = try #require(calls.first?.1)
        #expect(first["sku"] as? String == "SOCK-1")
        #expect(first["cents"] as? Int == 1299)
        #expect(first["currency"] as? String == "EUR")
        #expect(first["coupon"] as? String == "WINTER")
        #expect(calls.last?.1["coupon"] == nil)
        #expect(calls.last?.1.count == 3)

        let durations: [(RCScreen, TimeInterval)] = tracker.when {
            $0.screen(Match.any(), duration: Match.any())
        }.arguments()
        #expect(durations.map(\.0) == [.checkout, .checkout])
        #expect(durations.map(\.1) == [12.75, 12.75])
        tracker.verify(2...2) {
            $0.screen(Match.equal(.checkout), duration: Match.approximately(12.75, absoluteTolerance: 0.001))
        }
        tracker.verify(.never) { $0.screen(Match.equal(.home), duration: Match.any()) }
        tracker.verify {
            $0.track(
                Match.equal("purchase"),
                properties: Match.matching(description: "with a coupon") { $0["coupon"] as? String == "WINTER" })
        }
    }

    @Test func optionalUserIDsAndTraitsAreRecorded() throws {
        let tracker = try Stub<any RCAnalyticsTracker>()
        tracker.when { $0.identify(userID: Match.any(), traits: Match.any()) }.thenDoNothing()
        tracker().identify(userID: "u-1", traits: ["plan": "pro", "locale": "hu_HU"])
        tracker().identify(userID: nil, traits: [:])
        tracker.verify { $0.identify(userID: Match.isNil(), traits: Match.isEmpty()) }
        tracker.verify { $0.identify(userID: Match.equal("u-1"), traits: Match.hasCount(2)) }
        let traits = Match.Capture<[String: String]>()
        tracker.verify(2...2) { $0.identify(userID: Match.any(), traits: traits.capture()) }
        #expect(traits.values == [["plan": "pro", "locale": "hu_HU"], [:]])
    }

    @MainActor @Test func asyncFlushAndSessionProperty() async throws {
        let tracker = try Stub<any RCAnalyticsTracker>()
        let session = UUID()
        tracker.when { $0.sessionID }.thenReturn(session)
        await tracker.when { await $0.flush() }.thenReturn(3).thenReturn(0)
        let sut = tracker()
        #expect(sut.sessionID == session)
        #expect(await sut.flush() == 3)
        #expect(await sut.flush() == 0)
        #expect(await sut.flush() == 0)
        await tracker.verify(3...3) { await $0.flush() }
    }

    @Test func aSpyCountsWhatTheLiveTrackerSent() async throws {
        let live = RCLiveTracker()
        let spy = try Spy<any RCAnalyticsTracker>(forwardingTo: live)
        RCCheckoutFlow(analytics: spy()).purchase(sku: "A", cents: 1, coupon: nil)
        #expect(await spy().flush() == 2)
        #expect(spy().sessionID == live.sessionID)
        let forwarded: [(String, [String: any Sendable])] = spy.when {
            $0.track(Match.any(), properties: Match.any())
        }.arguments()
        #expect(forwarded.first?.1["sku"] as? String == "A")
    }

    @Test func aDummyTrackerFailsOnUseButNotOnConstruction() throws {
        let unused: any RCAnalyticsTracker = Dummy.make()
        let flow = RCCheckoutFlow(analytics: unused)
        _ = flow
        let issues = TestDoubleIssueReporting.capture { unused.identify(userID: "x", traits: [:]) }
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("identify(") == true)
    }
}
