import Foundation
import TestDoubles
import Testing

// A payments module as a checkout team writes it: a gateway whose failures are
// a typed `PGPaymentError`, amounts as `Decimal` with an ISO currency code,
// idempotency keys as `UUID`, free-form metadata as `[String: any Sendable]`,
// a `Set` of accepted card networks, a completion-handler refund API that
// answers with a `Result`, and a `@MainActor` checkout model that drives it.

enum PGPaymentError: Error, Equatable, Sendable {
    case declined(code: String)
    case insufficientFunds(available: Decimal)
    case network
    case duplicate(UUID)
}

enum PGCardNetwork: String, Hashable, Sendable, CaseIterable {
    case visa, mastercard, amex, discover
}

struct PGMoney: Hashable, Sendable {
    var amount: Decimal
    var currency: String
}

struct PGCharge: Equatable, Sendable {
    var id: String
    var amount: PGMoney
    var capturedAt: Date
    var network: PGCardNetwork
}

struct PGRefund: Equatable, Sendable {
    var chargeID: String
    var amount: PGMoney
}

protocol PGPaymentGateway: Sendable {
    func authorize(_ amount: PGMoney, token: String, idempotencyKey: UUID) async throws(PGPaymentError) -> PGCharge
    func capture(_ chargeID: String) throws(PGPaymentError) -> Date
    func refund(
        _ chargeID: String, amount: PGMoney,
        completion: @escaping @Sendable (Result<PGRefund, PGPaymentError>) -> Void)
    func acceptedNetworks(for country: String) -> Set<PGCardNetwork>
    func record(event: String, metadata: [String: any Sendable])
}

/// The sandbox gateway the app links for previews and integration runs.
final class PGSandboxGateway: PGPaymentGateway, @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    let clock: Date

    init(clock: Date) { self.clock = clock }

    func authorize(_ amount: PGMoney, token: String, idempotencyKey: UUID) async throws(PGPaymentError) -> PGCharge {
        guard token.hasPrefix("tok_") else { throw .declined(code: "invalid_token") }
        guard amount.amount <= 1_000 else { throw .insufficientFunds(available: 1_000) }
        return PGCharge(id: "ch_\(token.dropFirst(4))", amount: amount, capturedAt: clock, network: .visa)
    }
    func capture(_ chargeID: String) throws(PGPaymentError) -> Date {
        guard chargeID.hasPrefix("ch_") else { throw .declined(code: "no_such_charge") }
        return clock
    }
    func refund(
        _ chargeID: String, amount: PGMoney,
        completion: @escaping @Sendable (Result<PGRefund, PGPaymentError>) -> Void
    ) {
        completion(.success(PGRefund(chargeID: chargeID, amount: amount)))
    }
    func acceptedNetworks(for country: String) -> Set<PGCardNetwork> {
        country == "US" ? Set(PGCardNetwork.allCases) : [.visa, .mastercard]
    }
    func record(event: String, metadata: [String: any Sendable]) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }
    var recordedEvents: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}

/// The code under test: the checkout screen's model.
@MainActor final class PGCheckoutModel {
    enum State: Equatable {
        case idle
        case paid(chargeID: String, at: Date)
        case failed(String)
    }

    private let gateway: any PGPaymentGateway
    private let makeKey: @Sendable () -> UUID
    private(set) var state = State.idle

    init(gateway: any PGPaymentGateway, makeKey: @escaping @Sendable () -> UUID) {
        self.gateway = gateway
        self.makeKey = makeKey
    }

    func canPay(with network: PGCardNetwork, in country: String) -> Bool {
        gateway.acceptedNetworks(for: country).contains(network)
    }

    func pay(_ amount: PGMoney, token: String) async {
        let key = makeKey()
        do {
            let charge = try await gateway.authorize(amount, token: token, idempotencyKey: key)
            let captured = try gateway.capture(charge.id)
            state = .paid(chargeID: charge.id, at: captured)
            gateway.record(
                event: "payment_succeeded",
                metadata: ["amount": amount.amount, "currency": amount.currency, "key": key])
        } catch {
            switch error {
            case .declined(let code): state = .failed("Declined (\(code))")
            case .insufficientFunds(let available): state = .failed("Only \(available) available")
            case .network: state = .failed("Offline")
            case .duplicate: state = .failed("Already paid")
            }
            gateway.record(event: "payment_failed", metadata: ["reason": "\(error)"])
        }
    }

    func refund(_ chargeID: String, _ amount: PGMoney) async -> Result<PGRefund, PGPaymentError> {
        await withCheckedContinuation { continuation in
            gateway.refund(chargeID, amount: amount) { continuation.resume(returning: $0) }
        }
    }
}

@MainActor @Suite struct RealCodePaymentGatewayTests {
    nonisolated static let key = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let noon = Date(timeIntervalSince1970: 1_780_000_000)
    static let basket = PGMoney(amount: Decimal(string: "249.99")!, currency: "EUR")

