import Foundation
import TestDoubles
import Testing

// SDK code that asks a value at run time what else it is: an optional
// delegate protocol checked with `as?`, a value that travelled as `Any`, an
// error caught by its protocol. A stub's value must answer as a value of its
// protocol (and of every protocol that one inherits) would, and of no other.

protocol CastFeedDelegate: AnyObject {
    func feedDidLoad(items: Int)
}

/// The optional extras an SDK checks for with `as?` before calling them.
protocol CastFeedDelegateExtras: CastFeedDelegate {
    func feedWillLoad(page: Int) -> Bool
}

protocol CastPricing {
    func price(of sku: String) -> Int
}

protocol CastDiscounting: CastPricing {
    func discount(for sku: String) -> Int
}

protocol CastUnrelated {
    func unrelated() -> Int
}

protocol CastServiceFailure: Error {
    var code: Int { get }
}

protocol CastTag: Hashable {
    var label: String { get }
}

protocol CastTagStore {
    func save(_ tag: any CastTag) -> Bool
}

struct CastLiveTag: CastTag {
    var label: String
}

struct CastAcceptingStore: CastTagStore {
    func save(_ tag: any CastTag) -> Bool { true }
}

/// The object under test: reports to a weak delegate, asking it for the extras first.
final class CastFeedLoader {
    weak var delegate: (any CastFeedDelegate)?

    /// Loads `pages`, skipping those the delegate's extras decline.
    func load(pages: [Int]) {
        var loaded = 0
        for page in pages {
            if let extras = delegate as? any CastFeedDelegateExtras, !extras.feedWillLoad(page: page) { continue }
            loaded += 1
        }
        delegate?.feedDidLoad(items: loaded)
    }
}

/// A priced catalog that only knows its pricing as `Any` (a dependency container).
struct CastCatalog {
    let services: [String: Any]

    func total(of skus: [String]) -> Int? {
        guard let pricing = services["pricing"] as? any CastPricing else { return nil }
        let discounting = services["pricing"] as? any CastDiscounting
        return skus.reduce(0) { $0 + pricing.price(of: $1) - (discounting?.discount(for: $1) ?? 0) }
    }
}

/// The app's own delegate, which takes every page.
final class CastEagerDelegate: CastFeedDelegateExtras {
    private(set) var loaded: [Int] = []
    func feedDidLoad(items: Int) { loaded.append(items) }
    func feedWillLoad(page: Int) -> Bool { true }
}

struct CastConstantUnrelated: CastUnrelated {
    func unrelated() -> Int { 0 }
}

struct CastTimeoutFailure: CastServiceFailure {
    var code: Int { 408 }
}

struct CastRealPricing: CastDiscounting {
    func price(of sku: String) -> Int { sku.count * 10 }
    func discount(for sku: String) -> Int { 1 }
}

@Suite struct RealCodeDynamicCastTests {
    @Test func anOptionalDelegateProtocolIsFoundWithAsAndItsCallsAreRecorded() throws {
        let stub = try Stub<any CastFeedDelegateExtras>()
        stub.when { $0.feedWillLoad(page: Match.any()) }.then { (page: Int) in page != 2 }
        stub.when { $0.feedDidLoad(items: Match.any()) }.thenDoNothing()
        let delegate = stub()
        let loader = CastFeedLoader()
        loader.delegate = delegate
        loader.load(pages: [1, 2, 3])
        stub.verify(.exactly(3)) { $0.feedWillLoad(page: Match.any()) }
        stub.verify(.once) { $0.feedDidLoad(items: 2) }
        withExtendedLifetime(delegate) {}
        // The app's own delegate goes the same way and takes every page.
        let eager = CastEagerDelegate()
        loader.delegate = eager
        loader.load(pages: [1, 2, 3])
        #expect(eager.loaded == [3])
    }

    @Test func aStubOfTheBaseProtocolIsNotTheExtras() throws {
        let stub = try Stub<any CastFeedDelegate>()
        stub.when { $0.feedDidLoad(items: Match.any()) }.thenDoNothing()
        let delegate = stub()
        let loader = CastFeedLoader()
        loader.delegate = delegate
        loader.load(pages: [1, 2, 3])
        #expect((delegate as AnyObject) as? any CastFeedDelegateExtras == nil)
        #expect(!(delegate is any CastFeedDelegateExtras))
        stub.verify(.once) { $0.feedDidLoad(items: 3) }
    }

    @Test func aValueHeldAsAnyCastsToItsProtocolAndItsParentAndLandsInTheSameStub() throws {
        let stub = try Stub<any CastDiscounting>()
        stub.when { $0.price(of: Match.any()) }.thenReturn(30)
        stub.when { $0.discount(for: "tea") }.thenReturn(5)
        stub.when { $0.discount(for: Match.any()) }.thenReturn(0)
        let catalog = CastCatalog(services: ["pricing": stub()])
        #expect(catalog.total(of: ["tea", "milk"]) == 55)
        let value: Any = stub()
        #expect(value is any CastPricing)
        #expect(value is any CastDiscounting)
        let pricing = try #require(value as? any CastPricing)
        #expect(pricing.price(of: "bread") == 30)
        stub.verify(.exactly(3)) { $0.price(of: Match.any()) }
        stub.verify(.once) { $0.price(of: "bread") }
        stub.verify(.exactly(2)) { $0.discount(for: Match.any()) }
    }

