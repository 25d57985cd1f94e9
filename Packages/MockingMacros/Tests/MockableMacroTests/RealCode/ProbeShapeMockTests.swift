import Foundation
import SwiftMockingMacros
import Testing

/// Unnamed subscript indices, static subscripts, async closure properties,
/// metatype existentials and parameters named `spy`, `newValue`, `void`.
@Suite struct ProbeShapeMockTests {
    @Test func unnamedSubscriptIndicesAndStaticSubscripts() {
        MockScope.withStorage {
            let mock = MockRegistry()
            when(mock[1, .any]).thenReturn(7)
            when(MockRegistry["a"]).thenReturn(3)
            func read<R: Registry>(_ registry: R) -> (Int, Int) { (registry[1, 2], R["a"]) }
            let values = read(mock)
            #expect(values == (7, 3))
            verify(mock[.any, 2]).called(1)
            verify(MockRegistry[.any]).called(1)
        }
    }

    @Test func asyncClosureProperty() async throws {
        let mock = MockRegistry()
        when(mock.loader).thenReturn { @Sendable in Data([9]) }
        let registry: any Registry = mock
        #expect(try await registry.loader() == Data([9]))
    }

    @Test func metatypeExistentialsAndAwkwardParameterNames() {
        let mock = MockRegistry()
        let registry: any Registry = mock
        registry.register(Note.self, as: "note")
        registry.track(spy: "s", newValue: 2, void: true)
        verify(mock.register(.any(that: { $0 == Note.self }), as: "note")).called(1)
        verify(mock.track(spy: "s", newValue: 2, void: true)).called(1)
    }
}