    @Test func aSuccessfulPaymentAuthorizesCapturesAndRecordsTheAmount() async throws {
        let gateway = try Stub<any PGPaymentGateway>()
        let charge = PGCharge(id: "ch_42", amount: Self.basket, capturedAt: Self.noon, network: .amex)
        await gateway.when {
            try await $0.authorize(
                Match.equal(Self.basket), token: Match.hasPrefix("tok_"), idempotencyKey: Match.any())
        }.thenReturn(charge)
        gateway.when { try $0.capture("ch_42") }.thenReturn(Self.noon.addingTimeInterval(5))
        gateway.when { $0.record(event: Match.any(), metadata: Match.any()) }.thenDoNothing()

        let model = PGCheckoutModel(gateway: gateway(), makeKey: { Self.key })
        await model.pay(Self.basket, token: "tok_visa")

        #expect(model.state == .paid(chargeID: "ch_42", at: Self.noon.addingTimeInterval(5)))
        await gateway.verify(.once) {
            try await $0.authorize(Self.basket, token: "tok_visa", idempotencyKey: Self.key)
        }
        gateway.verify(.once) { try $0.capture(Match.any()) }
        let recorded: [(String, [String: any Sendable])] =
            gateway.when { $0.record(event: Match.any(), metadata: Match.any()) }.arguments()
        #expect(recorded.count == 1)
        #expect(recorded.first?.0 == "payment_succeeded")
        #expect(recorded.first?.1["amount"] as? Decimal == Decimal(string: "249.99"))
        #expect(recorded.first?.1["currency"] as? String == "EUR")
        #expect(recorded.first?.1["key"] as? UUID == Self.key)
    }

    @Test func eachTypedPaymentErrorReachesTheModelAsItsOwnCase() async throws {
        let gateway = try Stub<any PGPaymentGateway>()
        await gateway.when {
            try await $0.authorize(Match.any(), token: Match.equal("tok_expired"), idempotencyKey: Match.any())
        }.thenThrow(PGPaymentError.declined(code: "expired_card"))
        await gateway.when {
            try await $0.authorize(Match.any(), token: Match.equal("tok_poor"), idempotencyKey: Match.any())
        }.thenThrow(PGPaymentError.insufficientFunds(available: Decimal(string: "12.50")!))
        await gateway.when {
            try await $0.authorize(Match.any(), token: Match.equal("tok_ok"), idempotencyKey: Match.any())
        }.thenReturn(PGCharge(id: "ch_1", amount: Self.basket, capturedAt: Self.noon, network: .visa))
        gateway.when { try $0.capture(Match.any()) }.thenThrow(PGPaymentError.network)
        gateway.when { $0.record(event: Match.any(), metadata: Match.any()) }.thenDoNothing()

        let model = PGCheckoutModel(gateway: gateway(), makeKey: { UUID() })
        await model.pay(Self.basket, token: "tok_expired")
        #expect(model.state == .failed("Declined (expired_card)"))
        await model.pay(Self.basket, token: "tok_poor")
        #expect(model.state == .failed("Only 12.5 available"))
        await model.pay(Self.basket, token: "tok_ok")
        #expect(model.state == .failed("Offline"))

        gateway.verify(.exactly(3)) { $0.record(event: Match.equal("payment_failed"), metadata: Match.any()) }
        gateway.verify(.never) { $0.record(event: Match.equal("payment_succeeded"), metadata: Match.any()) }
        gateway.verify(.once) { try $0.capture("ch_1") }
    }

    // Swift 6.0.3 crashes compiling a three-parameter `then` handler declared `throws(E)` (SILGen:
    // "reabstraction of pack values"); 6.3.1 compiles and runs it.
    #if compiler(>=6.1)
    @Test func aTypedThrowingHandlerComputesTheErrorFromTheArguments() async throws {
        let gateway = try Stub<any PGPaymentGateway>()
        var seen: Set<UUID> = []
        let seenBox = PGLockedSet()
        await gateway.when {
            try await $0.authorize(Match.any(), token: Match.any(), idempotencyKey: Match.any())
        }.then { (amount: PGMoney, token: String, key: UUID) throws(PGPaymentError) -> PGCharge in
            guard seenBox.insert(key) else { throw .duplicate(key) }
            return PGCharge(id: "ch_\(token)", amount: amount, capturedAt: Self.noon, network: .discover)
        }
        let gatewayValue = gateway()
        let first = try await gatewayValue.authorize(Self.basket, token: "a", idempotencyKey: Self.key)
        #expect(first.id == "ch_a")
        #expect(first.network == .discover)
        do {
            _ = try await gatewayValue.authorize(Self.basket, token: "b", idempotencyKey: Self.key)
            Issue.record("a replayed idempotency key must throw")
        } catch {
            // `error` is statically `PGPaymentError`: no cast needed.
            #expect(error == .duplicate(Self.key))
        }
        seen.insert(Self.key)
        #expect(seenBox.contents == seen)
    }
    #endif

