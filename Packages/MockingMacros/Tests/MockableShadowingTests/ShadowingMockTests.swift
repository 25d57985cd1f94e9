import SwiftMockingMacros
import Testing

/// Mocks generated in a module whose own types are named `Interaction`,
/// `Spy`, `ArgMatcher` and `Async` compile and behave.
@Suite struct ShadowingMockTests {
    @Test func aMockOverTheAppsOwnInteractionType() async throws {
        let mock = MockInteractionLog()
        let open = Interaction(name: "open")
        when(mock.record(.any)).thenReturn(true)
        when(mock.recent(limit: 2)).thenReturn([open])
        when(mock.lastScreen()).thenReturn("home")
        when(mock.isEnabled()).thenReturn(true)
        when(mock[0]).thenReturn(open)

        let log: any InteractionLog = mock
        #expect(log.record(open))
        #expect(try await log.recent(limit: 2) == [open])
        #expect(log.lastScreen == "home")
        #expect(log.isEnabled)
        #expect(log[0] == open)
        verify(mock.record(.any)).called(1)
    }

    @Test func aComposedMockInTheSameModule() {
        let mock = MockInteractionCache()
        when(mock.count()).thenReturn(3)
        let cache: any InteractionCache = mock
        cache.clear()
        #expect(cache.count() == 3)
        verify(mock.clear()).called(1)
    }

    @Test func theAppsTypesAreStillTheirOwn() {
        #expect(Spy(screen: "home").screen == "home")
        #expect(ArgMatcher(pattern: "a*").pattern == "a*")
        #expect(Async.none == .none)
    }
}