    @Test func aCastToAProtocolTheStubDoesNotConformToFails() throws {
        let stub = try Stub<any CastPricing>()
        let value: Any = stub()
        #expect(value as? any CastUnrelated == nil)
        #expect(!(value is any CastDiscounting))
        #expect(!(value is any CastFeedDelegate))
        #expect(!(value is any Error))
        #expect(!(value is any CustomStringConvertible))
        // A catalog given only the parent protocol's stub prices without discounts.
        stub.when { $0.price(of: Match.any()) }.thenReturn(7)
        #expect(CastCatalog(services: ["pricing": value]).total(of: ["a", "b"]) == 14)
    }

    @Test func stubsOfDifferentProtocolsDoNotSeeEachOthersConformances() throws {
        let pricing = try Stub<any CastPricing>()
        let unrelated = try Stub<any CastUnrelated>()
        let discounting = try Stub<any CastDiscounting>()
        let pricingValue: Any = pricing()
        let unrelatedValue: Any = unrelated()
        let discountingValue: Any = discounting()
        #expect(pricingValue is any CastPricing)
        #expect(!(pricingValue is any CastUnrelated))
        #expect(!(pricingValue is any CastDiscounting))
        #expect(unrelatedValue is any CastUnrelated)
        #expect(!(unrelatedValue is any CastPricing))
        #expect(discountingValue is any CastDiscounting)
        #expect(!(discountingValue is any CastUnrelated))
        // Each cast value answers from its own stub.
        pricing.when { $0.price(of: Match.any()) }.thenReturn(1)
        discounting.when { $0.price(of: Match.any()) }.thenReturn(2)
        unrelated.when { $0.unrelated() }.thenReturn(3)
        #expect((pricingValue as? any CastPricing)?.price(of: "x") == 1)
        #expect((discountingValue as? any CastPricing)?.price(of: "x") == 2)
        #expect((unrelatedValue as? any CastUnrelated)?.unrelated() == 3)
        pricing.verify(.once) { $0.price(of: "x") }
        discounting.verify(.once) { $0.price(of: "x") }
    }

    @Test func twoStubsOfOneProtocolKeepTheirOwnAnswersThroughCasts() throws {
        let first = try Stub<any CastPricing>()
        let second = try Stub<any CastPricing>()
        first.when { $0.price(of: Match.any()) }.thenReturn(10)
        second.when { $0.price(of: Match.any()) }.thenReturn(20)
        let values: [Any] = [first(), second(), first()]
        let prices = values.compactMap { ($0 as? any CastPricing)?.price(of: "sku") }
        #expect(prices == [10, 20, 10])
        first.verify(.exactly(2)) { $0.price(of: "sku") }
        second.verify(.once) { $0.price(of: "sku") }
    }

    @Test func aSpyValueCastBackForwardsAndRecords() throws {
        let spy = try Spy<any CastDiscounting>(forwardingTo: CastRealPricing())
        let value: Any = spy()
        let discounting = try #require(value as? any CastDiscounting)
        #expect(discounting.price(of: "abc") == 30)
        #expect(discounting.discount(for: "abc") == 1)
        #expect(CastCatalog(services: ["pricing": value]).total(of: ["ab"]) == 19)
        spy.verify(.exactly(2)) { $0.price(of: Match.any()) }
        spy.verify(.exactly(2)) { $0.discount(for: Match.any()) }
    }

    @Test func aDummyValueIsAValueOfItsProtocolOnly() throws {
        let dummy = try Dummy<any CastDiscounting>()
        let value: Any = dummy()
        #expect(value is any CastDiscounting)
        #expect(value is any CastPricing)
        #expect(!(value is any CastUnrelated))
    }

    @Test func aThrownStubErrorIsCaughtByItsProtocol() throws {
        let stub = try Stub<any CastServiceFailure>()
        stub.when { $0.code }.thenReturn(503)
        func fetch() throws -> String { throw stub() }
        do {
            _ = try fetch()
            Issue.record("fetch did not throw")
        } catch let failure as any CastServiceFailure {
            #expect(failure.code == 503)
        } catch {
            Issue.record("the stub's error was not caught by its protocol: \(error)")
        }
        stub.verify(.once) { $0.code }
        // As a real error of the protocol would be.
        func caughtCode(_ body: () throws -> Void) -> Int? {
            do { try body() } catch let failure as any CastServiceFailure { return failure.code } catch {}
            return nil
        }
        #expect(caughtCode { throw CastTimeoutFailure() } == 408)
    }

    @Test func aHashableStubsValueGivenToWhenMatchesThatValueOnly() throws {
        let first = try Stub<any CastTag>()
        let second = try Stub<any CastTag>()
        let store = try Stub<any CastTagStore>()
        // The literal is an `any Equatable` now; it still means this very value (its `==` is never asked).
        store.when { $0.save(first()) }.thenReturn(true)
        store.when { $0.save(Match.any()) }.thenReturn(false)
        #expect(store().save(first()))
        #expect(!store().save(second()))
        #expect(CastAcceptingStore().save(CastLiveTag(label: "real")))
        store.verify(.once) { $0.save(first()) }
    }

    @Test func aValueOfAStubPrintsAsTheDouble() throws {
        let stub = try Stub<any CastPricing>()
        let printed = String(reflecting: stub())
        #expect(printed.hasPrefix("TestDoubles.Stub<"))
        #expect(printed.hasSuffix("CastPricing>"))
        #expect("\(type(of: stub() as Any))".contains("CastPricing"))
    }
}
