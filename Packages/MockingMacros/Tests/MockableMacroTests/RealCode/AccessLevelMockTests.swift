import Foundation
import SwiftMockingMacros
import Testing

/// Mocks of public and private protocols: a public protocol's mock is
/// internal, a private protocol's is file-private, so requirements over the
/// file's private types compile.
@Suite struct AccessLevelMockTests {
    @Test func publicProtocol() async throws {
        let mock = MockPublicService()
        when(mock.fetch(.any)).thenReturn("value")
        when(mock.name).thenReturn("service")
        let service: any PublicService = mock
        #expect(try await service.fetch(1) == "value")
        #expect(service.name == "service")
        verify(mock.fetch(1)).called(1)
    }

    @Test func privateProtocolOverPrivateTypes() {
        #expect(VaultProbe.roundTrip() == 1)
    }

    @MainActor @Test func privateProtocolWithTheSeedsName() {
        #expect(BadgeProbe.roundTrip() == 1)
    }

    @Test func protocolNestedInANamespace() async throws {
        let mock = Payments.MockPaymentService()
        when(mock.pay(amount: .greaterThan(100))).thenThrow(NetworkError.status(402))
        when(mock.pay(amount: .any)).thenReturn("paid")
        let service: any Payments.PaymentService = mock
        #expect(try await service.pay(amount: 10) == "paid")
        await #expect(throws: NetworkError.status(402)) { try await service.pay(amount: 500) }
        verify(mock.pay(amount: .any)).called(2)
    }
}
