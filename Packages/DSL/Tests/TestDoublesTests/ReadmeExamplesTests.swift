import TestDoubles
import Testing

protocol Analytics {
    func track(event: String, value: Int)
}

struct ConsoleAnalytics: Analytics {
    func track(event: String, value: Int) {}
}

protocol PaymentGateway {
    func charge(amount: Int) -> Bool
}

struct LiveGateway: PaymentGateway {
    func charge(amount: Int) -> Bool { amount > 0 }
}

/// The code under test of the README's examples.
final class Checkout {
    let gateway: (any PaymentGateway)?
    let analytics: any Analytics
    private var total = 0

    init(gateway: (any PaymentGateway)? = nil, analytics: any Analytics) {
        self.gateway = gateway
        self.analytics = analytics
    }

    func add(item: String, price: Int) {
        total += price
        analytics.track(event: "add_to_cart", value: price)
    }

    func placeOrder() {
        analytics.track(event: "purchase", value: total)
    }
}

protocol Translator {
    func translate(_ key: String) -> String
}

/// The README's `LiveTranslator` calls `NSLocalizedString`, which returns the
/// key on Linux without a bundle; this one serves the README's one
/// translation from a table, so the Spy example forwards to a real "Goodbye".
struct LiveTranslator: Translator {
    private static let table = ["farewell.title": "Goodbye"]

    func translate(_ key: String) -> String { Self.table[key] ?? key }
}

struct User: Equatable, Sendable {
    var name: String
}

protocol AccountService {
    func currentUser() -> User?
}

struct LiveAccountService: AccountService {
    func currentUser() -> User? { nil }
}

struct CheckoutContext: Equatable {
    var currency: String
    var items: [String]
    var discount: Double?
}

struct Receipt {
    var total: Int
}

@Suite struct ReadmeExamplesTests {
    @Test func verifyWhatHappened() throws {
        let analytics = try Stub<any Analytics>()
        let allEvents = analytics.when {
            $0.track(event: Match.any(), value: Match.any())
        }
        allEvents.thenDoNothing()

        let checkout = Checkout(analytics: analytics())
        checkout.add(item: "socks", price: 30)
        checkout.add(item: "hat", price: 12)
        checkout.placeOrder()

        let purchase = analytics.when {
            $0.track(event: Match.equal("purchase"), value: Match.equal(42))
        }
        purchase.verify()

        let errors = analytics.when {
            $0.track(event: Match.equal("error"), value: Match.any())
        }
        errors.verify(.never)

        allEvents.verify(3...3)
        let events: [(String, Int)] = allEvents.arguments()
        #expect(events.map(\.0) == ["add_to_cart", "add_to_cart", "purchase"])
        #expect(events.map(\.1) == [30, 12, 42])

        analytics.verifyInOrder {
            $0.track(event: Match.equal("add_to_cart"), value: Match.any())
            $0.track(event: Match.equal("purchase"), value: Match.any())
        }
        #expect(analytics.history.callCount == 3)
        analytics.history.verify(3...3)
    }

    @Test func verifyInOrderReportsAWrongOrder() throws {
        let analytics = try Stub<any Analytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        analytics().track(event: "purchase", value: 1)
        analytics().track(event: "add_to_cart", value: 2)
        let issues = TestDoubleIssueReporting.capture {
            analytics.verifyInOrder {
                $0.track(event: Match.equal("add_to_cart"), value: Match.any())
                $0.track(event: Match.equal("purchase"), value: Match.any())
            }
        }
        #expect(issues.count == 1)
    }

    @Test func dummies() throws {
        let gateway = try Stub<any PaymentGateway>()
        let checkout = Checkout(
            gateway: gateway(),
            analytics: Dummy.make()  // protocol existential
        )
        #expect(checkout.gateway != nil)

        let context: CheckoutContext = Dummy.make()  // constructible struct
        #expect(context == CheckoutContext(currency: "", items: [], discount: nil))
        let completion: (Receipt) -> Void = Dummy.make()  // fail-on-use closure
        _ = completion
        let count: Int = Dummy.make()
        #expect(count == 0)
    }

    @Test func dummyProtocolCallsReportAnIssue() throws {
        let analytics: any Analytics = Dummy.make()
        let issues = TestDoubleIssueReporting.capture {
            analytics.track(event: "touched", value: 1)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("Dummy<"))
        #expect(issue.message.contains("track(event: \"touched\", value: 1)"))
    }

    @Test func dummyUsingAndRegister() throws {
        let token = Token()
        #expect(Dummy.make(using: token) === token)
        let registered = Token()
        Dummy<Token>.register { registered }
        defer { Dummy<Token>.unregister() }
        let made: Token = Dummy.make()
        #expect(made === registered)
    }

    @Test func oneShotStub() {
        let translator: any Translator = Stub.make {
            $0.when { $0.translate(Match.any()) }.then { (key: String) in "«\(key)»" }
        }
        #expect(translator.translate("hello") == "«hello»")
    }

    @Test func reuseNamedSetup() throws {
        let signedOut: StubScenario<any AccountService> = .init {
            $0.when { $0.currentUser() }.thenReturn(nil)
        }
        let signedIn: StubScenario<any AccountService> = .init {
            $0.when { $0.currentUser() }.thenReturn(User(name: "blob"))
        }

        let account = try Stub<any AccountService>()
        signedOut.apply(to: account)
        #expect(account().currentUser() == nil)

        let other = try Stub<any AccountService>()
        signedIn.apply(to: other)
        #expect(other().currentUser() == User(name: "blob"))
        account.verify { $0.currentUser() }
    }
}
