import TestDoubles
import Testing

@Suite struct EffectShapeTests {
    @Test func untypedThrowsReturnsAndThrows() throws {
        let stub = try Stub<any Loader>()
        stub.when { try $0.load(Match.equal(1)) }.thenReturn("one")
        let failing = stub.when { try $0.load(Match.any()) }
        failing.thenThrow(LoadError.missing(0))
        let loader = stub()
        #expect(try loader.load(1) == "one")
        #expect(throws: LoadError.missing(0)) { try loader.load(2) }
        #expect(failing.arguments() == [1, 2])
    }

    @Test func typedThrowsCarriesTheTypedError() throws {
        let stub = try Stub<any Loader>()
        stub.when { try $0.parse(Match.equal("42")) }.thenReturn(42)
        let all = stub.when { try $0.parse(Match.any()) }
        all.thenThrow(ParseError(code: 7))
        let loader = stub()
        #expect(try loader.parse("42") == 42)
        do {
            _ = try loader.parse("x")
            Issue.record("expected a ParseError")
        } catch {
            // `error` is statically a ParseError: the typed convention delivered it.
            #expect(error == ParseError(code: 7))
        }
        #expect(all.arguments() == ["42", "x"])
    }

    @Test func typedThrowsWithoutResult() throws {
        let stub = try Stub<any Loader>()
        let check = stub.when { try $0.check(Match.any()) }
        check.thenThrow(ParseError(code: 3)).thenDoNothing()
        let loader = stub()
        #expect(throws: ParseError(code: 3)) { try loader.check("first") }
        try loader.check("second")
        #expect(check.arguments() == ["first", "second"])
    }

    @Test func unmatchedThrowingCallThrowsUnstubbedCall() throws {
        let stub = try Stub<any Calculator>()
        _ = stub
        let loaderStub = try Stub<any Loader>()
        let issues = TestDoubleIssueReporting.capture {
            // String has a placeholder, so the unmatched call answers "" after the issue.
            #expect((try? loaderStub().load(5)) == "")
        }
        #expect(issues.count == 1)
        let issue2 = try #require(issues.first)
        #expect(issue2.message.contains("load("))
        loaderStub.verify { try $0.load(Match.equal(5)) }
    }
}
