import TestDoubles
import Testing

/// A global actor of the tests' own, served by a default actor.
@globalActor actor PlaceholderTestActor {
    static let shared = PlaceholderTestActor()
}

/// The passes of `MainActorPlaceholderTests` with a runtime `Stub` whose
/// closure is isolated to another actor than the test's: the pass reads the
/// closure's actor (`@isolated(any)`) and lends it to its own thread.
@Suite struct OtherActorPlaceholderTests {
    @Test func aGlobalActorClosureFromANonisolatedTestRecordsAClassResult() async throws {
        try await Self.recordOnTheGlobalActor()
    }

    @MainActor @Test func aGlobalActorClosureFromAMainActorTestRecordsAClassResult() async throws {
        try await Self.recordOnTheGlobalActor()
    }

    /// A synchronous requirement returning a class, in a closure isolated to
    /// the global actor whatever the caller's isolation.
    private static func recordOnTheGlobalActor(isolation: isolated (any Actor)? = #isolation) async throws {
        let stub = try Stub<any SendableBoxSource>()
        let box = PlaceholderBox("made")
        let issues = await TestDoubleIssueReporting.capture { () async in
            await stub.when { @PlaceholderTestActor double in
                await Task.yield()
                PlaceholderTestActor.assertIsolated()
                return double.makeBox()
            }.thenReturn(box)
        }
        #expect(issues.isEmpty)
        #expect(stub().makeBox() === box)
    }

    @Test func aMainActorClosureFromANonisolatedTestReportsABareMatchAny() async throws {
        let stub = try Stub<any SendableBoxSource>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await stub.verify { @MainActor in await $0.reloadBox(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("PlaceholderBox"))
    }
}
