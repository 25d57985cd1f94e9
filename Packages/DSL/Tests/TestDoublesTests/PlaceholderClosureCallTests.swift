import TestDoubles
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

// A recording closure that calls a closure a recorded call handed back (issue 17): the placeholder
// closure has no behavior, so the pass stops there with an issue at the `when` line. Before, the
// process stopped: "a Dummy closure of type (Int) -> Int was called; a dummy must never be used".

protocol HandlerFactory {
    func makeHandler(for id: Int) -> (Int) -> Int
    func makeReporter(named name: String) -> Reporter
    func makeAsyncHandler() -> (String) async -> Int
}

/// A value with a closure inside, as a result: its placeholder holds a placeholder closure.
struct Reporter {
    let label: String
    let report: (String) -> Int
}

/// Async requirements whose results are closures: their passes are hosted like the synchronous ones'.
protocol AsyncHandlerFactory {
    func makeHandler(for id: Int) async -> (Int) -> Int
    var transform: (inout Int) -> Int { get async }
}

struct LiveAsyncHandlerFactory: AsyncHandlerFactory {
    func makeHandler(for id: Int) async -> (Int) -> Int { { $0 + id } }
    var transform: (inout Int) -> Int {
        get async {
            {
                $0 += 1; return $0
            }
        }
    }
}

struct LiveHandlerFactory: HandlerFactory {
    func makeHandler(for id: Int) -> (Int) -> Int { { $0 + id } }
    func makeReporter(named name: String) -> Reporter { Reporter(label: name) { $0.count } }
    func makeAsyncHandler() -> (String) async -> Int { { $0.count } }
}

@Suite struct PlaceholderClosureCallTests {
    @Test func callingTheReturnedClosureInsideWhenIsAnIssueAtItsLine() throws {
        let factory = try Stub<any HandlerFactory>()
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            factory.when { double -> (Int) -> Int in
                let handler = double.makeHandler(for: Match.any())
                _ = handler(1)
                return handler
            }.thenReturn { $0 * 2 }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("placeholder closure of type (Swift.Int) -> Swift.Int"))
        // The process survived, and the double answers exactly once configured outside the closure.
        factory.when { $0.makeHandler(for: Match.equal(3)) }.thenReturn { $0 * 7 }
        #expect(factory().makeHandler(for: 3)(6) == 42)
    }

    @Test func callingTheClosureInsideAReturnedStructIsAnIssueAtTheVerifyLine() throws {
        let factory = try Stub<any HandlerFactory>()
        factory.when { $0.makeReporter(named: Match.any()) }.thenReturn(Reporter(label: "r") { $0.count * 10 })
        let reporter = factory().makeReporter(named: "x")
        #expect(reporter.label == "r")
        #expect(reporter.report("abc") == 30)
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            _ = factory.verify(1...1) { _ = $0.makeReporter(named: Match.any()).report("y") }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(factory.verify(1...1) { _ = $0.makeReporter(named: Match.equal("x")) })
    }

    @Test func awaitingTheReturnedAsyncClosureInsideAnAsyncWhenIsAnIssue() async throws {
        let factory = try Stub<any HandlerFactory>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await factory.when { double -> (String) async -> Int in
                let handler = double.makeAsyncHandler()
                _ = await handler("a")
                return handler
            }.thenReturn { $0.count + 1 }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        factory.when { $0.makeAsyncHandler() }.thenReturn { $0.count + 100 }
        #expect(await factory().makeAsyncHandler()("abcd") == 104)
    }

    @Test func callingTheClosureAnAsyncRequirementReturnedInsideWhenIsAnIssue() async throws {
        let factory = try Stub<any AsyncHandlerFactory>(getterEffects: .nonthrowing)
        var lines: [Int] = []
        let issues = await TestDoubleIssueReporting.capture { () async in
            lines.append(#line + 1)
            await factory.when { double -> (Int) -> Int in
                let handler = await double.makeHandler(for: Match.any())
                _ = handler(1)
                return handler
            }.thenReturn { $0 * 2 }
            lines.append(#line + 1)
            await factory.when { double -> (inout Int) -> Int in
                let transform = await double.transform
                var value = 1
                _ = transform(&value)
                return transform
            }.thenReturn {
                $0 += 2; return $0
            }
        }
        // Each pass parked at the placeholder closure's call: an issue at its line, and the process goes on.
        #expect(issues.map(\.kind) == [.invalidRecording, .invalidRecording])
        #expect(issues.map { $0.location?.line } == lines)
        await factory.when { await $0.makeHandler(for: Match.equal(3)) }.thenReturn { $0 * 7 }
        #expect(await factory().makeHandler(for: 3)(6) == 42)
    }
}
