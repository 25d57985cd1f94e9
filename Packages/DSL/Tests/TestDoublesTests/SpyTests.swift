import TestDoubles
import Testing

struct LedgerReceipt: Equatable, Sendable {
    var id: Int
    var amount: Int
    var fee: Int
    var tax: Int
    var total: Int
}

enum LedgerError: Error, Equatable {
    case insufficientFunds(balance: Int)
    case frozen
}

protocol Ledger {
    var balance: Int { get set }
    var owner: String { get set }
    func deposit(_ amount: Int) -> Int
    func withdraw(_ amount: Int) throws -> Int
    func statement(for month: Int) async -> String
    func audit(month: Int) async throws -> Int
    // swift-format-ignore
    func weigh(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double
    func receipt(for id: Int) -> LedgerReceipt
}

/// A real ledger with state the tests observe through the spy.
final class LiveLedger: Ledger, @unchecked Sendable {
    var balance: Int
    var owner = "nobody"

    init(balance: Int) { self.balance = balance }

    func deposit(_ amount: Int) -> Int {
        balance += amount
        return balance
    }

    func withdraw(_ amount: Int) throws -> Int {
        guard amount <= balance else { throw LedgerError.insufficientFunds(balance: balance) }
        balance -= amount
        return balance
    }

    func statement(for month: Int) async -> String {
        await Task.yield()
        return "\(owner) \(month): \(balance)"
    }

    func audit(month: Int) async throws -> Int {
        await Task.yield()
        guard month > 0 else { throw LedgerError.frozen }
        return balance * month
    }

    // swift-format-ignore
    func weigh(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        let integers = [i0, i1, i2, i3, i4, i5, i6, i7].enumerated().map { Double(($0.offset + 1) * $0.element) }
        let doubles = [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9].enumerated().map { Double($0.offset + 11) * $0.element }
        return (integers + doubles).reduce(0, +)
    }

    func receipt(for id: Int) -> LedgerReceipt {
        LedgerReceipt(id: id, amount: balance, fee: 3, tax: balance / 10, total: balance + 3 + balance / 10)
    }
}

protocol Thermostat: AnyObject {
    var setPoint: Double { get set }
    func reading(offset: Double) -> Double
}

final class LiveThermostat: Thermostat, @unchecked Sendable {
    var setPoint = 20.0
    func reading(offset: Double) -> Double { setPoint + offset }
}

protocol Nameable {
    func name() -> String
}

protocol Greeter: Nameable {
    func greet(_ who: String) -> String
}

struct LiveGreeter: Greeter {
    var salutation: String
    func name() -> String { "live" }
    func greet(_ who: String) -> String { "\(salutation), \(who)" }
}

@Suite struct SpyTests {
    @Test func readmeTranslatorExample() {
        let spy: Spy<any Translator> = Spy.make(forwardingTo: LiveTranslator())
        spy.when { $0.translate(Match.equal("greeting.new_user")) }.thenReturn("Howdy, partner")
        let translations = spy.when { $0.translate(Match.any()) }

        let translator: any Translator = spy()
        #expect(translator.translate("greeting.new_user") == "Howdy, partner")  // overridden
        #expect(translator.translate("farewell.title") == "Goodbye")  // forwarded

        translations.verify(2...2)

        translations.forwarded.verify(1...)
        let forwarded: [String] = translations.forwarded.arguments()
        #expect(forwarded == ["farewell.title"])

        translations.stubbed.verify()
        let stubbed: [String] = translations.stubbed.arguments()
        #expect(stubbed == ["greeting.new_user"])
    }

    @Test func syncCallsForwardToTheRealObjectAndAreRecorded() throws {
        let real = LiveLedger(balance: 10)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let deposits = spy.when { $0.deposit(Match.any()) }
        let ledger = spy()

        #expect(ledger.deposit(5) == 15)
        #expect(ledger.deposit(7) == 22)
        #expect(real.balance == 22)

        let amounts: [Int] = deposits.forwarded.arguments()
        #expect(amounts == [5, 7])
        deposits.stubbed.verify(0...0)
    }

    @Test func throwingCallsForwardTheirResultsAndErrors() throws {
        let real = LiveLedger(balance: 10)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let ledger = spy()

        #expect(try ledger.withdraw(4) == 6)
        #expect(throws: LedgerError.insufficientFunds(balance: 6)) { try ledger.withdraw(100) }
        #expect(real.balance == 6)
        spy.verify(2...2) { try $0.withdraw(Match.any()) }
    }

    @Test func thenForwardEndsAChainThatFailsTwice() throws {
        let real = LiveLedger(balance: 10)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let withdrawals = spy.when { try $0.withdraw(Match.any()) }
            .thenThrow(LedgerError.frozen, times: 2)
            .thenForward()
        let ledger = spy()

        #expect(throws: LedgerError.frozen) { try ledger.withdraw(1) }
        #expect(throws: LedgerError.frozen) { try ledger.withdraw(2) }
        #expect(real.balance == 10)
        #expect(try ledger.withdraw(3) == 7)
        #expect(try ledger.withdraw(4) == 3)
        #expect(real.balance == 3)

        let stubbed: [Int] = withdrawals.stubbed.arguments()
        let forwarded: [Int] = withdrawals.forwarded.arguments()
        #expect(stubbed == [1, 2])
        #expect(forwarded == [3, 4])
    }

