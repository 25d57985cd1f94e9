import Foundation
import Synchronization
import TestDoubles
import Testing

// A banking SDK's account surface: effectful getters, a static requirement,
// a two-index subscript, an optional closure property, an AsyncSequence of
// transactions, `Result<Void, E>`, existential arrays and variadics.

struct RCTransaction: Sendable, Equatable {
    var id: UUID
    var amount: Decimal
    var memo: String?
    var bookedAt: Date
}

enum RCBankError: Error, Equatable {
    case insufficientFunds(missing: Decimal)
    case locked
}

protocol RCFeeRule: Sendable {
    var name: String { get }
}

struct RCFlatFee: RCFeeRule {
    var name: String { "flat" }
}

protocol RCAccount: Sendable {
    static func defaultCurrency() -> String
    var balance: Decimal { get async throws }
    var holder: String { get }
    var onBalanceChange: (@Sendable (Decimal) -> Void)? { get set }
    subscript(month: Int, day: Int) -> Decimal { get }
    func transactions(since date: Date) -> any AsyncSequence<RCTransaction, any Error>
    func transfer(_ amount: Decimal, to iban: String) async -> Result<Void, RCBankError>
    func feeRules() -> [any RCFeeRule]
    func tag(_ transaction: UUID, _ labels: String...)
}

struct RCLiveAccount: RCAccount {
    static func defaultCurrency() -> String { "EUR" }
    var balance: Decimal {
        get async throws { Decimal(string: "100.25")! }
    }
    var holder: String { "Live Holder" }
    var onBalanceChange: (@Sendable (Decimal) -> Void)?
    subscript(month: Int, day: Int) -> Decimal { Decimal(month * 100 + day) }
    func transactions(since date: Date) -> any AsyncSequence<RCTransaction, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(RCTransaction(id: UUID(), amount: 1, memo: "live", bookedAt: date))
            continuation.finish()
        }
    }
    func transfer(_ amount: Decimal, to iban: String) async -> Result<Void, RCBankError> {
        amount > 100 ? .failure(.insufficientFunds(missing: amount - 100)) : .success(())
    }
    func feeRules() -> [any RCFeeRule] { [RCFlatFee()] }
    func tag(_ transaction: UUID, _ labels: String...) {}
}

@Suite struct RealCodeAccountServiceTests {
    static let coffee = RCTransaction(
        id: UUID(uuidString: "0C0FFEE0-0000-0000-0000-000000000001")!, amount: Decimal(string: "-3.80")!,
        memo: "Flat white", bookedAt: Date(timeIntervalSince1970: 1_764_900_000))

    static func failure(of result: Result<Void, RCBankError>) -> RCBankError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    @Test func anAsyncThrowingGetterAnswersAndThrowsWithoutHints() async throws {
        let account = try Stub<any RCAccount>()
        await account.when { try await $0.balance }
            .thenReturn(Decimal(string: "42.10")!)
            .thenThrow(RCBankError.locked)
        #expect(try await account().balance == Decimal(string: "42.10")!)
        await #expect(throws: RCBankError.locked) { _ = try await account().balance }
        await account.verify(2...2) { try await $0.balance }
    }

    @Test func aStaticRequirementAndATwoIndexSubscript() throws {
        let account = try Stub<any RCAccount>()
        account.when { type(of: $0).defaultCurrency() }.thenReturn("HUF")
        account.when { $0[Match.equal(12), Match.any()] }.then { (_: Int, day: Int) in Decimal(day) }
        account.when { $0[Match.any(), Match.any()] }.thenReturn(0)
        let value = account()
        #expect(type(of: value).defaultCurrency() == "HUF")
        #expect(value[12, 24] == 24)
        #expect(value[1, 1] == 0)
        account.verify { $0[Match.equal(12), Match.equal(24)] }
    }

    @Test func anOptionalClosurePropertyIsStoredAndCalled() throws {
        let account = try Stub<any RCAccount>()
        let assigned = CallbackCapture<(@Sendable (Decimal) -> Void)?>()
        account.when { $0.onBalanceChange = assigned.capture(using: nil) }.thenDoNothing()
        let seen = Mutex<[Decimal]>([])
        var value = account()
        value.onBalanceChange = { amount in seen.withLock { $0.append(amount) } }
        let setter = Match.Capture<(@Sendable (Decimal) -> Void)?>()
        account.verify { $0.onBalanceChange = setter.capture(using: nil) }
        let handler = try #require(setter.values.first.flatMap { $0 })
        handler(5)
        #expect(seen.withLock { $0 } == [5])
        _ = assigned
    }

