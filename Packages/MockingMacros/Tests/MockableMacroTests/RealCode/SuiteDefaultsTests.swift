import Foundation
import SwiftMockingMacros
import Testing

#if compiler(>=6.1)  // the .mocking and .withDefaults traits
/// Suite-level defaults, with the mock a stored property of the suite and
/// stubs arranged in the suite's initializer, as Swift Testing suites do.
@Suite(.withDefaults(Note(id: UUID(), body: "suite"), Tier.gold))
struct SuiteDefaultsTests {
    let mock = MockCheckout()
    let cart = Cart(items: ["a"])

    init() {
        when(mock.submit(.any)).thenReturn("order-1")
    }

    @Test func suiteDefaultsAnswerUnstubbedCalls() async throws {
        let checkout: any Checkout = mock
        #expect(checkout.receipt(for: cart).body == "suite")
        #expect(checkout.tier(for: cart) == .gold)
        #expect(try checkout.quote("x").body == "suite")
        #expect(try await (mock as any Checkout & Sendable).submit(cart) == "order-1")
    }

    @Test(.withDefaults(Note(id: UUID(), body: "test"))) func aTestTraitReplacesTheSuites() {
        let checkout: any Checkout = mock
        #expect(checkout.receipt(for: cart).body == "test")
        withKnownIssue {
            // The suite's Tier default is gone: the zero value answers, with an issue.
            #expect(checkout.tier(for: cart) == .basic)
        }
    }

    @Test func eachTestHasItsOwnMock() {
        verify(mock.receipt(for: .any)).neverCalled()
        verify(mock.submit(.any)).neverCalled()
    }
}
#endif
