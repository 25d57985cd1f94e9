import SwiftMocking
import Testing

@Suite struct UntilTests {
    @Test func untilReturnsOnTheNextMatchingCall() async throws {
        let mock = MockPricingService()
        let service: PricingService = mock
        let caller = Task {
            // Calls until the waiter has seen one; an earlier call does not count.
            for attempt in 0..<2000 {
                _ = service.discount(for: "go", percent: Double(attempt))
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        try await until(mock.discount(for: "go", percent: .any), timeout: .seconds(120))
        caller.cancel()
        verify(mock.discount(for: "go", percent: .any)).called(.greaterThan(0))
    }

    @Test func untilWorksForAsyncMembers() async throws {
        let mock = MockPricingService()
        let service: PricingService = mock
        let caller = Task {
            for _ in 0..<2000 {
                _ = await service.load()
                _ = try? await service.refresh(id: 1)
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        try await until(mock.load(), timeout: .seconds(120))
        try await until(mock.refresh(id: 1), timeout: .seconds(120))
        caller.cancel()
    }

    @Test func untilTimesOutWithoutACall() async {
        let mock = MockPricingService()
        (mock as PricingService).reset()
        await #expect(throws: UntilError.timeout) {
            try await until(mock.reset(), timeout: .milliseconds(50))
        }
    }
}
