import TestDoubles
import Testing

/// A session object the code under test hands around: a class no placeholder source can make.
final class ResumableSession: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// A `Sendable` protocol whose requirements take and return that class.
protocol SessionResumer: Sendable {
    func resume(_ session: ResumableSession) async -> Bool
    func current() -> ResumableSession
}

/// A linked conformer, so discovery reads the requirements' signatures.
struct LiveSessionResumer: SessionResumer {
    func resume(_ session: ResumableSession) async -> Bool { true }
    func current() -> ResumableSession { ResumableSession(id: 0) }
}

/// The Isolation article's recording passes from a test isolated to a
/// global actor of the tests' own: the closures are isolated to it, and the
/// pass lends it (the caller's actor) to its own thread. A bare
/// `Match.any()` of a class is an issue at the `when` line and a synchronous
/// requirement returning a class is recorded; before, the pass parked on
/// the actor and the test waited for good.
@BackgroundActor @Suite struct GlobalActorRecordingTests {
    @Test func aBareMatchAnyOfAClassIsAnIssueAtTheWhenLine() async throws {
        let resumer = try Stub<any SessionResumer>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resumer.when { double in
                BackgroundActor.assertIsolated()
                return await double.resume(Match.any())  // an issue at the `when` line, not a stop
            }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let issue2 = try #require(issues.first)
        #expect(issue2.message.contains("ResumableSession"))

        let session = ResumableSession(id: 1)
        await resumer.when { await $0.resume(Match.any(using: session)) }.thenReturn(true)
        #expect(await resumer().resume(ResumableSession(id: 2)))
    }

    @Test func aSynchronousRequirementReturningAClassIsRecorded() async throws {
        let resumer = try Stub<any SessionResumer>()
        let session = ResumableSession(id: 3)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await resumer.when { double in
                await Task.yield()
                BackgroundActor.assertIsolated()
                return double.current()
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(resumer().current() === session)
        #expect(
            await resumer.verify { double in
                await Task.yield()
                return double.current()
            })
    }
}
