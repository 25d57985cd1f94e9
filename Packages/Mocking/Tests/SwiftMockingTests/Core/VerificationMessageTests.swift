import SwiftMocking
import Testing

/// Every failure message of section 10, reported at the caller's line.
@Suite struct VerificationMessageTests {
    @Test func calledReportsTheActualCount() throws {
        let mock = MockPricingService()
        let service: PricingService = mock
        _ = try service.price("a")
        _ = try service.price("a")
        #expect(issueMessages { verify(mock.price(.any)).called(1) } == ["Unfulfilled call count. Actual: 2"])
        #expect(
            issueMessages { verify(mock.price(.any)).called(.greaterThan(2)) } == [
                "Unfulfilled call count. Actual: 2"
            ])
        #expect(issueMessages { verify(mock.price(.any)).called(.in(2...)) }.isEmpty)
        #expect(issueMessages { verify(mock.price("b")).called() } == ["Unfulfilled call count. Actual: 0"])
        #expect(issueMessages { verify(mock.price("a")).called() }.isEmpty)
        #expect(issueMessages { verify(mock.price("a")).neverCalled() } == ["Unfulfilled call count. Actual: 2"])
        #expect(issueMessages { verifyNever(mock.price("a")) } == ["Unfulfilled call count. Actual: 2"])
        #expect(issueMessages { verifyNever(mock.price("b")) }.isEmpty)
    }

    @Test func failuresAreReportedAtTheCallersLine() {
        let mock = MockPricingService()
        let line = #line + 1
        let issues = TestDoubleIssueCapture.issues { verify(mock.reset()).called(1) }
        #expect(issues.map(\.line) == [line])
        #expect(issues.map(\.file) == [#filePath])
    }

    @Test func verifyNeverHasTheFourOverloads() {
        let mock = MockPricingService()
        mock.cachePolicy = 3
        _ = mock.name
        #expect(issueMessages { verifyNever(mock.name) } == ["Unfulfilled call count. Actual: 1"])
        #expect(issueMessages { verifyNever(mock.name()) } == ["Unfulfilled call count. Actual: 1"])
        #expect(issueMessages { verifyNever(mock.cachePolicy) }.isEmpty)  // reads, not writes
        #expect(issueMessages { verifyNever(mock.cachePolicy()) }.isEmpty)
    }

    @Test func capturedInspectsEachMatchingCallInOrder() {
        let mock = MockPricingService()
        let service: PricingService = mock
        _ = service.discount(for: "a", percent: 1)
        _ = service.discount(for: "b", percent: 2)
        _ = service.discount(for: "c", percent: 3)
        var seen: [String] = []
        verify(mock.discount(for: .any, percent: .greaterThan(1))).captured { item, percent in
            seen.append("\(item)\(Int(percent))")
        }
        #expect(seen == ["b2", "c3"])
    }

    @Test func capturedReportsWhenNothingMatchedAndWhatTheInspectorThrows() {
        let mock = MockPricingService()
        #expect(
            issueMessages { verify(mock.discount(for: .any, percent: .any)).captured { _, _ in } } == [
                "No matching invocations found for captured() inspection"
            ])
        let service: PricingService = mock
        _ = service.discount(for: "a", percent: 1)
        #expect(
            issueMessages {
                verify(mock.discount(for: .any, percent: .any)).captured { _, _ in throw PriceError(code: 4) }
            } == ["PriceError(code: 4)"])
    }

    @Test func throwsReEvaluatesTheStubsOfTheMatchingCalls() async {
        let mock = MockPricingService()
        let service: PricingService = mock
        when(mock.price("bad")).thenThrow(PriceError(code: 1))
        when(mock.price("good")).thenReturn(1)
        _ = try? service.price("good")
        #expect(issueMessages { verify(mock.price("good")).throws() } == ["Did not find any invocation that throws"])
        #expect(issueMessages { verify(mock.price("bad")).throws() } == ["Did not find any invocation that throws"])
        _ = try? service.price("bad")
        #expect(issueMessages { verify(mock.price("bad")).throws() }.isEmpty)
        #expect(issueMessages { verify(mock.price(.any)).throws(.error(PriceError.self)) }.isEmpty)
        #expect(
            issueMessages { verify(mock.price(.any)).throws(.error(OtherError.self)) } == [
                "Did not match any thrown error. Thrown: [\"PriceError(code: 1)\"]"
            ])
        #expect(throws: MockingError.didNotThrow) { try verify(mock.price("good")).doesThrow() }

        when(mock.refresh(id: .any)).thenReturn { id in throw PriceError(code: id) }
        _ = try? await service.refresh(id: 5)
        #expect(await issueMessages { await verify(mock.refresh(id: 5)).throws(.anyError()) }.isEmpty)
        #expect(
            await issueMessages { await verify(mock.refresh(id: 5)).throws(.error(OtherError.self)) } == [
                "Did not match any thrown error. Thrown: [\"PriceError(code: 5)\"]"
            ])
    }

    @Test func verifyZeroInteractionsCountsInstanceCallsOnly() {
        let mock = MockPricingService()
        #expect(issueMessages { verifyZeroInteractions(mock) }.isEmpty)
        let shared: String = MockPricingService.shared()
        #expect(shared == "")
        #expect(issueMessages { verifyZeroInteractions(mock) }.isEmpty)
        let service: PricingService = mock
        service.reset()
        _ = service.name
        #expect(
            issueMessages { verifyZeroInteractions(mock) } == [
                "Expected zero interactions with MockPricingService but found 2 invocation(s)"
            ])
    }

    @Test func theThrowingPrimitivesThrowInsteadOfReporting() {
        let mock = MockPricingService()
        #expect(throws: MockingError.unfulfilledCallCount(0)) { try verify(mock.reset()).assert(1) }
        #expect(MockingError.unfulfilledCallCount(3).message == "Unfulfilled call count. Actual: 3")
        #expect(MockingError.noMatchingInvocations.message == "No matching invocations found for captured() inspection")
        #expect(MockingError.didNotThrow.message == "Did not find any invocation that throws")
    }

    @Test func theSpysOwnChecksReportNothing() {
        let spy = Spy<Int, None, Int>()
        spy.when(calledWith: .any).thenReturn(1)
        spy(3)
        var results: [Bool] = []
        let messages = issueMessages {
            results = [
                spy.verifyCalled(), spy.verifyCalled(1), spy.verifyCalled(2),
                spy.verify(calledWith: 3, count: 1), spy.verify(calledWith: .equal(4), count: .greaterThan(0)),
                spy.verify(calledWith: InvocationMatcher(matchers: .any), count: 1),
            ]
        }
        #expect(messages.isEmpty)
        #expect(results == [true, true, false, true, false, true])
        #expect(spy.invocationCount == 1)
        #expect(spy.invocations.map { $0.arguments } == [3])
    }
}
