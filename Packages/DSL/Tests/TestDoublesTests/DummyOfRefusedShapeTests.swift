import TestDoubles
import Testing

// A Stub refuses a protocol when one requirement cannot be answered exactly
// (FailClosedTests). A Dummy answers no call, so the same protocols still
// make dummies: only a call to one stops the test.

@Suite struct DummyOfRefusedShapeTests {
    /// Checks that a Stub of `Subject` is refused for its shape and that a Dummy of it is made, without an issue.
    func expectDummyDespiteRefusal<Subject>(
        of _: Subject.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let refusal = constructionError(of: Subject.self)
        #expect(refusal?.kind == .unsupportedProtocolShape, sourceLocation: sourceLocation)
        var dummyError: StubError?
        var made: Subject?
        let issues = TestDoubleIssueReporting.capture {
            dummyError = constructionError(sourceLocation: sourceLocation) { made = try Dummy<Subject>()() }
        }
        #expect(dummyError == nil, sourceLocation: sourceLocation)
        #expect(made != nil, sourceLocation: sourceLocation)
        #expect(issues.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func anInoutOptionalSelfArgument() {
        expectDummyDespiteRefusal(of: (any OptionalSelfVariable).self)
    }

    @Test func anIsolatedAnyClosureParameter() {
        expectDummyDespiteRefusal(of: (any Spawning).self)
    }

    @Test func aModifyOfASelfProperty() {
        expectDummyDespiteRefusal(of: (any SettableSelfProperty).self)
    }

    @Test func aTupleParameterHoldingAClosure() {
        expectDummyDespiteRefusal(of: (any Pairing).self)
    }

    /// Witness tables that cannot be built at all refuse a dummy too.
    @Test func anUnboundAssociatedTypeIsStillRefused() throws {
        let error = try #require(constructionError { try Dummy<any Repository>() })
        #expect(error.kind == .unsupportedProtocolShape)
        #expect(error.reason.contains("Item"))
    }
}
