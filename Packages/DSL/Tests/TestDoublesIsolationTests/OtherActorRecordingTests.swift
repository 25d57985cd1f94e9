import TestDoubles
import Testing

/// The Isolation article's closure marked `@MainActor` in a test that is
/// not: the recording pass reads the closure's own actor (`@isolated(any)`)
/// and lends it to its own thread, so a bare `Match.any()` of a class is an
/// issue at the `when` line, not a stop, and a requirement returning a
/// class is recorded. The same for a global actor of the tests' own.
@Suite struct OtherActorRecordingTests {
    @Test func aMainActorClosureFromANonisolatedTest() async throws {
        let resumer = try Stub<any SessionResumer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resumer.when { @MainActor double in
                MainActor.assertIsolated()
                return await double.resume(Match.any())  // an issue at the `when` line, not a stop
            }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)

        let session = ResumableSession(id: 4)
        let recorded = await TestDoubleIssueReporting.capture { () async in
            await resumer.when { @MainActor double in
                await Task.yield()
                return double.current()  // a class result with no placeholder: recorded
            }.thenReturn(session)
        }
        #expect(recorded.isEmpty)
        #expect(resumer().current() === session)
    }

    @Test func aGlobalActorClosureFromANonisolatedTest() async throws {
        let resumer = try Stub<any SessionResumer>()
        let session = ResumableSession(id: 5)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await resumer.when { @BackgroundActor double in
                await Task.yield()
                BackgroundActor.assertIsolated()
                return double.current()
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(resumer().current() === session)
        // The pass gave the actor back: a job on it runs.
        #expect(await BackgroundActor.echo(5) == 5)
        var line = 0
        let verifyIssues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resumer.verify(.never) { @BackgroundActor in await $0.resume(Match.any()) }
        }
        #expect(verifyIssues.map(\.kind) == [.invalidRecording])
        #expect(verifyIssues.first?.location?.line == line)
    }
}

extension BackgroundActor {
    /// A job on the actor: returns once the actor is free.
    @BackgroundActor static func echo(_ value: Int) -> Int { value }
}