    @Test func theRefundCompletionDeliversBothResultCases() async throws {
        let gateway = try Stub<any PGPaymentGateway>()
        gateway.when { $0.refund(Match.equal("ch_ok"), amount: Match.any(), completion: Match.any()) }.then {
            (id: String, amount: PGMoney, completion: @escaping @Sendable (Result<PGRefund, PGPaymentError>) -> Void) in
            completion(.success(PGRefund(chargeID: id, amount: amount)))
        }
        gateway.when { $0.refund(Match.equal("ch_gone"), amount: Match.any(), completion: Match.any()) }.then {
            (_: String, _: PGMoney, completion: @escaping @Sendable (Result<PGRefund, PGPaymentError>) -> Void) in
            Task.detached { completion(.failure(.declined(code: "already_refunded"))) }
        }

        let model = PGCheckoutModel(gateway: gateway(), makeKey: { Self.key })
        let half = PGMoney(amount: Decimal(string: "124.995")!, currency: "EUR")
        #expect(await model.refund("ch_ok", half) == .success(PGRefund(chargeID: "ch_ok", amount: half)))
        #expect(await model.refund("ch_gone", half) == .failure(.declined(code: "already_refunded")))
        gateway.verify(.exactly(2)) { $0.refund(Match.any(), amount: Match.equal(half), completion: Match.any()) }
    }

    @Test func aCapturedRefundCompletionIsAnsweredLaterByTheTest() async throws {
        let gateway = try Stub<any PGPaymentGateway>()
        let completion = CallbackCapture<@Sendable (Result<PGRefund, PGPaymentError>) -> Void>()
        gateway.when { $0.refund(Match.any(), amount: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let model = PGCheckoutModel(gateway: gateway(), makeKey: { Self.key })
        let refunding = Task { await model.refund("ch_9", Self.basket) }
        await completion.waitForCallback(within: .seconds(5))
        completion.last?(.failure(.network))
        #expect(await refunding.value == .failure(.network))
    }

    @Test func acceptedNetworksDecideWhichCardsTheModelOffers() throws {
        let gateway = try Stub<any PGPaymentGateway>()
        gateway.when { $0.acceptedNetworks(for: "US") }.thenReturn([.visa, .amex])
        gateway.when { $0.acceptedNetworks(for: Match.any()) }.thenReturn([])
        let model = PGCheckoutModel(gateway: gateway(), makeKey: { Self.key })
        #expect(model.canPay(with: .amex, in: "US"))
        #expect(model.canPay(with: .discover, in: "US") == false)
        #expect(model.canPay(with: .visa, in: "FR") == false)
        let countries: [String] = gateway.when { $0.acceptedNetworks(for: Match.any()) }.arguments()
        #expect(countries == ["US", "US", "FR"])
    }

    @Test func aSpyOfTheSandboxKeepsItsRulesAndOverridesOneCall() async throws {
        let sandbox = PGSandboxGateway(clock: Self.noon)
        let spy = try Spy<any PGPaymentGateway>(forwardingTo: sandbox)
        spy.when { $0.acceptedNetworks(for: "JP") }.thenReturn([.discover])

        let model = PGCheckoutModel(gateway: spy(), makeKey: { Self.key })
        await model.pay(PGMoney(amount: 5_000, currency: "USD"), token: "tok_big")
        #expect(model.state == .failed("Only 1000 available"))
        await model.pay(Self.basket, token: "tok_small")
        #expect(model.state == .paid(chargeID: "ch_small", at: Self.noon))
        await model.pay(Self.basket, token: "bogus")
        #expect(model.state == .failed("Declined (invalid_token)"))
        #expect(sandbox.recordedEvents == ["payment_failed", "payment_succeeded", "payment_failed"])

        #expect(model.canPay(with: .discover, in: "JP"))
        #expect(model.canPay(with: .amex, in: "US"))
        #expect(model.canPay(with: .amex, in: "DE") == false)
        await spy.verify(.exactly(3)) {
            try await $0.authorize(Match.any(), token: Match.any(), idempotencyKey: Match.equal(Self.key))
        }
        spy.verify(.once) { try $0.capture("ch_small") }
    }

    @Test func aDummyGatewayLetsTheModelBeBuiltWithoutConfiguration() throws {
        let model = PGCheckoutModel(gateway: Dummy.make(), makeKey: { Self.key })
        #expect(model.state == .idle)
    }
}

final class PGLockedSet: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<UUID> = []
    func insert(_ value: UUID) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return values.insert(value).inserted
    }
    var contents: Set<UUID> {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
