import TestDoubles
import Testing

// Blocks 1 to 4 and 10 to 15 of the seed's InspectingInteractions article,
// rewritten against this file's own protocols (block 1 is `IIAnalytics`).
// Blocks 5 to 9 (outcomes, completion order, call stacks, history) are in
// SeedInspectionTests.

protocol IIAnalytics: Sendable {
    func track(event: String, value: Int)
}

struct IILiveAnalytics: IIAnalytics {
    func track(event: String, value: Int) {}
}

protocol IIPaymentGateway: Sendable {
    func charge(amount: Int)
}

struct IILivePaymentGateway: IIPaymentGateway {
    func charge(amount: Int) {}
}

/// The code under test of the ordering examples: charges, then reports the purchase.
struct IICheckout {
    let gateway: any IIPaymentGateway
    let analytics: any IIAnalytics

    func placeOrder() {
        gateway.charge(amount: 42)
        analytics.track(event: "purchase", value: 42)
    }
}

final class IIUser: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

protocol IIDirectory {
    func displayName(for user: IIUser) -> String
}

@Suite struct InspectingInteractionsArticleTests {
    @Test func blocks2To4ArgumentsAndStreams() async throws {
        let stub = try Stub<any IIAnalytics>()
        let allEvents = stub.when {
            $0.track(event: Match.any(), value: Match.any())
        }
        allEvents.thenDoNothing()

        let analytics: any IIAnalytics = stub()
        analytics.track(event: "add_to_cart", value: 30)
        analytics.track(event: "purchase", value: 42)

        let calls: [(String, Int)] = allEvents.arguments()  // block 2
        #expect(calls.map(\.0) == ["add_to_cart", "purchase"])
        #expect(calls.map(\.1) == [30, 42])

        let events: [String] = allEvents.arguments()  // block 3
        #expect(events == ["add_to_cart", "purchase"])
        let largeEvents = stub.when {
            $0.track(event: Match.any(), value: Match.greaterThan(40))
        }
        let large: [(String, Int)] = largeEvents.arguments()
        #expect(large.map(\.0) == ["purchase"])

        let stream: InvocationStream<(String, Int)> = allEvents.stream()  // block 4
        analytics.track(event: "feed_refreshed", value: 1)
        var iterator = stream.makeAsyncIterator()
        let call = try #require(await iterator.next(within: .seconds(5)))
        #expect(call.0 == "feed_refreshed")
        #expect(call.1 == 1)
    }

    @Test func blocks10And11OrderAcrossDoubles() throws {
        let gateway = try Stub<any IIPaymentGateway>()
        let analytics = try Stub<any IIAnalytics>()
        let charge = gateway.when {
            $0.charge(amount: Match.equal(42))
        }
        charge.thenDoNothing()
        let purchase = analytics.when {
            $0.track(event: Match.equal("purchase"), value: Match.any())
        }.thenDoNothing()

        IICheckout(gateway: gateway(), analytics: analytics()).placeOrder()

        InvocationOrder(exhaustive: true) {  // block 10
            gateway().charge(amount: 42)
            analytics().track(event: "purchase", value: 42)
        }
        InvocationOrder(exhaustive: true) {  // block 11
            charge
            purchase
        }
        withKnownIssue {
            InvocationOrder {
                purchase
                charge
            }
        }
    }

    @Test func block12AShadowedRegistrationIsReported() throws {
        let stub = try Stub<any IIAnalytics>()
        // The catch-all first: it answers every call, so the specific one never matches.
        stub.when { $0.track(event: Match.any(), value: Match.any()) }.thenReturn(())
        // Ours already reports the shadowed registration when it is made.
        withKnownIssue {
            stub.when { $0.track(event: Match.equal("purchase"), value: Match.any()) }.thenReturn(())
        } matching: { issue in
            String(describing: issue).contains("can never serve a call")
        }

        stub().track(event: "purchase", value: 42)

        withKnownIssue {
            stub.verifyNoUnusedStubs()
        } matching: { issue in
            String(describing: issue).contains("purchase")
        }
    }

    @Test func block13RegisteredPlaceholderForAClass() throws {
        Match.Placeholders.register { IIUser(name: "placeholder") }
        let stub = try Stub<any IIDirectory>(.method(signatureOf: { $0.displayName }))
        // No Match.any(using:): the registered factory supplies the recording value.
        stub.when { $0.displayName(for: Match.any()) }.thenReturn("Blob")
        #expect(stub().displayName(for: IIUser(name: "Ada")) == "Blob")
    }

    @Test func blocks14And15ClearingAndReset() throws {
        let stub = try Stub<any IIAnalytics>()
        let first = stub.when { $0.track(event: Match.any(), value: Match.any()) }
        first.thenReturn(())
        stub().track(event: "a", value: 1)

        stub.clearConfiguredBehaviors()  // block 14: keeps the calls
        let fresh = stub.when { $0.track(event: Match.any(), value: Match.any()) }
        fresh.thenReturn(())
        stub().track(event: "b", value: 2)
        stub.history.verify(2...2)

        for scenario in ["one", "two"] {  // block 15
            stub.reset()
            let clean = stub.when { $0.track(event: Match.any(), value: Match.any()) }
            clean.thenDoNothing()
            stub().track(event: scenario, value: 0)
            let seen: [String] = clean.arguments()
            #expect(seen == [scenario])
            stub.history.verify(1...1)
        }
    }
}
