import Foundation
import TestDoubles
import Testing

// A spy around a shopping cart an app keeps in memory: a class with state,
// properties, a subscript by SKU, an inout normalizer, an unconstrained generic
// lookup, a protocol-extension helper, throwing and async requirements. Some
// calls are stubbed, the rest reach the real cart.

struct RCCartItem: Sendable, Equatable {
    var sku: String
    var title: String
    var unitPrice: Decimal
    var quantity: Int
}

struct RCOrderReceipt: Sendable, Equatable {
    var orderID: UUID
    var total: Decimal
    var placedAt: Date
}

enum RCCartError: Error, Equatable {
    case unknownSKU(String)
    case emptyCart
    case paymentDeclined(reason: String)
}

protocol RCCartService: AnyObject {
    var items: [RCCartItem] { get }
    var couponCode: String? { get set }
    subscript(quantityOf sku: String) -> Int { get set }
    func add(_ item: RCCartItem) -> Int
    func remove(sku: String) throws -> RCCartItem
    func total(discount: Decimal) -> Decimal
    func normalize(_ skus: inout [String])
    func attribute<Value>(_ key: String) -> Value?
    func checkout(paymentToken: String) async throws -> RCOrderReceipt
    func badgeText() -> String
}

extension RCCartService {
    /// Not a requirement: calls the requirements on whatever cart it is given.
    func addAll(_ newItems: [RCCartItem]) -> Int {
        var count = 0
        for item in newItems { count = add(item) }
        return count
    }

    /// A requirement's default: the live cart does not override it.
    func badgeText() -> String { items.isEmpty ? "" : "\(items.count)" }
}

final class RCInMemoryCart: RCCartService, @unchecked Sendable {
    private(set) var items: [RCCartItem] = []
    var couponCode: String?
    var attributes: [String: Any] = ["currency": "EUR", "maxItems": 20]
    let fixedReceiptID = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!

    subscript(quantityOf sku: String) -> Int {
        get { items.first { $0.sku == sku }?.quantity ?? 0 }
        set {
            guard let index = items.firstIndex(where: { $0.sku == sku }) else { return }
            items[index].quantity = newValue
        }
    }

    func add(_ item: RCCartItem) -> Int {
        if let index = items.firstIndex(where: { $0.sku == item.sku }) {
            items[index].quantity += item.quantity
        } else {
            items.append(item)
        }
        return items.count
    }

    func remove(sku: String) throws -> RCCartItem {
        guard let index = items.firstIndex(where: { $0.sku == sku }) else { throw RCCartError.unknownSKU(sku) }
        return items.remove(at: index)
    }

    func total(discount: Decimal) -> Decimal {
        let gross = items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) }
        return gross - gross * discount
    }

    func normalize(_ skus: inout [String]) {
        skus = skus.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty }
    }

    func attribute<Value>(_ key: String) -> Value? { attributes[key] as? Value }

    func checkout(paymentToken: String) async throws -> RCOrderReceipt {
        guard !items.isEmpty else { throw RCCartError.emptyCart }
        guard paymentToken.hasPrefix("tok_") else { throw RCCartError.paymentDeclined(reason: "invalid token") }
        let receipt = RCOrderReceipt(
            orderID: fixedReceiptID, total: total(discount: 0), placedAt: Date(timeIntervalSince1970: 1_700_000_000))
        items.removeAll()
        return receipt
    }
}

@Suite struct RealCodeSpyCartTests {
    static let espresso = RCCartItem(
        sku: "ESP-1", title: "Espresso beans", unitPrice: Decimal(string: "12.50")!, quantity: 2)
    static let filter = RCCartItem(
        sku: "FLT-9", title: "Paper filters", unitPrice: Decimal(string: "3.99")!, quantity: 1)

    @Test func forwardedCallsChangeTheRealCartsState() throws {
        let cart = RCInMemoryCart()
        let spy = try Spy<any RCCartService>(forwardingTo: cart)
        let sut = spy()
        #expect(sut.add(Self.espresso) == 1)
        #expect(sut.add(Self.filter) == 2)
        #expect(sut.add(Self.espresso) == 2)
        #expect(cart.items.map(\.quantity) == [4, 1])
        #expect(sut.items == cart.items)
        #expect(sut.total(discount: Decimal(string: "0.1")!) == Decimal(string: "48.591")!)
        spy.verify(2...2) { $0.add(Match.equal(Self.espresso)) }
        spy.verify { $0.total(discount: Match.any()) }
    }

