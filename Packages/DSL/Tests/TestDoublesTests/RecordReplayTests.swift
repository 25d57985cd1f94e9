import Foundation
import TestDoubles
import Testing

struct ForecastReport: Codable, Equatable, Sendable {
    var city: String
    var high: Double
    var low: Double
    var summary: String
    var day: Int
}

enum ForecastError: Error, Codable, Equatable {
    case unknownCity(String)
    case unauthorized
}

/// Not `Codable`: recording a call with one of these fails closed.
final class ForecastHandle: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

protocol ForecastService {
    func temperature(in city: String) -> Double
    func report(for city: String, day: Int) throws -> ForecastReport
    func headline(for city: String) async -> String
    func login(token: String) async throws -> Int
    func outlook(for city: String) async throws -> ForecastReport
    func ping()
    func attach(_ handle: ForecastHandle) -> Bool
}

/// The real service; counts its calls so the tests see that replay never reaches it.
final class LiveForecastService: ForecastService, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var calls: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    private func called() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }

    func temperature(in city: String) -> Double {
        called()
        return Double(city.count) + 0.5
    }

    func report(for city: String, day: Int) throws -> ForecastReport {
        called()
        guard city != "Atlantis" else { throw ForecastError.unknownCity(city) }
        return ForecastReport(city: city, high: 20.5, low: 11.25, summary: "sunny in \(city)", day: day)
    }

    func headline(for city: String) async -> String {
        called()
        await Task.yield()
        return "Clear skies over \(city)"
    }

    func login(token: String) async throws -> Int {
        called()
        await Task.yield()
        guard token.hasPrefix("secret-") else { throw ForecastError.unauthorized }
        return token.count
    }

    func outlook(for city: String) async throws -> ForecastReport {
        called()
        await Task.yield()
        return ForecastReport(city: city, high: 30, low: 21, summary: "hot", day: 7)
    }

    func ping() { called() }

    func attach(_ handle: ForecastHandle) -> Bool {
        called()
        return handle.id > 0
    }
}

