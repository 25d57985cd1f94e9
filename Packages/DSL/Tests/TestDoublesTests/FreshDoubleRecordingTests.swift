import Foundation
import TestDoubles
import Testing

/// A plain function (no double) whose parameter is a class no placeholder
/// source can make.
func shelfNumber(of book: ShelfBook) -> Int { book.title.count }

#if compiler(>=6.2)
/// Recording closures on one double that use a matcher, or a class result,
/// of ANOTHER double that has recorded nothing yet, and a hosted pass
/// written on the main actor that uses a closure. Each stopped the whole
/// test process before (`Match.noPlaceholder`'s trap: the other double's
/// types were checked only at its own first pass; the closure's run-time
/// main-actor check on the host's thread), so each runs in a child process
/// (an exit test) that must exit normally: one issue at the `when`/`verify`
/// line and the doubles still answer.
@Suite struct FreshDoubleRecordingTests {
    /// Exits 0 when `issues` is exactly one recording issue of this file, else
    /// with a code that says what differed. (An exit test's body is a macro
    /// expansion, where `#line` is not the source line: only the file is checked.)
    static func exit(checking issues: [TestDoubleIssue]) -> Never {
        guard issues.count == 1 else { Foundation.exit(10 + Int32(min(issues.count, 9))) }
        guard issues[0].kind == .invalidRecording else { Foundation.exit(20) }
        guard issues[0].location?.fileID == #fileID else { Foundation.exit(21) }
        Foundation.exit(0)
    }

    @Test func aMatcherOfAFreshDoublesClassParameterIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let archive = try Stub<any ShelfArchive>()
            let issues = TestDoubleIssueReporting.capture {
                _ = counter.when { _ in archive().store(Match.any()) }
            }
            counter.when { $0.count(Match.any()) }.thenReturn(7)
            guard counter().count(1) == 7 else { Foundation.exit(30) }
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    @Test func aFreshDoublesClassResultInsideVerifyIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let archive = try Stub<any ShelfArchive>()
            let issues = TestDoubleIssueReporting.capture {
                _ = counter.verify { _ in archive().newest().title.count }
            }
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    @Test func aMatcherOfAFreshDoubleInAMainActorTestIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let issues = try await MainActorRecordingStops.freshDoubleMatcher()
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    @Test func aHostedMainActorPassMayUseClosures() async {
        await #expect(processExitsWith: .success) {
            let issues = try await MainActorRecordingStops.hostedPassWithAClosure()
            guard issues.isEmpty else { Foundation.exit(40) }
            Foundation.exit(0)
        }
    }

    @Test func anOrderWithAMatcherOfAFreshDoubleIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let archive = try Stub<any ShelfArchive>()
            _ = counter().count(1)
            let issues = TestDoubleIssueReporting.capture {
                InvocationOrder {
                    archive().store(Match.any())
                    counter().count(Match.equal(1))
                }
            }
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    /// A bare `Match.any()` handed to a plain function (no double declares
    /// its type): the pass runs on a host since its caller is on no actor.
    @Test func aMatcherPassedToAPlainFunctionIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = TestDoubleIssueReporting.capture {
                _ = counter.when { $0.count(shelfNumber(of: Match.any())) }
            }
            counter.when { $0.count(Match.any()) }.thenReturn(4)
            guard counter().count(1) == 4 else { Foundation.exit(30) }
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    /// The same in a `@MainActor` test: its caller holds the main actor,
    /// which the host's thread runs as.
    @Test func aMatcherPassedToAPlainFunctionInAMainActorTestIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let issues = try await MainActorRecordingStops.plainFunctionMatcher()
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

    @Test func anAsyncWhenWithAMatcherOfAFreshDoubleIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let archive = try Stub<any ShelfArchive>()
            let issues = await TestDoubleIssueReporting.capture {
                _ = await counter.when { _ in await archive().storeLater(Match.any()) }
            }
            FreshDoubleRecordingTests.exit(checking: issues)
        }
    }

}

/// The same mistakes written in a `@MainActor` test.
@MainActor enum MainActorRecordingStops {
    static func freshDoubleMatcher() throws -> [TestDoubleIssue] {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        return TestDoubleIssueReporting.capture {
            _ = counter.when { _ in archive().store(Match.any()) }
        }
    }

    static func plainFunctionMatcher() throws -> [TestDoubleIssue] {
        let counter = try Stub<any ShelfCounter>()
        return TestDoubleIssueReporting.capture {
            _ = counter.when { $0.count(shelfNumber(of: Match.any())) }
        }
    }

    /// A hosted pass (another live double needs a host) whose closure,
    /// isolated to the main actor, uses a closure of its own.
    static func hostedPassWithAClosure() throws -> [TestDoubleIssue] {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.store(Match.any(using: ShelfBook("x"))) }.thenReturn(true)
        let shelves = [1, 2]
        return TestDoubleIssueReporting.capture {
            counter.when { $0.count(Match.equal(shelves.map { $0 * 2 }.reduce(0, +))) }.thenReturn(9)
            _ = counter().count(6)
        }
    }
}
#endif
