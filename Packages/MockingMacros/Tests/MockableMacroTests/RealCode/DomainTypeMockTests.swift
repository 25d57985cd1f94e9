import Foundation
import SwiftMockingMacros
import Testing

/// Mocks whose requirements use app types named like SwiftMocking's
/// (`Effect`, `Action`), non-Sendable arguments, main-actor closures and
/// `callAsFunction`.
@Suite struct DomainTypeMockTests {
    @Test func appTypesNamedLikeTheLibrarys() async {
        let mock = MockReducerStore()
        when(mock.send(.equal(.refresh))).thenReturn(Effect(name: "load"))
        when(mock.callAsFunction(.equal(.logout))).thenReturn(true)
        let store: any ReducerStore & Sendable = mock
        #expect(store.send(.refresh) == Effect(name: "load"))
        await store.run(Effect(name: "load"))
        #expect(store(.logout))
        #expect(!store(.refresh))
        verify(mock.send(.any)).called(1)
        verify(mock.run(.equal(Effect(name: "load")))).called(1)
        verify(mock.callAsFunction(.equal(.logout))).called(1)
    }

    @Test func nonSendableArgumentOfAnAsyncMethod() async throws {
        let mock = MockReducerStore()
        when(mock.perform(.any(that: { $0.path == "/a" }))).thenReturn(1)
        let store: any ReducerStore & Sendable = mock
        let request = MutableRequest(path: "/a")
        #expect(try await store.perform(request) == 1)
        verify(mock.perform(.any)).captured { recorded in #expect(recorded === request) }
    }

    @MainActor @Test func mainActorClosureWithInout() async {
        let mock = MockReducerStore()
        let store: any ReducerStore & Sendable = mock
        store.configure { $0.append("configured") }
        var values: [String] = []
        verify(mock.configure(with: .any)).captured { block in block(&values) }
        #expect(values == ["configured"])
    }
}
