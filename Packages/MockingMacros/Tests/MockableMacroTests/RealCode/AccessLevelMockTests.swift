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
}