    @Test func asyncCallsForward() async throws {
        let real = LiveLedger(balance: 40)
        real.owner = "ada"
        let spy = try Spy<any Ledger>(forwardingTo: real)
        await spy.when { await $0.statement(for: Match.equal(13)) }.thenReturn("overridden")
        let ledger = spy()

        #expect(await ledger.statement(for: 3) == "ada 3: 40")
        #expect(await ledger.statement(for: 13) == "overridden")
        let statements = await spy.when { await $0.statement(for: Match.any()) }
        let forwarded: [Int] = statements.forwarded.arguments()
        #expect(forwarded == [3])
    }

    @Test func asyncThrowingCallsForwardResultsAndErrors() async throws {
        let real = LiveLedger(balance: 40)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let ledger = spy()

        #expect(try await ledger.audit(month: 2) == 80)
        await #expect(throws: LedgerError.frozen) { try await ledger.audit(month: 0) }
        await spy.verify(2...2) { try await $0.audit(month: Match.any()) }
    }

    @Test func gettersAndSettersForwardToTheRealObjectsState() throws {
        let real = LiveLedger(balance: 1)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        var ledger = spy()

        ledger.balance = 25
        ledger.owner = "grace" + String(repeating: "!", count: 20)  // a heap string, an owned argument
        #expect(real.balance == 25)
        #expect(real.owner == "grace!!!!!!!!!!!!!!!!!!!!")
        #expect(ledger.balance == 25)
        #expect(ledger.owner == "grace!!!!!!!!!!!!!!!!!!!!")

        spy.when { $0.balance }.thenReturn(99)
        #expect(ledger.balance == 99)
        #expect(real.balance == 25)
        let reads = spy.when { $0.balance }
        reads.verify(2...2)
        reads.forwarded.verify(1...1)
    }

    @Test func eightIntegersAndTenDoublesForward() throws {
        let real = LiveLedger(balance: 0)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let ledger = spy()

        let expected = real.weigh(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        let weight = ledger.weigh(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        #expect(weight == expected)
        #expect(weight == 1_061.5)
        spy.history.interactions.forwarded.verify(1...1)
    }

    @Test func aFiveWordStructResultForwards() throws {
        let real = LiveLedger(balance: 200)
        let spy = try Spy<any Ledger>(forwardingTo: real)
        let ledger = spy()

        #expect(ledger.receipt(for: 7) == LedgerReceipt(id: 7, amount: 200, fee: 3, tax: 20, total: 223))
        spy.when { $0.receipt(for: Match.equal(8)) }.thenReturn(
            LedgerReceipt(id: 8, amount: 0, fee: 0, tax: 0, total: 0))
        #expect(ledger.receipt(for: 8) == LedgerReceipt(id: 8, amount: 0, fee: 0, tax: 0, total: 0))
        #expect(ledger.receipt(for: 9).id == 9)
    }

    @Test func aClassBoundProtocolForwardsToTheSameObject() throws {
        let real = LiveThermostat()
        let spy = try Spy<any Thermostat>(forwardingTo: real)
        let thermostat = spy()

        thermostat.setPoint = 22.5
        #expect(real.setPoint == 22.5)
        #expect(thermostat.reading(offset: 0.25) == 22.75)
        spy.verify(1...1) { $0.reading(offset: Match.any()) }
    }

    @Test func baseProtocolRequirementsForward() throws {
        let spy = try Spy<any Greeter>(forwardingTo: LiveGreeter(salutation: "Hello"))
        spy.when { $0.greet(Match.equal("bob")) }.thenReturn("stubbed")
        let greeter = spy()

        #expect(greeter.name() == "live")
        #expect(greeter.greet("ada") == "Hello, ada")
        #expect(greeter.greet("bob") == "stubbed")
        spy.verify(1...1) { $0.name() }
    }

    @Test func aValueTargetIsTheSpysOwnCopy() throws {
        var real = LiveGreeter(salutation: "Hi")
        let spy = try Spy<any Greeter>(forwardingTo: real)
        real.salutation = "Changed"
        #expect(spy().greet("ada") == "Hi, ada")
    }

    @Test func thenForwardOnAStubIsRejectedWhenRegistered() throws {
        let stub = try Stub<any Ledger>()
        let issues = TestDoubleIssueReporting.capture {
            stub.when { $0.deposit(Match.any()) }.thenForward()
            #expect(stub().deposit(1) == 0)
        }
        let issue = try #require(issues.first)
        #expect(issue.message.contains("thenForward needs a double with a real implementation"))
    }

    @Test func aNonProtocolSubjectIsRejected() {
        #expect(throws: StubError.self) { try Spy<Int>(forwardingTo: 3) }
    }
}
