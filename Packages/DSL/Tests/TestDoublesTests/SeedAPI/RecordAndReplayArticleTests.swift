import Foundation
import TestDoubles
import Testing

// The RecordAndReplay article's examples, rewritten against the forecast
// fixtures of RecordReplayTests: record a spy's real answers under a key,
// save or snapshot them, replay them on a plain Stub.

@Suite struct RecordAndReplayArticleTests {
    @Test func recordUnderAKeyThenReplayFromTheSavedFixture() async throws {
        let directory = try FixtureDirectory()
        let fixtureURL = directory.file("outlook.json")

        let live = LiveForecastService()
        let spy = try Spy<any ForecastService>(forwardingTo: live)
        let session = RecordingSession()
        let recordings = await spy.when { try await $0.outlook(for: Match.any()) }
            .thenRecord(as: "outlook", into: session) { (city: String) in try await live.outlook(for: city) }

        let service: any ForecastService = spy()
        let recorded = try await service.outlook(for: "Berlin")
        recordings.verify(1...1)
        try session.save(to: fixtureURL)

        let fixture = try InteractionFixture.load(from: fixtureURL)
        let stub = try Stub<any ForecastService>()
        let replays = await stub.when { try await $0.outlook(for: Match.any()) }
            .thenReplay(as: "outlook", from: fixture)
        let callsBefore = live.calls
        let replayed = try await stub().outlook(for: "Berlin")
        #expect(replayed == recorded)
        // The last recorded answer repeats, and the live service is never reached.
        #expect(try await stub().outlook(for: "Paris") == recorded)
        #expect(live.calls == callsBefore)
        replays.verify(2...2)
    }

    @Test func recordedAnswersReplayInOrderFromASnapshot() throws {
        let live = LiveForecastService()
        let spy = try Spy<any ForecastService>(forwardingTo: live)
        let session = RecordingSession()
        spy.when { $0.temperature(in: Match.any()) }
            .thenRecord(as: "temperature", into: session) { (city: String) in live.temperature(in: city) }
        let service = spy()
        let first = service.temperature(in: "Oslo")
        let second = service.temperature(in: "Reykjavik")
        #expect(first != second)

        let fixture = session.snapshot()  // no file needed within one run
        let stub = try Stub<any ForecastService>()
        stub.when { $0.temperature(in: Match.any()) }.thenReplay(as: "temperature", from: fixture)
        #expect(stub().temperature(in: "a") == first)
        #expect(stub().temperature(in: "b") == second)
        #expect(stub().temperature(in: "c") == second)
    }

    @Test func typedErrorsRoundTrip() async throws {
        let live = LiveForecastService()
        let spy = try Spy<any ForecastService>(forwardingTo: live)
        let session = RecordingSession()
        await spy.when { try await $0.login(token: Match.any()) }
            .thenRecord(as: "login", into: session, recordingErrorsAs: ForecastError.self) { (token: String) in
                try await live.login(token: token)
            }
        await #expect(throws: ForecastError.unauthorized) { try await spy().login(token: "wrong") }

        let stub = try Stub<any ForecastService>()
        await stub.when { try await $0.login(token: Match.any()) }
            .thenReplay(as: "login", from: session.snapshot(), throwing: ForecastError.self)
        await #expect(throws: ForecastError.unauthorized) { try await stub().login(token: "x") }
    }

    @Test func aMissingKeyConfiguresNothingAndSaysWhy() throws {
        let stub = try Stub<any ForecastService>()
        let issues = TestDoubleIssueReporting.capture {
            stub.when { $0.temperature(in: Match.any()) }.thenReplay(
                as: "nope", from: InteractionFixture(interactions: []))
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("\"nope\""))
    }

    @Test func sessionComparingAgainstACommittedFixture() throws {
        let live = LiveForecastService()
        let first = RecordingSession()
        let spy = try Spy<any ForecastService>(forwardingTo: live)
        spy.when { $0.temperature(in: Match.any()) }
            .thenRecord(as: "temperature", into: first) { (city: String) in live.temperature(in: city) }
        _ = spy().temperature(in: "Oslo")
        let committed = first.snapshot()

        let again = RecordingSession(comparingAgainst: committed, named: "weather")
        let spyAgain = try Spy<any ForecastService>(forwardingTo: live)
        spyAgain.when { $0.temperature(in: Match.any()) }
            .thenRecord(as: "temperature", into: again) { (city: String) in live.temperature(in: city) }
        _ = spyAgain().temperature(in: "Lima")
        #expect(!again.differencesFromReference.isEmpty)
        let issues = TestDoubleIssueReporting.capture { again.assertMatchesReference() }
        #expect(issues.count == 1)
    }
}
