import Foundation
import SwiftMockingMacros
import Testing

#if compiler(>=6.1)  // the .mocking and .withDefaults traits
/// Static spies and the call-order recorder under `.mocking`: parallel
/// tests that call the same static members each see only their own calls.
@Suite struct ParallelIsolationTests {
    @Test(.mocking, arguments: 1...8)
    func staticCallsAreCountedPerTest(calls: Int) async throws {
        when(MockFeatureFlags.isEnabled(.any)).thenReturn(calls.isMultiple(of: 2))
        let flags: any FeatureFlags.Type = MockFeatureFlags.self
        for _ in 0..<calls {
            #expect(flags.isEnabled("f") == calls.isMultiple(of: 2))
            await Task.yield()
        }
        verify(MockFeatureFlags.isEnabled("f")).called(.equal(calls))
    }

    @Test(.mocking, arguments: ["a", "b", "c", "d"])
    func callOrderIsRecordedPerTest(event: String) async {
        let analytics = MockAnalytics()
        let client = MockHTTPClient()
        (analytics as any Analytics).track(event)
        await Task.yield()
        (client as any HTTPClient).cancelAll()
        (analytics as any Analytics).track(event + "!")
        verifyInOrder([analytics.track(.equal(event)), client.cancelAll(), analytics.track(.equal(event + "!"))])
        #expect(MockScope.invocationRecorder.count == 3)
    }

    @Test func withStorageScopesStaticSpies() {
        MockScope.withStorage {
            let flags: any FeatureFlags.Type = MockFeatureFlags.self
            flags.reset()
            verify(MockFeatureFlags.reset()).called(1)
        }
        MockScope.withStorage {
            verify(MockFeatureFlags.reset()).neverCalled()
        }
    }
}
#endif
