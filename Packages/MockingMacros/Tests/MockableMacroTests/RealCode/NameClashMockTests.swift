import Foundation
import SwiftMockingMacros
import Testing

/// Requirements named like `Mock`'s own members (`clear()`,
/// `isLoggingEnabled`, `adapt`) are mocked like any other: the mock holds its
/// `Mock` instead of inheriting it, so nothing is redeclared.
@Suite struct NameClashMockTests {
    let url = URL(string: "https://example.org/a.png")!

    @Test func clearIsARequirementLikeAnyOther() {
        let mock = MockImageCache()
        when(mock.image(for: .any)).thenReturn(Data([1]))
        var cache: any ImageCache = mock
        #expect(cache.image(for: url) == Data([1]))
        cache.clear()
        cache.clear(olderThan: Date(timeIntervalSince1970: 0))
        cache.isLoggingEnabled = true
        verify(mock.clear()).called(1)
        verify(mock.clear(olderThan: .any)).called(1)
        verify(mock.image(for: .equal(url))).called(1)
        verify(mock.isLoggingEnabled <- true).called(1)
        // The stub is still there: clearing the cache is not clearing the mock.
        #expect(cache.image(for: url) == Data([1]))
    }

    @Test func theMocksOwnClearStillForgets() {
        let mock = MockImageCache()
        (mock as any ImageCache).clear()
        mock.mock.clear()
        verify(mock.clear()).neverCalled()
        verifyZeroInteractions(mock)
    }

    @Test func stubbedClearRunsItsAction() {
        let mock = MockImageCache()
        let cleared = Collected<Bool>()
        when(mock.clear()).do { _ in cleared.append(true) }
        (mock as any ImageCache).clear()
        #expect(cleared.values == [true])
    }

    @Test func aComposedMocksSpiesAreLabelledWithItsOwnName() {
        let mock = MockImageCache()
        _ = (mock as any ImageCache).image(for: URL(fileURLWithPath: "/a.png"))
        // The spy diagnostics and logs name: the mock's type, not the `Mock` it holds.
        let spy: Spy<URL, None, Data?> = mock.mock.image
        #expect(spy.methodLabel == "MockImageCache.image")
        #expect(spy.invocations.count == 1)
    }

    @Test func aComposedMocksStaticSpiesLiveInTheScope() {
        MockScope.withStorage {
            let registry: any SessionRegistry.Type = MockSessionRegistry.self
            registry.clear()
            verify(MockSessionRegistry.clear()).called(1)
        }
        // Another scope (another test's trait) starts with no calls.
        MockScope.withStorage {
            verify(MockSessionRegistry.clear()).neverCalled()
        }
    }

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.mocking) func staticClashingNames() {
        let mock = MockSessionRegistry()
        when(mock.adapt(.any)).thenReturn(10)
        when(MockSessionRegistry.isLoggingEnabled).thenReturn(true)
        func use<R: SessionRegistry>(_ registry: R) -> (Int, Bool) {
            R.clear()
            return (registry.adapt(1), R.isLoggingEnabled)
        }
        let answer = use(mock)
        #expect(answer == (10, true))
        verify(MockSessionRegistry.clear()).called(1)
        verify(mock.adapt(1)).called(1)
    }
    #endif
}
