import SwiftMocking
import Testing

@Suite struct ConcurrencyTests {
    @Test func concurrentCallsAndStubsAreAllRecorded() async throws {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn(1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let service: PricingService = mock
                    var total = 0
                    for call in 0..<200 {
                        if call == 100 { when(mock.price(.equal("task\(task)"))).thenReturn(2) }
                        total += try service.price("task\(task)")
                    }
                    return total
                }
            }
            var totals: [Int] = []
            for try await total in group { totals.append(total) }
            // 100 calls answered 1, then 100 answered 2 by the task's own, more specific stub.
            #expect(totals == Array(repeating: 300, count: 8))
        }
        verify(mock.price(.any)).called(1600)
        verify(mock.price(.startsWith("task3"))).called(200)
    }

    @MainActor @Test func mocksWorkFromMainActorTests() async throws {
        let mock = MockPricingService()
        when(mock.refresh(id: .any)).thenReturn(true)
        let service: PricingService = mock
        #expect(try await service.refresh(id: 1))
        verify(mock.refresh(id: 1)).called(1)
    }
}
