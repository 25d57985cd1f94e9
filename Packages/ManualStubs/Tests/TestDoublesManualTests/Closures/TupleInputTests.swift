import Testing

@testable import TestDoublesManual

/// The run-time tuple checks behind `expandedFunction()`, `whenArguments`
/// and `thenArguments` (the only guard on Swift 6.0, where the signatures
/// cannot state `Input == (repeat each Argument)`).
@Suite struct TupleInputTests {
    @Test func fitsComparesTheTupleOfElementsWithTheInput() {
        #expect(TupleInput.fits(Int.self, Int.self))
        #expect(TupleInput.fits((Int, String).self, (Int, String).self))
        #expect(!TupleInput.fits(Int.self, (Int, String).self))
        #expect(!TupleInput.fits((String, Int).self, (Int, String).self))
    }

    @Test func joinAndSplitRoundTrip() {
        let joined: (Int, String)? = TupleInput.join(1, "a", as: (Int, String).self)
        #expect(joined?.0 == 1)
        #expect(joined?.1 == "a")
        #expect(TupleInput.join(1, "a", as: Int.self) == nil)
        let split = TupleInput.split((2, "b"), into: (Int, String).self)
        #expect(split?.0 == 2)
        #expect(TupleInput.split(3, into: (Int, String).self) == nil)
    }

    @Test func aMismatchIsReportedWhereItIsConfigured() throws {
        let issues = TestDoubleIssueReporting.capture {
            #expect(
                !TupleInput.check(
                    Int.self, (Int, String).self, purpose: "thenArguments", double: "ClosureDouble<Int, Int>",
                    site: CallSite()))
        }
        #expect(issues.map(\.kind) == [.invalidBehavior])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("thenArguments takes the elements of Int"))
    }
}
