import Foundation
import SwiftMockingMacros
import Testing

/// The runtime surface a migrating suite touches beside `when`/`verify`:
/// registries set after spies exist, logging flags, the recorder, scopes,
/// the cross-spy engine and the error values.
@Suite struct RuntimeSurfaceTests {
    let cart = Cart(items: [])

    @Test func aRegistrySetLaterReachesExistingSpies() throws {
        let mock = MockCheckout()
        let checkout: any Checkout = mock
        // The spy exists once a stub or a call made it.
        when(mock.quote("stubbed")).thenReturn(Note(id: UUID(), body: "s"))
        #expect(throws: MockingError.self) { try checkout.quote("other") }
        var registry = DefaultProvidableRegistry.default
        registry.register(.init(Note.self) { Note(id: UUID(), body: "late") })
        mock.defaultProviderRegistry = registry
        #expect(try checkout.quote("other").body == "late")
        #expect(try checkout.quote("stubbed").body == "s")
    }

    @Test func aSpyWithoutRegistryHasNoDefaults() throws {
        let spy = Spy<String, Throws, Int>()
        #expect(try spy("a") == 0)
        spy.defaultProviderRegistry = nil
        #expect(throws: MockingError.self) { try spy("b") }
        #expect(spy.invocationCount == 2)
    }

    @Test func loggingFlagsPropagateToExistingSpies() {
        let mock = MockCheckout()
        let spy = mock.total(of: .any, discount: .any).spy
        #expect(!spy.isLoggingEnabled)
        mock.isLoggingEnabled = true
        #expect(spy.isLoggingEnabled)
        #expect(mock.events().spy.isLoggingEnabled)
    }

    @Test func labelsAndDescriptions() throws {
        let mock = MockCheckout()
        _ = (mock as any Checkout).total(of: cart, discount: 2.5)
        let spy = mock.total(of: .any, discount: .any).spy
        #expect(spy.methodLabel == "MockCheckout.total")
        let invocation = try #require(spy.invocations.first)
        #expect(invocation.debugDescription.hasSuffix(", 2.5)"))
        #expect(Spy<Int, None, Int>(label: "custom").methodLabel == "custom")
    }

    @Test func recorderScopesAndTheCrossSpyEngine() {
        let recorder = InvocationRecorder()
        MockScope.withInvocationRecorder(recorder) {
            let mock = MockCheckout()
            let checkout: any Checkout = mock
            _ = checkout.events()
            _ = checkout.total(of: cart, discount: 0)
            #expect(recorder.count == 2)
            #expect(recorder.snapshot().map(\.methodLabel) == ["MockCheckout.events", "MockCheckout.total"])
            #expect(CrossSpyVerification.verifyInOrder([mock.events(), mock.total(of: .any, discount: .any)]) == nil)
            let failure = CrossSpyVerification.verifyInOrder([mock.total(of: .any, discount: .any), mock.events()])
            #expect(failure?.expectedRemaining == 1)
            #expect(failure?.matched.count == 1)
            recorder.clear()
            #expect(recorder.count == 0)
        }
    }

    @Test func staticClearEmptiesEveryMockTypesStaticSpies() {
        MockScope.withStorage {
            let flags: any FeatureFlags.Type = MockFeatureFlags.self
            flags.reset()
            MockEnvironment.configure(with: ["a"])
            verify(MockFeatureFlags.reset()).called(1)
            verify(MockEnvironment.configure(with: .any)).called(1)
            Mock.clear()
            verify(MockFeatureFlags.reset()).neverCalled()
            verify(MockEnvironment.configure(with: .any)).neverCalled()
        }
    }

    @Test func errorValues() {
        #expect(MockingError.unfulfilledCallCount(2).message.contains("Actual: 2"))
        #expect(MockingError.didNotThrow == MockingError.didNotThrow)
        #expect(MockingError.noMatchingInvocations != MockingError.didNotThrow)
        #expect(
            MockingError.unStubbed("M.f", inputs: "(1)").message
                == #"Unstubbed method "M.f." No configured return value for inputs: (1)"#)
    }

    @Test func throwingPrimitivesThrowInsteadOfReporting() throws {
        let mock = MockCheckout()
        _ = (mock as any Checkout).events()
        #expect(throws: MockingError.unfulfilledCallCount(1)) { try verify(mock.events()).assert(.equal(2)) }
        try verify(mock.events()).assert(nil)
        when(mock.quote(.any)).thenThrow(NetworkError.offline)
        _ = try? (mock as any Checkout).quote("q")
        try verify(mock.quote(.any)).doesThrow(.error(NetworkError.self))
        #expect(throws: MockingError.self) { try verify(mock.quote(.any)).doesThrow(.error(CancellationError.self)) }
    }
}
