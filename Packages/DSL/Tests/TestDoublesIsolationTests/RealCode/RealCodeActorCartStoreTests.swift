import Foundation
import TestDoubles
import Testing

// A persistence layer behind an actor protocol (`protocol CartStore: Actor`),
// called by many checkout tasks at once, with a `nonisolated` identifier and
// an async handler that awaits another actor.

struct CRCartLine: Sendable, Equatable, Hashable {
    var sku: String
    var quantity: Int
}

struct CRReceipt: Sendable, Equatable {
    var orderID: Int
    var lines: [CRCartLine]
}

enum CRCheckoutError: Error, Equatable {
    case emptyCart
    case outOfStock(String)
}

protocol CRCartStore: Actor {
    var lines: [CRCartLine] { get }
    func add(_ line: CRCartLine) async
    func checkout(paymentToken: String) async throws -> CRReceipt
    nonisolated var storeIdentifier: String { get }
}

actor CRDiskCartStore: CRCartStore {
    var lines: [CRCartLine] = []
    func add(_ line: CRCartLine) async { lines.append(line) }
    func checkout(paymentToken: String) async throws -> CRReceipt {
        guard !lines.isEmpty else { throw CRCheckoutError.emptyCart }
        defer { lines = [] }
        return CRReceipt(orderID: lines.count, lines: lines)
    }
    nonisolated var storeIdentifier: String { "disk" }
}

/// Stock levels the handler consults, an actor of its own.
actor CRInventory {
    private var stock: [String: Int]
    init(stock: [String: Int]) { self.stock = stock }
    func reserve(_ line: CRCartLine) throws(CRCheckoutError) {
        let available = stock[line.sku, default: 0]
        guard available >= line.quantity else { throw .outOfStock(line.sku) }
        stock[line.sku] = available - line.quantity
    }
    func remaining(_ sku: String) -> Int { stock[sku, default: 0] }
}

@Suite struct RealCodeActorCartStoreTests {
    @Test func concurrentAddsFromTaskGroupChildrenAreAllRecorded() async throws {
        let store = try Stub<any CRCartStore>()
        let adds = await store.when { await $0.add(Match.any()) }
        adds.thenDoNothing()
        let cart: any CRCartStore = store()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { await cart.add(CRCartLine(sku: "sku-\(index % 4)", quantity: index)) }
            }
        }
        let added: [CRCartLine] = adds.arguments()
        #expect(added.count == 40)
        #expect(Set(added.map(\.quantity)) == Set(0..<40))
        await store.verify(10...10) { await $0.add(Match.property(\CRCartLine.sku, equalTo: "sku-1")) }
    }

    @Test func anAsyncHandlerAwaitsAnotherActorBeforeAnswering() async throws {
        let store = try Stub<any CRCartStore>()
        let inventory = CRInventory(stock: ["apple": 3, "pear": 1])
        let basket = [CRCartLine(sku: "apple", quantity: 2), CRCartLine(sku: "pear", quantity: 1)]
        await store.when { await $0.lines }.thenReturn(basket)
        await store.when { try await $0.checkout(paymentToken: Match.any()) }.then {
            (token: String) async throws -> CRReceipt in
            for line in basket { try await inventory.reserve(line) }
            return CRReceipt(orderID: token.count, lines: basket)
        }
        let cart: any CRCartStore = store()
        let receipt = try await cart.checkout(paymentToken: "tok_1234")
        #expect(receipt == CRReceipt(orderID: 8, lines: basket))
        #expect(await inventory.remaining("apple") == 1)
        await #expect(throws: CRCheckoutError.outOfStock("apple")) {
            _ = try await cart.checkout(paymentToken: "tok_5678")
        }
        #expect(await cart.lines == basket)
    }

    @Test func theNonisolatedIdentifierIsAnsweredWithoutHoppingOntoTheActor() throws {
        let store = try Stub<any CRCartStore>()
        store.when { $0.storeIdentifier }.thenReturn("memory")
        let cart: any CRCartStore = store()
        #expect(cart.storeIdentifier == "memory")
        store.verify(1...1) { $0.storeIdentifier }
    }

    @Test func aSpyForwardsConcurrentCallsToTheRealActorAndCountsThem() async throws {
        let disk = CRDiskCartStore()
        let spy = try Spy<any CRCartStore>(forwardingTo: disk)
        let cart: any CRCartStore = spy()
        await withTaskGroup(of: Void.self) { group in
            for index in 1...12 { group.addTask { await cart.add(CRCartLine(sku: "s\(index)", quantity: 1)) } }
        }
        #expect(await disk.lines.count == 12)
        let receipt = try await cart.checkout(paymentToken: "tok")
        #expect(receipt.orderID == 12)
        await #expect(throws: CRCheckoutError.emptyCart) { _ = try await cart.checkout(paymentToken: "tok") }
        await spy.verify(12...12) { await $0.add(Match.any()) }
        await spy.verify(2...2) { try await $0.checkout(paymentToken: Match.equal("tok")) }
    }
}
