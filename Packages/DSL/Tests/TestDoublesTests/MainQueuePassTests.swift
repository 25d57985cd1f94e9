import Foundation
import TestDoubles
import Testing

/// Synchronous passes written in a `@MainActor` test run on a host as the
/// main actor on every supported runtime: Swift 6.2+ runtimes give the
/// pass's executor the main actor's role, Swift 6.0 and 6.1 ones (no such
/// hook) run the pass's task isolated to the main actor's executor, which
/// the waiting caller holds. In process, so that Swift 6.0.3 runs them too
/// (the exit tests of `FreshDoubleRecordingTests` need 6.2).
@MainActor @Suite struct MainQueuePassTests {
    @Test func aMatcherPassedToAPlainFunctionIsAnIssueAtTheWhenLine() throws {
        let counter = try Stub<any ShelfCounter>()
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            _ = counter.when { $0.count(shelfNumber(of: Match.any())) }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .invalidRecording)
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ShelfBook"))
        counter.when { $0.count(Match.any()) }.thenReturn(4)
        #expect(counter().count(1) == 4)
    }

    @Test func aPassWhoseClosureUsesAClosureRunsAsTheMainActor() throws {
        let counter = try Stub<any ShelfCounter>()
        let shelves = [1, 2]
        let issues = TestDoubleIssueReporting.capture {
            counter.when { double in
                MainActor.preconditionIsolated()
                return double.count(Match.equal(shelves.map { $0 * 2 }.reduce(0, +)))
            }.thenReturn(9)
        }
        #expect(issues.isEmpty)
        #expect(counter().count(6) == 9)
    }
}
