import SwiftMocking
import SwiftMockingTestSupport
import Testing

@Suite struct CaptureBoxTests {
    @Test func aCaptureBoxCollectsFromSendableHandlers() throws {
        let mock = MockPricingService()
        let box = CaptureBox<String>()
        when(mock.price(.any)).do { box.append($0) }
        let service: PricingService = mock
        _ = try service.price("a")
        _ = try service.price("b")
        #expect(box.values == ["a", "b"])
    }
}
