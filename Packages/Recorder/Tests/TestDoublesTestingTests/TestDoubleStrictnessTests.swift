import Testing

@testable import TestDoublesTesting

@Suite struct TestDoubleStrictnessTests {
    @Test func strictIncludesEveryStandardCheck() {
        #expect(TestDoubleStrictness.strict.isSuperset(of: .standard))
        #expect(TestDoubleStrictness.strict.contains(.noPendingSuspensions))
        #expect(TestDoubleStrictness.strict.contains(.noPendingCallbackCaptures))
        #expect(!TestDoubleStrictness.standard.contains(.noPendingCallbackCaptures))
        #expect(!TestDoubleStrictness.standard.contains(.noMoreInteractions))
    }
}
