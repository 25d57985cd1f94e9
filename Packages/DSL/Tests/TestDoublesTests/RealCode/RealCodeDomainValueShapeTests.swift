import Foundation
import TestDoubles
import Testing

// The value shapes a domain layer passes around: wide structs (more than
// four words), structs holding class references and strings, tuples,
// mixed scalar widths, optional existentials, `some` parameters and
// `inout` state.

final class RCImageCache: @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
}

struct RCRenderContext: Sendable, Equatable {
    var cache: RCImageCache
    var locale: String
    var scale: Double
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.cache === rhs.cache && lhs.locale == rhs.locale && lhs.scale == rhs.scale
    }
}

struct RCInvoice: Sendable, Equatable {
    var number: String
    var customerID: UUID
    var lines: [RCLine]
    var issuedAt: Date
    var dueAt: Date?
    var subtotal: Decimal
    var taxRate: Double
    var currency: String
    var paid: Bool
    var notes: String?
}

struct RCLine: Sendable, Hashable {
    var sku: String
    var quantity: Int16
    var unitPrice: Decimal
}

struct RCGeometry: Sendable, Equatable {
    var x: Double, y: Double, width: Float, height: Float
    var rotation: Double
    var opacity: Float
    var visible: Bool
}

protocol RCPricingRule: Sendable {
    func discount(for total: Decimal) -> Decimal
}

struct RCTenPercentOff: RCPricingRule {
    func discount(for total: Decimal) -> Decimal { total / 10 }
}

struct RCCart: Sendable, Equatable {
    var items: [RCLine] = []
    var coupon: String?
}

protocol RCBillingService: Sendable {
    func issue(_ invoice: RCInvoice) throws -> RCInvoice
    func render(_ invoice: RCInvoice, in context: RCRenderContext) -> String
    func layout(_ frame: RCGeometry, insetBy inset: (dx: Double, dy: Double)) -> RCGeometry
    func totals(for ids: [UUID]) -> (count: Int, sum: Decimal, lastIssued: Date?)
    func mix(
        _ a: Int8, _ b: UInt16, _ c: Bool, _ d: Float, _ e: Character, _ f: Bool, _ g: Double, _ h: UInt64
    ) -> String
    func apply(rule: (any RCPricingRule)?, to total: Decimal) -> Decimal
    func summarize(_ lines: some Collection<RCLine>) -> Int
    func add(_ line: RCLine, to cart: inout RCCart)
    func tags() -> Set<String>
}

struct RCLiveBilling: RCBillingService {
    func issue(_ invoice: RCInvoice) throws -> RCInvoice {
        var issued = invoice
        issued.number = "LIVE-" + invoice.number
        return issued
    }
    func render(_ invoice: RCInvoice, in context: RCRenderContext) -> String {
        "\(invoice.number)@\(context.cache.name)/\(context.locale)x\(context.scale)"
    }
    func layout(_ frame: RCGeometry, insetBy inset: (dx: Double, dy: Double)) -> RCGeometry {
        var out = frame
        out.x += inset.dx
        out.y += inset.dy
        return out
    }
    func totals(for ids: [UUID]) -> (count: Int, sum: Decimal, lastIssued: Date?) { (ids.count, 1, nil) }
    func mix(
        _ a: Int8, _ b: UInt16, _ c: Bool, _ d: Float, _ e: Character, _ f: Bool, _ g: Double, _ h: UInt64
    ) -> String {
        "\(a) \(b) \(c) \(d) \(e) \(f) \(g) \(h)"
    }
    func apply(rule: (any RCPricingRule)?, to total: Decimal) -> Decimal { total - (rule?.discount(for: total) ?? 0) }
    func summarize(_ lines: some Collection<RCLine>) -> Int { lines.reduce(0) { $0 + Int($1.quantity) } }
    func add(_ line: RCLine, to cart: inout RCCart) { cart.items.append(line) }
    func tags() -> Set<String> { ["live"] }
}

