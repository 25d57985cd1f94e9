import TestDoubles
import Testing

// The ReusableScenarios article's examples, with a runtime Stub.

struct ShopMember: Equatable, Sendable {
    var id: Int
    var name: String
}

protocol ShopAccounts {
    func currentMember() -> ShopMember?
    func canPurchase() -> Bool
    func member(id: Int) -> ShopMember?
    func refresh() async throws -> Bool
}

/// Linked so the runtime can read the requirement signatures.
struct LiveShopAccounts: ShopAccounts {
    func currentMember() -> ShopMember? { nil }
    func canPurchase() -> Bool { false }
    func member(id: Int) -> ShopMember? { nil }
    func refresh() async throws -> Bool { false }
}

@Suite struct ReusableScenariosArticleTests {
    static let ada = ShopMember(id: 42, name: "ada")

    @Test func aNamedSetupAppliesToAStub() throws {
        let signedOut: StubScenario<any ShopAccounts> = .init {
            $0.when { $0.currentMember() }.thenReturn(nil)
            $0.when { $0.canPurchase() }.thenReturn(false)
        }
        let stub = try Stub<any ShopAccounts>()
        signedOut.apply(to: stub)
        #expect(stub().currentMember() == nil)
        #expect(stub().canPurchase() == false)
    }

    @Test func specificBeforeFallback() throws {
        let member: StubScenario<any ShopAccounts> = .init {
            $0.when { $0.member(id: Match.equal(42)) }.thenReturn(Self.ada)
        }
        let fallback: StubScenario<any ShopAccounts> = .init {
            $0.when { $0.member(id: Match.any()) }.thenReturn(nil)
        }
        let stub = try Stub<any ShopAccounts>()
        member.appending(fallback).apply(to: stub)
        #expect(stub().member(id: 42) == Self.ada)
        #expect(stub().member(id: 7) == nil)
    }

    @Test func asyncScenariosAwaitApply() async throws {
        let refreshed = AsyncStubScenario<any ShopAccounts>(named: "refreshed") {
            await $0.when { try await $0.refresh() }.thenReturn(true)
        }
        let stub = try Stub<any ShopAccounts>()
        await refreshed.apply(to: stub)
        #expect(try await stub().refresh())
        #expect(refreshed.name == "refreshed")
    }
}