/// A temporary directory removed when the test ends.
struct FixtureDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("td-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct RecordReplayTests {
    /// The calls every round trip makes, the same way against the spy and the replaying stub.
    static func exercise(_ service: any ForecastService) async throws -> [String] {
        var seen: [String] = []
        seen.append("\(service.temperature(in: "Oslo"))")
        seen.append("\(try service.report(for: "Lima", day: 3))")
        do {
            _ = try service.report(for: "Atlantis", day: 1)
            seen.append("no error")
        } catch {
            seen.append("threw \(error)")
        }
        seen.append(await service.headline(for: "Rome"))
        seen.append("\(try await service.login(token: "secret-42"))")
        do {
            _ = try await service.login(token: "guest")
            seen.append("no error")
        } catch {
            seen.append("threw \(error)")
        }
        seen.append("\(try await service.outlook(for: "Cairo"))")
        service.ping()
        return seen
    }

    @Test func recordToAFixtureFileThenReplayOnAPlainStub() async throws {
        let directory = try FixtureDirectory()
        let live = LiveForecastService()
        let session = RecordingSession(named: "forecast")
        let spy = try Spy<any ForecastService>(forwardingTo: live, recordingInto: session)
        let recorded = try await Self.exercise(spy())
        #expect(live.calls == 8)
        #expect(recorded[2] == "threw unknownCity(\"Atlantis\")")
        #expect(recorded[5] == "threw unauthorized")
        let url = directory.file("forecast.json")
        try session.save(to: url)

        let fixture = try InteractionFixture.load(from: url)
        #expect(fixture.schemaVersion == InteractionFixture.currentSchemaVersion)
        #expect(
            fixture.interactions.map(\.requirement) == [
                "temperature(in:)", "report(for:day:)", "report(for:day:)", "headline(for:)", "login(token:)",
                "login(token:)", "outlook(for:)", "ping()",
            ])

        let stub = try Stub<any ForecastService>()
        let replay = stub.replay(fixture, errorTypes: [ForecastError.self])
        var replayed: [String] = []
        let issues = try await TestDoubleIssueReporting.capture { () async throws in
            replayed = try await Self.exercise(stub())
            replay.assertFullyReplayed()
        }
        #expect(issues.map(\.message) == [])
        #expect(replayed == recorded)
        #expect(live.calls == 8)  // the replay never reached the real service
        stub.verify(2...2) { try $0.report(for: Match.any(), day: Match.any()) }
    }

    @Test func theFixtureFileIsDeterministicJSON() throws {
        let directory = try FixtureDirectory()
        let session = RecordingSession(named: "report")
        let spy = try Spy<any ForecastService>(forwardingTo: LiveForecastService(), recordingInto: session)
        _ = try spy().report(for: "Lima", day: 3)
        try session.save(to: directory.file("a.json"))
        try session.save(to: directory.file("b.json"))
        let text = try String(contentsOf: directory.file("a.json"), encoding: .utf8)
        #expect(try Data(contentsOf: directory.file("a.json")) == Data(contentsOf: directory.file("b.json")))
        #expect(
            text == """
                {
                  "interactions" : [
                    {
                      "arguments" : [
                        "Lima",
                        3
                      ],
                      "requirement" : "report(for:day:)",
                      "result" : {
                        "city" : "Lima",
                        "day" : 3,
                        "high" : 20.5,
                        "low" : 11.25,
                        "summary" : "sunny in Lima"
                      }
                    }
                  ],
                  "name" : "report",
                  "schemaVersion" : 2
                }

                """)
    }

    @Test func stubbedCallsAreNotRecordedOnlyForwardedOnes() throws {
        let session = RecordingSession()
        let spy = try Spy<any ForecastService>(forwardingTo: LiveForecastService(), recordingInto: session)
        spy.when { $0.temperature(in: Match.equal("Paris")) }.thenReturn(-40)
        #expect(spy().temperature(in: "Paris") == -40)
        #expect(spy().temperature(in: "Bern") == 4.5)
        let fixture = session.snapshot()
        #expect(fixture.interactions.count == 1)
        #expect(fixture.interactions.first?.arguments == [.string("Bern")])
        #expect(fixture.interactions.first?.outcome == .returned(.double(4.5)))
    }

    @Test func secretsAreRedactedBeforeTheyReachDisk() async throws {
        let directory = try FixtureDirectory()
        let redactor = FixtureRedactor { requirement, role, value in
            guard requirement == "login(token:)", role == .argument(0) else { return value }
            return .string("<token>")
        }
        let session = RecordingSession(named: "login", redacting: redactor)
        let spy = try Spy<any ForecastService>(forwardingTo: LiveForecastService(), recordingInto: session)
        #expect(try await spy().login(token: "secret-hunter2") == 14)
        let url = directory.file("login.json")
        try session.save(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("hunter2"))
        #expect(text.contains("<token>"))

        let stub = try Stub<any ForecastService>()
        let replay = stub.replay(try InteractionFixture.load(from: url), redacting: redactor)
        let issues = try await TestDoubleIssueReporting.capture { () async throws in
            #expect(try await stub().login(token: "secret-other") == 14)
        }
        #expect(issues.isEmpty)
        #expect(replay.assertFullyReplayed())
    }

    @Test func aNewerSchemaVersionOrMalformedFixtureThrowsAPreciseError() throws {
        let directory = try FixtureDirectory()
        let newer = directory.file("newer.json")
        try Data(#"{ "schemaVersion" : 99, "interactions" : [] }"#.utf8).write(to: newer)
        #expect(throws: FixtureError.unsupportedSchemaVersion(found: 99, supported: 2)) {
            try InteractionFixture.load(from: newer)
        }
        let malformed = directory.file("malformed.json")
        try Data(#"{ "schemaVersion" : 1, "interactions" : [ { "requirement" : 3 } ] }"#.utf8).write(to: malformed)
        do {
            _ = try InteractionFixture.load(from: malformed)
            Issue.record("a malformed fixture loaded")
        } catch {
            guard case .malformed(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("interactions[0].requirement"))
        }
        let truncated = directory.file("truncated.json")
        try Data(#"{ "schemaVersion" : 1, "interactions" : [ "#.utf8).write(to: truncated)
        #expect(throws: FixtureError.self) { try InteractionFixture.load(from: truncated) }
    }

    @Test func aReplayMismatchIsAnIssueNamingRequirementArgumentsAndPosition() async throws {
        let fixture = InteractionFixture(
            name: "mismatch",
            interactions: [
                RecordedInteraction(
                    requirement: "temperature(in:)", arguments: [.string("Oslo")], outcome: .returned(.double(4.5))),
                RecordedInteraction(
                    requirement: "headline(for:)", arguments: [.string("Rome")], outcome: .returned(.string("Clear"))),
            ])
        let stub = try Stub<any ForecastService>()
        let replay = stub.replay(fixture)
        let issues = await TestDoubleIssueReporting.capture { () async in
            #expect(stub().temperature(in: "Oslo") == 4.5)
            #expect(await stub().headline(for: "Paris") == "")  // a safe default answer
            #expect(await stub().headline(for: "Rome") == "Clear")
            stub().ping()  // past the end of the fixture
        }
        #expect(issues.count == 2)
        let message = issues.first?.message ?? ""
        #expect(message.contains("fixture \"mismatch\""))
        #expect(message.contains("position 1 (call 2 of 2)"))
        #expect(message.contains("expected headline(for:) with [\"Rome\"], got headline(for:) with [\"Paris\"]"))
        let lastIssue = try #require(issues.last)
        #expect(lastIssue.message.contains("ping() with []"))
        #expect(replay.assertFullyReplayed())
    }

    @Test func unconsumedRecordedCallsCanBeAsserted() throws {
        let fixture = InteractionFixture(
            interactions: [RecordedInteraction(requirement: "ping()", arguments: [], outcome: .returned(.null))])
        let stub = try Stub<any ForecastService>()
        let replay = stub.replay(fixture)
        let issues = TestDoubleIssueReporting.capture { #expect(replay.assertFullyReplayed() == false) }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("0 of 1 recorded calls"))
        #expect(issue.message.contains("position 0: ping() with []"))
        stub().ping()
        #expect(replay.assertFullyReplayed())
    }

    @Test func aNonCodableArgumentIsAnIssueNamingTheRequirementAndArgument() throws {
        let session = RecordingSession()
        let spy = try Spy<any ForecastService>(forwardingTo: LiveForecastService(), recordingInto: session)
        let issues = TestDoubleIssueReporting.capture {
            #expect(spy().attach(ForecastHandle(id: 3)))  // the real answer still arrives
        }
        #expect(issues.count == 1)
        let message = issues.first?.message ?? ""
        #expect(message.contains("attach(_:)"))
        #expect(message.contains("argument 1"))
        #expect(message.contains("Encodable"))
        // snapshot() reports the missing call at its line and returns what was recorded;
        // save(to:) refuses the incomplete fixture and writes nothing.
        let snapshotLine = #line + 1
        let snapshotIssues = TestDoubleIssueReporting.capture { #expect(session.snapshot().interactions.isEmpty) }
        #expect(snapshotIssues.count == 1)
        #expect(snapshotIssues.first?.kind == .invalidRecording)
        #expect(snapshotIssues.first?.location?.line == snapshotLine)
        #expect(try #require(snapshotIssues.first).message.contains("attach(_:)"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("incomplete-\(UUID()).json")
        #expect(throws: FixtureError.self) { try session.save(to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func thenRecordAndThenReplayWorkPerPattern() throws {
        let session = RecordingSession()
        let live = LiveForecastService()
        let spy = try Spy<any ForecastService>(forwardingTo: live)
        spy.when { $0.temperature(in: Match.any()) }
            .thenRecord(into: session) { (city: String) in live.temperature(in: city) * 2 }
        #expect(spy().temperature(in: "Oslo") == 9)

        let replay = InteractionReplay(session.snapshot())
        let stub = try Stub<any ForecastService>()
        stub.when { $0.temperature(in: Match.any()) }.thenReplay(from: replay)
        #expect(stub().temperature(in: "Oslo") == 9)
        #expect(replay.assertFullyReplayed())
    }

    @Test func gettersAndSettersRecordAndReplay() throws {
        let real = LiveLedger(balance: 10)
        let session = RecordingSession(named: "ledger")
        let spy = try Spy<any Ledger>(forwardingTo: real, recordingInto: session)
        var ledger = spy()
        ledger.owner = "ada"
        #expect(ledger.owner == "ada")
        #expect(ledger.balance == 10)
        #expect(ledger.deposit(5) == 15)
        let fixture = try InteractionFixture(json: try session.snapshot().json())
        #expect(fixture.interactions.count == 4)
        #expect(fixture.interactions.first?.arguments == [.string("ada")])

        let stub = try Stub<any Ledger>()
        let replay = stub.replay(fixture)
        var replayed = stub()
        let issues = TestDoubleIssueReporting.capture {
            replayed.owner = "ada"
            #expect(replayed.owner == "ada")
            #expect(replayed.balance == 10)
            #expect(replayed.deposit(5) == 15)
        }
        #expect(issues.map(\.message) == [])
        #expect(replay.assertFullyReplayed())
    }
}
