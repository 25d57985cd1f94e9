import SwiftMocking
import Testing

@Suite struct InOrderTests {
    @Test func verifyInOrderFindsASubsequenceAcrossMocks() throws {
        try MockScope.withInvocationRecorder {
            let pricing = MockPricingService()
            let foo = FooMock()
            when(foo.price(.any)).thenReturn(1)
            let service: PricingService = pricing
            let fooService: Foo = foo
            service.reset()
            _ = try fooService.price("apple")
            _ = service.name
            var writable = service
            writable.cachePolicy = 3
            #expect(
                issueMessages {
                    verifyInOrder([pricing.reset(), foo.price("apple"), pricing.cachePolicy <- 3])
                    verifyInOrder {
                        pricing.reset()
                        if true { pricing.name() } else { foo.price(.any) }
                        pricing.cachePolicy <- .any
                    }
                    verifyInOrder([])
                }.isEmpty)
        }
    }

    @Test func verifyInOrderReportsWhatItCouldNotFind() throws {
        try MockScope.withInvocationRecorder {
            let pricing = MockPricingService()
            let foo = FooMock()
            when(foo.price(.any)).thenReturn(1)
            let service: PricingService = pricing
            service.reset()
            _ = try (foo as Foo).price("apple")
            #expect(issueMessages { verifyInOrder([foo.price("pear")]) } == ["Did not find sequence of interactions"])
            #expect(
                issueMessages { verifyInOrder([foo.price("apple"), pricing.reset()]) } == [
                    "Partially found sequence of interactions. Matched 1 of 2 expected. Matched up to:\n"
                        + "FooMock.price(apple)"
                ])
            let includeName = false
            #expect(
                issueMessages {
                    verifyInOrder {
                        pricing.reset()
                        if includeName { pricing.name() }
                        foo.price(.any)
                        pricing.reset()
                    }
                } == [
                    "Partially found sequence of interactions. Matched 2 of 3 expected. Matched up to:\n"
                        + "MockPricingService.reset(())\nFooMock.price(apple)"
                ])
        }
    }

    @Test func theEngineReturnsNilOnSuccess() {
        MockScope.withInvocationRecorder {
            let pricing = MockPricingService()
            (pricing as PricingService).reset()
            #expect(CrossSpyVerification.verifyInOrder([pricing.reset()]) == nil)
            let result = CrossSpyVerification.verifyInOrder([pricing.reset(), pricing.reset()])
            #expect(result?.matched.count == 1 && result?.expectedRemaining == 1)
            #expect(MockScope.invocationRecorder.count == 1)
            #expect(MockScope.invocationRecorder.snapshot().first?.methodLabel == "MockPricingService.reset")
        }
    }

    @Test func aClearedCallNoLongerMatches() {
        MockScope.withInvocationRecorder {
            let pricing = MockPricingService()
            (pricing as PricingService).reset()
            pricing.clear()
            #expect(issueMessages { verifyInOrder([pricing.reset()]) } == ["Did not find sequence of interactions"])
        }
    }
}
