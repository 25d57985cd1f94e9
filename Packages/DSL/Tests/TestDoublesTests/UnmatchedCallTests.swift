import TestDoubles
import Testing

@Suite struct UnmatchedCallTests {
    @Test func unmatchedCallReportsAndReturnsASynthesizedValue() throws {
        let stub = try Stub<any Calculator>()
        let issues = TestDoubleIssueReporting.capture {
            #expect(
                stub().transform(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)) == FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0))
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("transform("))
        stub.verify { $0.transform(Match.any()) }
    }

    @Test func aDummyCalledSaysItMustNotBeUsedInsteadOfAskingForARegistration() throws {
        let dummy = try Dummy<any Loader>()
        let issues = TestDoubleIssueReporting.capture {
            #expect(throws: UnstubbedCall.self) { _ = try dummy().token(1) }
        }
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.message.contains("Dummy<"))
        #expect(issue.message.contains("token("))
        #expect(issue.message.contains("A dummy must never be used"))
        #expect(issue.message.contains("pass a Stub"))
        #expect(!issue.message.contains("registration"))
    }

    @Test func unmatchedThrowingCallWithoutPlaceholderThrowsUnstubbedCall() throws {
        let stub = try Stub<any Loader>()
        let issues = TestDoubleIssueReporting.capture {
            #expect(throws: UnstubbedCall.self) {
                _ = try stub().token(1)
            }
        }
        #expect(issues.count == 1)
    }

    @Test func unmatchedCallOfAClassResultAnswersItsArgumentOfThatType() throws {
        // No placeholder of a class can be made, but the call holds an instance of exactly its result
        // type: the run goes on with it after the issue.
        let stub = try Stub<any Calculator>()
        let token = Token()
        var answer: Token?
        let issues = TestDoubleIssueReporting.capture { answer = stub().echo(token) }
        #expect(issues.count == 1)
        #expect(answer === token)
    }

    #if compiler(>=6.2)
    @Test func unanswerableUnmatchedCallTrapsAfterTheDiagnostic() async {
        await #expect(processExitsWith: .failure) {
            let stub = try Stub<any TokenMint>()
            _ = stub().mint(1)
        }
    }
    #endif
}

/// A requirement whose class result no call argument and no placeholder can answer.
protocol TokenMint {
    func mint(_ seed: Int) -> Token
}

struct LiveTokenMint: TokenMint {
    func mint(_ seed: Int) -> Token { Token() }
}
