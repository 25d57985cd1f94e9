import Foundation
import TestDoubles
import Testing

/// A global actor of these tests' own (a default actor), whose code records
/// synchronously.
@globalActor actor ShelfDeskActor {
    static let shared = ShelfDeskActor()
}

/// An actor whose methods record synchronously.
actor ShelfClerk {
    let counter: Stub<any ShelfCounter>
    init(_ counter: Stub<any ShelfCounter>) { self.counter = counter }

    func recordMatcherOfAPlainFunction() -> [TestDoubleIssue] {
        TestDoubleIssueReporting.capture {
            _ = counter.when { $0.count(shelfNumber(of: Match.any())) }
        }
    }

    func recordWithAClosure(_ shelves: [Int]) -> [TestDoubleIssue] {
        TestDoubleIssueReporting.capture {
            counter.when { double in
                self.assertIsolated()
                return double.count(Match.equal(shelves.map { $0 * 2 }.reduce(0, +)))
            }.thenReturn(9)
        }
    }
}

#if compiler(>=6.2)
/// A bare `Match.any()` of a class no value can be made of, handed to a
/// plain function (not a double), in an ASYNC `when`/`verify`, and in a
/// synchronous one whose caller is on another actor than the main one. Each
/// stopped the process before (the pass ran in the caller's task, on its
/// thread), so each runs in a child process that must exit normally: one
/// issue at the line, and the double answers exactly afterwards. A process
/// with no double but the counter, whose types all have placeholders, makes
/// no pass hosted for any other reason.
@Suite struct PlainFunctionMatcherTests {
    /// Exits 0 when `issues` is one recording issue of this file naming the
    /// class and `counter` then answers as configured, else with a code that
    /// says what differed.
    static func exit(checking issues: [TestDoubleIssue], answeredBy counter: Stub<any ShelfCounter>) async -> Never {
        guard issues.count == 1 else { Foundation.exit(10 + Int32(min(issues.count, 9))) }
        guard issues[0].kind == .invalidRecording else { Foundation.exit(20) }
        guard issues[0].location?.fileID == #fileID else { Foundation.exit(21) }
        guard issues[0].message.contains("ShelfBook") else { Foundation.exit(22) }
        counter.when { $0.count(Match.any()) }.thenReturn(4)
        await counter.when { await $0.countLater(Match.equal(2)) }.thenReturn(6)
        guard counter().count(1) == 4 else { Foundation.exit(30) }
        guard await counter().countLater(2) == 6 else { Foundation.exit(31) }
        guard counter.verify(.exactly(1), { $0.count(Match.any()) }) else { Foundation.exit(32) }
        Foundation.exit(0)
    }

    @Test func anAsyncWhenIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await TestDoubleIssueReporting.capture {
                _ = await counter.when { await $0.countLater(shelfNumber(of: Match.any())) }
            }
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }

    @Test func anAsyncVerifyIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await TestDoubleIssueReporting.capture {
                _ = await counter.verify { await $0.countLater(shelfNumber(of: Match.any())) }
            }
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }

    @Test func anAsyncWhenInAMainActorTestIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await MainActorPlainFunctionMatchers.asyncWhen(on: counter)
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }

    @Test func aSyncWhenOnAGlobalActorIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await ShelfDeskRecordings.syncWhen(on: counter)
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }

    @Test func aSyncWhenInAnActorsMethodIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await ShelfClerk(counter).recordMatcherOfAPlainFunction()
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }

    /// A pass now hosted for its caller on another actor keeps the
    /// closure on that actor: its own closures pass Swift's run-time check.
    @Test func aSyncWhenOnAnotherActorKeepsItsIsolation() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            guard await ShelfDeskRecordings.syncWhenWithAClosure(on: counter).isEmpty else { Foundation.exit(40) }
            guard await ShelfClerk(counter).recordWithAClosure([1, 2, 3]).isEmpty else { Foundation.exit(41) }
            guard counter().count(6) == 9, counter().count(12) == 9, counter().count(5) == 0 else {
                Foundation.exit(42)
            }
            Foundation.exit(0)
        }
    }

    /// The same while another live double needs a host (its types are
    /// classes): such passes ran on the host as nonisolated before, and the
    /// closure's own closure stopped the process there.
    @Test func aHostedSyncWhenOnAnotherActorKeepsItsIsolation() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let archive = try Stub<any ShelfArchive>()
            archive.when { $0.store(Match.any(using: ShelfBook("x"))) }.thenReturn(true)
            guard await ShelfDeskRecordings.syncWhenWithAClosure(on: counter).isEmpty else { Foundation.exit(40) }
            guard await ShelfClerk(counter).recordWithAClosure([1, 2, 3]).isEmpty else { Foundation.exit(41) }
            guard counter().count(6) == 9, counter().count(12) == 9, archive().store(ShelfBook("y")) else {
                Foundation.exit(42)
            }
            Foundation.exit(0)
        }
    }

    @Test func anOrderOnAGlobalActorIsAnIssue() async {
        await #expect(processExitsWith: .success) {
            let counter = try Stub<any ShelfCounter>()
            let issues = await ShelfDeskRecordings.order(on: counter)
            await PlainFunctionMatcherTests.exit(checking: issues, answeredBy: counter)
        }
    }
}

/// The async pass written in a `@MainActor` test.
@MainActor enum MainActorPlainFunctionMatchers {
    static func asyncWhen(on counter: Stub<any ShelfCounter>) async -> [TestDoubleIssue] {
        await TestDoubleIssueReporting.capture {
            _ = await counter.when { await $0.countLater(shelfNumber(of: Match.any())) }
        }
    }
}

/// Synchronous passes written on a global actor of the tests' own.
@ShelfDeskActor enum ShelfDeskRecordings {
    static func syncWhen(on counter: Stub<any ShelfCounter>) -> [TestDoubleIssue] {
        TestDoubleIssueReporting.capture {
            _ = counter.when { $0.count(shelfNumber(of: Match.any())) }
        }
    }

    static func order(on counter: Stub<any ShelfCounter>) -> [TestDoubleIssue] {
        TestDoubleIssueReporting.capture {
            InvocationOrder {
                counter().count(shelfNumber(of: Match.any()))
            }
        }
    }

    static func syncWhenWithAClosure(on counter: Stub<any ShelfCounter>) -> [TestDoubleIssue] {
        let shelves = [1, 2]
        return TestDoubleIssueReporting.capture {
            counter.when { double in
                ShelfDeskActor.assertIsolated()
                return double.count(Match.equal(shelves.map { $0 * 2 }.reduce(0, +)))
            }.thenReturn(9)
        }
    }
}
#endif
