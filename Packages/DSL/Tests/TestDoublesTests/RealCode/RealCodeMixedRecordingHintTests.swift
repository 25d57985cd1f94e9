import Foundation
import TestDoubles
import Testing

// The mistake app tests make most with Foundation-typed requirements: a
// literal UUID, Locale or URL beside a matcher. The issue's rewrite hint must
// not print those values as if they were Swift source, and shows the matchers
// where they were written whenever only one placement fits.

@Suite struct RealCodeMixedRecordingHintTests {
    static let id = UUID(uuidString: "D0D0D0D0-0000-4000-8000-000000000001")!

    @Test func aUUIDBesideMatchersIsNamedByItsTypeInTheHint() throws {
        let delegate = try Stub<any SDKDownloadDelegate>()
        let line = #line + 2
        let issues = TestDoubleIssueReporting.capture {
            delegate.verify(.never) { $0.download(Self.id, didWriteBytes: Match.any(), of: 175) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let message = try #require(issues.first).message
        #expect(message.contains("download(_:didWriteBytes:of:) mixes 1 matcher(s) with literal arguments"))
        #expect(message.contains("Match.equal(<UUID D0D0D0D0-0000-4000-8000-000000000001>)"))
        #expect(message.contains("of: Match.equal(175)"))
        #expect(!message.contains("Match.equal(D0D0"))
    }

    @Test func localesAndIndexSetsInTheHint() throws {
        let formatter = try Stub<any SDKFormattingService>()
        let german = Locale(identifier: "de_DE")
        let parses = TestDoubleIssueReporting.capture {
            formatter.when { try $0.parse(Match.any(), locale: german) }.thenReturn(1.5)
        }
        #expect(parses.map(\.kind) == [.invalidRecording])
        let parse = try #require(parses.first).message
        #expect(parse.contains(#"parse(Match.any(), locale: Match.equal(<Locale "#))
        #expect(!parse.contains("Match.equal(de_DE"))

        let selections = TestDoubleIssueReporting.capture {
            formatter.when { $0.selection(from: IndexSet([1, 2]), removing: Match.any()) }.thenReturn([])
        }
        #expect(selections.map(\.kind) == [.invalidRecording])
        let selection = try #require(selections.first).message
        #expect(selection.contains("selection(from: Match.equal(<IndexSet "))
        #expect(!selection.contains("Match.equal(2 indexes)"))

        // An array of literals is spelled as one.
        let validations = TestDoubleIssueReporting.capture {
            let spy = try? Spy<any SDKLineValidating>(forwardingTo: SDKLiveLineValidating())
            spy?.verify(.never) {
                try $0.validate(Match.any(using: { @Sendable (_: String) throws -> Bool in true }), on: ["", "x"])
            }
        }
        #expect(validations.map(\.kind) == [.invalidRecording])
        #expect(try #require(validations.first).message.contains(#"validate(Match.any(), on: Match.equal(["", "x"]))"#))
    }

    @Test func theHintShowsEachMatcherWhereItWasWritten() throws {
        let delegate = try Stub<any SDKDownloadDelegate>()
        let issues = TestDoubleIssueReporting.capture {
            delegate.verify(.never) { $0.download(Match.any(), didWriteBytes: 5, of: Match.equal(9)) }
        }
        let message = try #require(issues.first).message
        #expect(message.contains("mixes 2 matcher(s) with literal arguments (3 arguments)"))
        #expect(
            message.contains(
                "download(Match.any(), didWriteBytes: Match.equal(5), of: Match.equal(9)): your matchers where you "
                    + "wrote them"))
    }

    @Test func aLiteralEqualToAPlaceholderLeavesTheMatchersUnplaced() throws {
        let delegate = try Stub<any SDKDownloadDelegate>()
        // `Match.any()`'s Int64 placeholder is 0, as the literal beside it: either could be the matcher.
        let issues = TestDoubleIssueReporting.capture {
            delegate.verify(.never) { $0.download(Self.id, didWriteBytes: Match.any(), of: 0) }
        }
        let message = try #require(issues.first).message
        #expect(message.contains("keep the matchers you wrote where they stand"))
        #expect(!message.contains("your matchers where you wrote them"))
    }
}