    @MainActor @Test func anAsyncSequenceOfTransactionsIsIterated() async throws {
        let account = try Stub<any RCAccount>()
        let since = Date(timeIntervalSince1970: 1_764_000_000)
        account.when { $0.transactions(since: Match.any()) }.then {
            (date: Date) -> any AsyncSequence<RCTransaction, any Error> in
            AsyncThrowingStream { continuation in
                continuation.yield(Self.coffee)
                continuation.yield(RCTransaction(id: Self.coffee.id, amount: 10, memo: nil, bookedAt: date))
                continuation.finish()
            }
        }
        var all: [RCTransaction] = []
        for try await transaction in account().transactions(since: since) { all.append(transaction) }
        #expect(all == [Self.coffee, RCTransaction(id: Self.coffee.id, amount: 10, memo: nil, bookedAt: since)])
        account.verify { $0.transactions(since: Match.equal(since)) }
    }

    @MainActor @Test func aVoidResultAndExistentialArraysAndVariadics() async throws {
        let account = try Stub<any RCAccount>()
        await account.when { await $0.transfer(Match.greaterThan(Decimal(1_000)), to: Match.any()) }
            .thenReturn(.failure(.insufficientFunds(missing: 1)))
        await account.when { await $0.transfer(Match.any(), to: Match.hasPrefix("HU")) }.thenReturn(.success(()))
        account.when { $0.feeRules() }.thenReturn([RCFlatFee(), RCFlatFee()])
        account.when { $0.tag(Match.any(), Match.equal("coffee"), Match.equal("work")) }.thenDoNothing()
        let value = account()
        let big = await value.transfer(2_000, to: "HU42")
        #expect(Self.failure(of: big) == .insufficientFunds(missing: 1))
        let small = await value.transfer(5, to: "HU42")
        #expect((try? small.get()) != nil)
        #expect(value.feeRules().map(\.name) == ["flat", "flat"])
        value.tag(Self.coffee.id, "coffee", "work")
        account.verify { $0.tag(Match.equal(Self.coffee.id), Match.any(), Match.any()) }
    }

    /// Before: one matcher per element of a variadic argument (the seed's documented form) was
    /// refused at `when` ("mixes 3 matcher(s) with literal arguments (2 arguments)").
    @Test func variadicElementsMatchOneMatcherEachInOrderAndCount() throws {
        let account = try Stub<any RCAccount>()
        account.when { $0.tag(Match.any(), Match.equal("coffee"), Match.hasPrefix("team:")) }.thenDoNothing()
        account.when { $0.tag(Self.coffee.id) }.thenDoNothing()  // literals: exactly no labels
        let value = account()
        value.tag(Self.coffee.id, "coffee", "team:ios")
        value.tag(Self.coffee.id)
        let issues = TestDoubleIssueReporting.capture {
            value.tag(Self.coffee.id, "coffee")  // two elements: neither registration
            value.tag(Self.coffee.id, "team:ios", "coffee")  // out of order
        }
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { $0.kind == .unmatchedCall })
        account.verify(2...2) { $0.tag(Match.equal(Self.coffee.id), Match.any(), Match.any()) }
        account.verify { $0.tag(Self.coffee.id) }  // the call with no labels
        account.verify(1...1) { $0.tag(Match.any(), Match.any()) }  // a lone any() takes exactly one element
        let labels: [(UUID, [String])] = account.when { $0.tag(Match.any(), Match.any(), Match.any()) }.arguments()
        #expect(labels.map(\.1) == [["coffee", "team:ios"], ["team:ios", "coffee"]])
    }

    @Test func aSpyForwardsEveryAccessorToTheLiveAccount() async throws {
        let spy = try Spy<any RCAccount>(forwardingTo: RCLiveAccount())
        let value = spy()
        #expect(try await value.balance == Decimal(string: "100.25")!)
        #expect(value.holder == "Live Holder")
        #expect(value[3, 4] == 304)
        #expect(value.feeRules().map(\.name) == ["flat"])
        let failed = await value.transfer(150, to: "DE1")
        #expect(Self.failure(of: failed) == .insufficientFunds(missing: 50))
        var count = 0
        for try await _ in value.transactions(since: .now) { count += 1 }
        #expect(count == 1)
        #expect(type(of: value).defaultCurrency() == "EUR")
    }
}