    @Test func propertiesAndSubscriptsReachTheRealStorage() throws {
        let cart = RCInMemoryCart()
        _ = cart.add(Self.espresso)
        let spy = try Spy<any RCCartService>(forwardingTo: cart)
        let sut = spy()
        sut.couponCode = "SPRING24"
        #expect(cart.couponCode == "SPRING24")
        #expect(sut.couponCode == "SPRING24")
        sut[quantityOf: "ESP-1"] = 5
        #expect(cart.items.first?.quantity == 5)
        #expect(sut[quantityOf: "ESP-1"] == 5)
        sut[quantityOf: "ESP-1"] += 1
        #expect(cart.items.first?.quantity == 6)
        #expect(sut[quantityOf: "missing"] == 0)
        spy.verify { $0.couponCode = Match.equal("SPRING24") }
        // The read, and the read of `+=` (whose write is a setter call).
        spy.verify(2...2) { $0[quantityOf: Match.equal("ESP-1")] }
        spy.verify { $0[quantityOf: Match.equal("ESP-1")] = Match.equal(6) }
    }

    @Test func someRequirementsStubbedTheRestForwarded() throws {
        let cart = RCInMemoryCart()
        let spy = try Spy<any RCCartService>(forwardingTo: cart)
        spy.when { $0.total(discount: Match.any()) }.thenReturn(Decimal(99))
        spy.when { try $0.remove(sku: Match.equal("LOCKED")) }.thenThrow(RCCartError.unknownSKU("LOCKED"))
        let sut = spy()
        _ = sut.add(Self.filter)
        #expect(sut.total(discount: 0) == 99)
        #expect(throws: RCCartError.unknownSKU("LOCKED")) { try sut.remove(sku: "LOCKED") }
        #expect(try sut.remove(sku: "FLT-9") == Self.filter)
        #expect(throws: RCCartError.unknownSKU("FLT-9")) { try sut.remove(sku: "FLT-9") }
        #expect(cart.items.isEmpty)

        let removals = spy.when { try $0.remove(sku: Match.any()) }
        let forwarded: [String] = removals.forwarded.arguments()
        let stubbed: [String] = removals.stubbed.arguments()
        #expect(forwarded == ["FLT-9", "FLT-9"])
        #expect(stubbed == ["LOCKED"])
        spy.history.forwarded.verify(3...3)
        spy.history.stubbed.verify(2...2)
    }

    @Test func anInoutArgumentComesBackAsTheRealCartLeftIt() throws {
        let spy = try Spy<any RCCartService>(forwardingTo: RCInMemoryCart())
        var skus = [" esp-1", "flt-9 ", "  "]
        spy().normalize(&skus)
        #expect(skus == ["ESP-1", "FLT-9"])
        spy.verify {
            var recorded: [String] = Match.equal([" esp-1", "flt-9 ", "  "])
            $0.normalize(&recorded)
        }
    }

    @Test func anUnconstrainedGenericLookupForwardsPerType() throws {
        let spy = try Spy<any RCCartService>(forwardingTo: RCInMemoryCart())
        let sut = spy()
        let currency: String? = sut.attribute("currency")
        let maxItems: Int? = sut.attribute("maxItems")
        let wrongType: Int? = sut.attribute("currency")
        #expect(currency == "EUR")
        #expect(maxItems == 20)
        #expect(wrongType == nil)
        spy.when { $0.attribute(Match.equal("currency")) as String? }.thenReturn("USD")
        let overridden: String? = sut.attribute("currency")
        #expect(overridden == "USD")
        // A pattern selects the calls of its own specialization: the `Int?` read is the other's.
        spy.verify(2...2) { $0.attribute(Match.any()) as String? }
        spy.verify(2...2) { $0.attribute(Match.any()) as Int? }
    }

    @Test func extensionHelpersAndDefaultsGoThroughTheSpy() throws {
        let cart = RCInMemoryCart()
        let spy = try Spy<any RCCartService>(forwardingTo: cart)
        let sut = spy()
        #expect(sut.badgeText() == "")
        #expect(sut.addAll([Self.espresso, Self.filter]) == 2)
        #expect(sut.badgeText() == "2")
        spy.verify(2...2) { $0.add(Match.any()) }
        spy.verify(2...2) { $0.badgeText() }
        spy.when { $0.badgeText() }.thenReturn("99+")
        #expect(sut.badgeText() == "99+")
    }

    @Test func asyncCheckoutForwardsReceiptsAndErrors() async throws {
        let cart = RCInMemoryCart()
        let spy = try Spy<any RCCartService>(forwardingTo: cart)
        let sut = spy()
        await #expect(throws: RCCartError.emptyCart) { try await sut.checkout(paymentToken: "tok_1") }
        _ = sut.add(Self.espresso)
        await #expect(throws: RCCartError.paymentDeclined(reason: "invalid token")) {
            try await sut.checkout(paymentToken: "card-4242")
        }
        let receipt = try await sut.checkout(paymentToken: "tok_visa")
        #expect(receipt.orderID == cart.fixedReceiptID)
        #expect(receipt.total == Decimal(25))
        #expect(receipt.placedAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(cart.items.isEmpty)
        await spy.verify(3...3) { try await $0.checkout(paymentToken: Match.any()) }
        let checkouts = await spy.when { try await $0.checkout(paymentToken: Match.any()) }
        #expect(checkouts.forwarded.callCount == 3)
        #expect(checkouts.outcomes().allSatisfy { if case .forwarded = $0 { true } else { false } })
    }
}