@Suite struct RealCodeDomainValueShapeTests {
    static let customer = UUID(uuidString: "C0FFEE00-1234-5678-9ABC-DEF012345678")!
    static let invoice = RCInvoice(
        number: "INV-2026-0042", customerID: customer,
        lines: [
            RCLine(sku: "BOOK", quantity: 2, unitPrice: Decimal(string: "19.99")!),
            RCLine(sku: "PEN", quantity: -1, unitPrice: Decimal(string: "0.5")!),
        ],
        issuedAt: Date(timeIntervalSince1970: 1_764_000_000), dueAt: nil, subtotal: Decimal(string: "39.48")!,
        taxRate: 0.27, currency: "HUF", paid: false, notes: "net 30 — köszönöm")

    @Test func aWideInvoiceGoesInAndComesBackExactly() throws {
        let billing = try Stub<any RCBillingService>()
        var issued = Self.invoice
        issued.number = "INV-2026-0042-A"
        issued.dueAt = Date(timeIntervalSince1970: 1_766_592_000)
        billing.when { try $0.issue(Match.property(\.currency, equalTo: "HUF")) }.thenReturn(issued)
        billing.when { try $0.issue(Match.any()) }.then { (invoice: RCInvoice) throws -> RCInvoice in
            var copy = invoice
            copy.paid = true
            return copy
        }
        let sut = billing()
        #expect(try sut.issue(Self.invoice) == issued)
        var euro = Self.invoice
        euro.currency = "EUR"
        let paid = try sut.issue(euro)
        #expect(
            paid.paid && paid.currency == "EUR" && paid.lines == Self.invoice.lines && paid.notes == Self.invoice.notes)
        let issuedArguments: [RCInvoice] = billing.when { try $0.issue(Match.any()) }.arguments()
        #expect(issuedArguments == [Self.invoice, euro])
    }

    @Test func aStructHoldingAClassAndStringsIsPassedWithItsReference() throws {
        let billing = try Stub<any RCBillingService>()
        let cache = RCImageCache(name: "thumbnails")
        let context = RCRenderContext(cache: cache, locale: "hu_HU", scale: 2)
        billing.when {
            $0.render(
                Match.any(), in: Match.any(using: RCRenderContext(cache: RCImageCache(name: "p"), locale: "", scale: 1))
            )
        }.then { (invoice: RCInvoice, context: RCRenderContext) in
            "\(invoice.number) via \(context.cache.name) \(context.locale) @\(context.scale)x"
        }
        #expect(billing().render(Self.invoice, in: context) == "INV-2026-0042 via thumbnails hu_HU @2.0x")
        let contexts = Match.Capture<RCRenderContext>()
        billing.verify {
            $0.render(Match.any(), in: contexts.capture(using: RCRenderContext(cache: cache, locale: "", scale: 1)))
        }
        #expect(contexts.values.first?.cache === cache)
        #expect(contexts.values == [context])
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        #expect(spy().render(Self.invoice, in: context) == "INV-2026-0042@thumbnails/hu_HUx2.0")
    }

    @Test func geometryWithFloatsAndDoublesAndALabeledTupleArgument() throws {
        let billing = try Stub<any RCBillingService>()
        billing.when { $0.layout(Match.any(), insetBy: Match.any()) }
            .then { (frame: RCGeometry, inset: (dx: Double, dy: Double)) in
                RCGeometry(
                    x: frame.x - inset.dx, y: frame.y - inset.dy, width: frame.width * 2, height: frame.height * 2,
                    rotation: -frame.rotation, opacity: frame.opacity / 2, visible: !frame.visible)
            }
        let frame = RCGeometry(
            x: 10.5, y: -3.25, width: 320, height: 480.5, rotation: .pi / 4, opacity: 0.8, visible: true)
        let out = billing().layout(frame, insetBy: (dx: 0.5, dy: 0.75))
        #expect(
            out == RCGeometry(x: 10, y: -4, width: 640, height: 961, rotation: -.pi / 4, opacity: 0.4, visible: false))
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        #expect(spy().layout(frame, insetBy: (dx: 1, dy: 2)).y == -1.25)
    }

    @Test func aLabeledTupleResultWithDecimalAndOptionalDate() throws {
        let billing = try Stub<any RCBillingService>()
        let last = Date(timeIntervalSince1970: 1_764_100_000)
        billing.when { $0.totals(for: Match.hasCount(2)) }.thenReturn(
            (count: 2, sum: Decimal(string: "99.90")!, lastIssued: last))
        billing.when { $0.totals(for: Match.any()) }.thenReturn((count: 0, sum: 0, lastIssued: nil))
        let two = billing().totals(for: [UUID(), UUID()])
        #expect(two.count == 2 && two.sum == Decimal(string: "99.90")! && two.lastIssued == last)
        let none = billing().totals(for: [])
        #expect(none.count == 0 && none.sum == 0 && none.lastIssued == nil)
        let live = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())().totals(for: [UUID()])
        #expect(live.count == 1 && live.sum == 1 && live.lastIssued == nil)
    }

    @Test func eightMixedScalarsArriveInOrder() throws {
        let billing = try Stub<any RCBillingService>()
        billing.when {
            $0.mix(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }.then { (a: Int8, b: UInt16, c: Bool, d: Float, e: Character, f: Bool, g: Double, h: UInt64) in
            "\(a)|\(b)|\(c)|\(d)|\(e)|\(f)|\(g)|\(h)"
        }
        let sut = billing()
        #expect(
            sut.mix(-128, 65_535, true, -0.5, "🇭🇺", false, 1e-300, .max)
                == "-128|65535|true|-0.5|🇭🇺|false|1e-300|18446744073709551615")
        billing.verify { $0.mix(-128, 65_535, true, -0.5, "🇭🇺", false, 1e-300, .max) }
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        #expect(spy().mix(1, 2, false, 3.5, "x", true, 4.25, 5) == "1 2 false 3.5 x true 4.25 5")
    }

    @Test func anOptionalExistentialArgumentIsPassedThrough() throws {
        let billing = try Stub<any RCBillingService>()
        billing.when { $0.apply(rule: Match.isNil(), to: Match.any()) }.then {
            (_: (any RCPricingRule)?, total: Decimal) in total
        }
        billing.when { $0.apply(rule: Match.notNil(), to: Match.any()) }
            .then { (rule: (any RCPricingRule)?, total: Decimal) in total - rule!.discount(for: total) }
        let sut = billing()
        #expect(sut.apply(rule: nil, to: 200) == 200)
        #expect(sut.apply(rule: RCTenPercentOff(), to: 200) == 180)
        let rules = Match.Capture<(any RCPricingRule)?>()
        billing.verify(2...2) { $0.apply(rule: rules.capture(), to: Match.any()) }
        #expect(rules.values.count == 2)
        #expect(rules.values[0] == nil)
        #expect(rules.values[1] is RCTenPercentOff)
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        #expect(spy().apply(rule: RCTenPercentOff(), to: 50) == 45)
    }

    @Test func someCollectionParametersAndSets() throws {
        let billing = try Stub<any RCBillingService>()
        billing.when { $0.summarize(Match.any() as [RCLine]) }.then { (lines: [RCLine]) in lines.count * 100 }
        billing.when { $0.tags() }.thenReturn(["vip", "b2b", "eu"])
        let sut = billing()
        #expect(sut.summarize(Self.invoice.lines) == 200)
        #expect(sut.tags() == ["eu", "b2b", "vip"])
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        #expect(spy().summarize(Self.invoice.lines) == 1)
        #expect(spy().summarize(Set(Self.invoice.lines)) == 1)
    }

    @Test func inoutCartIsChangedByTheHandlerAndByTheRealConformer() throws {
        let billing = try Stub<any RCBillingService>()
        billing.when {
            var cart: RCCart = Match.any()
            $0.add(Match.any(), to: &cart)
        }.then { (line: RCLine, cart: inout RCCart) in
            cart.items.append(line)
            cart.coupon = "FIRST"
        }
        var cart = RCCart()
        billing().add(Self.invoice.lines[0], to: &cart)
        #expect(cart == RCCart(items: [Self.invoice.lines[0]], coupon: "FIRST"))
        let spy = try Spy<any RCBillingService>(forwardingTo: RCLiveBilling())
        var other = RCCart(items: [], coupon: "KEEP")
        spy().add(Self.invoice.lines[1], to: &other)
        #expect(other == RCCart(items: [Self.invoice.lines[1]], coupon: "KEEP"))
    }

    @Test func aDummyInvoiceAndADummyServiceAreConstructible() throws {
        let invoice: RCInvoice = Dummy.make()
        #expect(invoice.lines.isEmpty)
        let service: any RCBillingService = Dummy.make()
        let issues = TestDoubleIssueReporting.capture { _ = service.tags() }
        #expect(issues.count == 1)
    }
}
