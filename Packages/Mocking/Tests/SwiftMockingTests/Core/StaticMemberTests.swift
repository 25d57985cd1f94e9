import SwiftMocking
import Testing

@Suite struct StaticMemberTests {
    @Test func staticSpiesLiveInTheScopesStorage() {
        MockScope.withStorage {
            when(MockPricingService.shared()).thenReturn("one")
            when(MockPricingService.version).thenReturn(2)
            #expect(MockPricingService.shared() as String == "one")
            #expect(MockPricingService.version == 2)
            verify(MockPricingService.shared()).called(1)
            #expect(MockScope.currentStorage.storage["MockPricingService"]?.keys.sorted() == ["shared", "version"])
            MockScope.withStorage {
                verifyNever(MockPricingService.shared())
            }
            MockPricingService.clear()
            verifyNever(MockPricingService.shared())
            #expect(MockPricingService.shared() as String == "")
        }
    }

    @Test func mockSettingsReachNewAndExistingSpies() {
        let mock = MockPricingService()
        let service: PricingService = mock
        service.reset()
        mock.isLoggingEnabled = true
        #expect(mock.isLoggingEnabled)
        #expect(mock.reset().spy.isLoggingEnabled)
        #expect(mock.name().spy.isLoggingEnabled)
        #expect(mock.name().spy.methodLabel == "MockPricingService.name")
        #expect(mock.Super == MockPricingService.self)
        mock.defaultProviderRegistry = DefaultProvidableRegistry()
        #expect(mock.reset().spy.defaultProviderRegistry?.getDefaultForType(Int.self) == nil)
        #expect(Mock.defaultProviderRegistry.getDefaultForType(Int.self) == 0)
        MockScope.withStorage {
            Mock.isLoggingEnabled = true
            #expect(Mock.isLoggingEnabled)
            #expect(MockPricingService.version().spy.isLoggingEnabled)
        }
    }
}
