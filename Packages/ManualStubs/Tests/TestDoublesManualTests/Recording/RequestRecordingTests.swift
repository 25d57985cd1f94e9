import Foundation
import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

protocol ForecastService {
    func forecast(for city: String, days: Int, apiKey: String) throws -> [Int]
}

struct ForecastServiceStubConformer: ForecastService, ManualStubConformer {
    let stub: ManualStub<Self>
    func forecast(for city: String, days: Int, apiKey: String) throws -> [Int] {
        try stub.throwingCall(city, days, apiKey)
    }
}

/// What a recorded forecast call is keyed by: the key never reaches the fixture.
struct ForecastRequest: Codable, Sendable, Equatable {
    var city: String
    var days: Int
}

struct LiveForecasts: ForecastService {
    func forecast(for city: String, days: Int, apiKey: String) throws -> [Int] {
        guard apiKey == "secret" else { throw URLError(.userAuthenticationRequired) }
        return (0..<days).map { city.count * 10 + $0 }
    }
}

/// `thenRecord(as:into:recording:calling:)` and
/// `thenReplay(as:from:matching:redacting:)`: recording and replaying by a
/// request derived from the arguments.
@Suite struct RequestRecordingTests {
    private static let request: @Sendable (String, Int, String) -> ForecastRequest = { city, days, _ in
        ForecastRequest(city: city, days: days)
    }

    @Test func recordsTheRequestInPlaceOfTheArgumentsAndReplaysByIt() throws {
        let live = LiveForecasts()
        let session = RecordingSession(named: "forecasts")
        let spy = ManualStub<ForecastServiceStubConformer>()
        let recordings = spy.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenRecord(
                as: "forecast", into: session,
                recording: { (city: String, days: Int, _: String) in
                    ForecastRequest(city: city, days: days)
                }
            ) { city, days, apiKey in try live.forecast(for: city, days: days, apiKey: apiKey) }
        #expect(try spy().forecast(for: "Oslo", days: 2, apiKey: "secret") == [40, 41])
        #expect(try spy().forecast(for: "Rome", days: 1, apiKey: "secret") == [40])
        recordings.verify(2...2)

        let fixture = session.snapshot()
        #expect(fixture.interactions.count == 2)
        let stored = try #require(fixture.interactions.first?.arguments)
        #expect(stored.count == 1)
        #expect(try stored[0].decode(as: ForecastRequest.self) == ForecastRequest(city: "Oslo", days: 2))
        #expect(!String(decoding: try fixture.json(), as: UTF8.self).contains("secret"))

        let stub = ManualStub<ForecastServiceStubConformer>()
        let replays = stub.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenReplay(
                as: "forecast", from: fixture,
                matching: { (city: String, days: Int, _: String) in
                    ForecastRequest(city: city, days: days)
                })
        // Out of recording order: each call gets the answer of its own request.
        #expect(try stub().forecast(for: "Rome", days: 1, apiKey: "other key") == [40])
        #expect(try stub().forecast(for: "Oslo", days: 2, apiKey: "") == [40, 41])
        replays.verify(2...2)

        let issues = TestDoubleIssueReporting.capture {
            _ = try? stub().forecast(for: "Oslo", days: 5, apiKey: "secret")
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("no call was recorded for the request"))
    }

    @Test func aRequestRecordedTwiceReplaysInOrderThenRepeatsTheLast() throws {
        let answers = Locked([[1], [2]])
        let session = RecordingSession()
        let spy = ManualStub<ForecastServiceStubConformer>()
        spy.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenRecord(as: "forecast", into: session, recording: Self.request) { _, _, _ in
                answers.withLock { $0.isEmpty ? [] : $0.removeFirst() }
            }
        _ = try spy().forecast(for: "Oslo", days: 1, apiKey: "")
        _ = try spy().forecast(for: "Oslo", days: 1, apiKey: "")

        let stub = ManualStub<ForecastServiceStubConformer>()
        stub.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenReplay(as: "forecast", from: session.snapshot(), matching: Self.request)
        #expect(try stub().forecast(for: "Oslo", days: 1, apiKey: "") == [1])
        #expect(try stub().forecast(for: "Oslo", days: 1, apiKey: "") == [2])
        #expect(try stub().forecast(for: "Oslo", days: 1, apiKey: "") == [2])
    }

    @Test func theRedactorSeesTheRequestRoleOnBothSides() throws {
        // Recording drops the city; the replay must drop it the same way to match.
        let redactor = FixtureRedactor { _, role, value in
            guard role == .request, case .object(var fields) = value else { return value }
            fields["city"] = .string("<city>")
            return .object(fields)
        }
        let session = RecordingSession(redacting: redactor)
        let spy = ManualStub<ForecastServiceStubConformer>()
        spy.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenRecord(as: "forecast", into: session, recording: Self.request) { _, days, _ in [days] }
        _ = try spy().forecast(for: "Oslo", days: 3, apiKey: "")
        let fixture = session.snapshot()
        #expect(!String(decoding: try fixture.json(), as: UTF8.self).contains("Oslo"))

        let redacting = ManualStub<ForecastServiceStubConformer>()
        redacting.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenReplay(as: "forecast", from: fixture, matching: Self.request, redacting: redactor)
        #expect(try redacting().forecast(for: "Lima", days: 3, apiKey: "") == [3])

        let plain = ManualStub<ForecastServiceStubConformer>()
        plain.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenReplay(as: "forecast", from: fixture, matching: Self.request)
        let issues = TestDoubleIssueReporting.capture { _ = try? plain().forecast(for: "Lima", days: 3, apiKey: "") }
        #expect(issues.count == 1)
        #expect(FixtureValueRole.request.description == "request")
    }

    @Test func recordedURLErrorsReplayAsThemselves() throws {
        let session = RecordingSession()
        let spy = ManualStub<ForecastServiceStubConformer>()
        spy.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenRecord(as: "forecast", into: session, recording: Self.request) { city, days, apiKey in
                try LiveForecasts().forecast(for: city, days: days, apiKey: apiKey)
            }
        #expect(throws: URLError.self) { try spy().forecast(for: "Oslo", days: 1, apiKey: "wrong") }

        let stub = ManualStub<ForecastServiceStubConformer>()
        stub.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
            .thenReplay(as: "forecast", from: session.snapshot(), matching: Self.request)
        #expect(throws: URLError(.userAuthenticationRequired)) {
            try stub().forecast(for: "Oslo", days: 1, apiKey: "")
        }
    }

    @Test func anEmptyFixtureReplaysNothingAndSaysWhy() throws {
        let empty = InteractionFixture()
        #expect(empty.interactions.isEmpty)
        #expect(empty.schemaVersion == InteractionFixture.currentSchemaVersion)
        let stub = ManualStub<ForecastServiceStubConformer>()
        let issues = TestDoubleIssueReporting.capture {
            stub.when { try $0.forecast(for: Match.any(), days: Match.any(), apiKey: Match.any()) }
                .thenReplay(as: "forecast", from: empty, matching: Self.request)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("no call was recorded under \"forecast\""))
    }
}
