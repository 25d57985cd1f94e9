import SwiftMocking
import TestDoublesRecorder
import Testing

@Suite struct SeedChecklistTests {
    @Test func theSeedsQuickVerificationChecklistRoundTrips() throws {
        let mock = FooMock()
        when(mock.price(.any)).thenReturn(42)
        let svc: Foo = mock  // protocol-typed: avoids overload traps
        let price = try svc.price("apple")
        #expect(price == 42)
        verify(mock.price(.equal("apple"))).called(1)
    }

    @Test func theChecklistFailsWhenTheCallDidNotHappen() {
        let mock = FooMock()
        when(mock.price(.any)).thenReturn(42)
        let issues = TestDoubleIssueReporting.capture {
            verify(mock.price(.equal("apple"))).called(1)
        }
        #expect(issues.map(\.message) == ["Unfulfilled call count. Actual: 0"])
        #expect(issues.first?.location?.line == #line - 3)
    }

    @Test func anUnstubbedThrowingCallWithNoDefaultThrowsUnStubbed() {
        let mock = FooMock()
        mock.defaultProviderRegistry = DefaultProvidableRegistry()
        let svc: Foo = mock
        #expect(throws: MockingError.unStubbed("FooMock.price", inputs: "(apple)")) {
            try svc.price("apple")
        }
        #expect(
            MockingError.unStubbed("FooMock.price", inputs: "(apple)").message
                == "Unstubbed method \"FooMock.price.\" No configured return value for inputs: (apple)")
    }
}
