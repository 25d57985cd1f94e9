import Testing

@testable import TestDoubles

@Suite struct StubErrorTests {
    @Test func descriptionNamesTypeRequirementReasonAndFix() {
        let error = StubError(
            .unsupportedProtocolShape,
            type: "any Store",
            requirement: "items(of:)",
            reason: "the associated type Item is not bound",
            fix: "bind it with any Store<Int>, or use ManualStub"
        )
        #expect(
            error.description
                == "Cannot build a test double for any Store, requirement items(of:): "
                + "the associated type Item is not bound. Fix: bind it with any Store<Int>, or use ManualStub"
        )
    }
}
