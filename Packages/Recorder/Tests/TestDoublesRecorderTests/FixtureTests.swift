import Foundation
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

struct RecordedAccount: Codable, Equatable {
    var id: Int
    var name: String
    var balance: Double
}

enum AccountError: Error, Codable, Equatable {
    case locked(until: Int)
}

@Suite struct InteractionFixtureTests {
    let sample = InteractionFixture(
        name: "sample",
        interactions: [
            RecordedInteraction(
                requirement: "fetch(id:)", arguments: [.integer(1)],
                outcome: .returned(.object(["name": .string("a"), "id": .integer(1), "balance": .double(1.5)]))),
            RecordedInteraction(
                requirement: "fetch(id:)", arguments: [.integer(2)],
                outcome: .threw(RecordedError(type: "AccountError", message: "locked", value: nil))),
            RecordedInteraction(requirement: "refresh()", arguments: [], outcome: .returned(.null)),
        ])

    @Test func jsonIsPrettySortedVersionedAndRoundTrips() throws {
        let json = try sample.json()
        let text = try #require(String(data: json, encoding: .utf8))
        #expect(text.hasPrefix("{\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"schemaVersion\" : 2"))
        // Sorted keys: balance < id < name inside the result object; interactions < name < schemaVersion.
        let balance = try #require(text.range(of: "\"balance\""))
        let id = try #require(text.range(of: "\"id\""))
        #expect(balance.lowerBound < id.lowerBound)
        let interactions = try #require(text.range(of: "\"interactions\""))
        let version = try #require(text.range(of: "\"schemaVersion\""))
        #expect(interactions.lowerBound < version.lowerBound)
        #expect(try InteractionFixture(json: json) == sample)
        #expect(try sample.json() == json)  // deterministic
    }

    @Test func saveAndLoadThroughAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("sample.json")
        try sample.save(to: url)
        #expect(try InteractionFixture.load(from: url) == sample)
        #expect(throws: FixtureError.self) {
            try InteractionFixture.load(from: directory.appendingPathComponent("no.json"))
        }
    }

    @Test func aNewerSchemaVersionIsRejected() {
        let json = Data(#"{"schemaVersion": 3, "interactions": []}"#.utf8)
        #expect(throws: FixtureError.unsupportedSchemaVersion(found: 3, supported: 2)) {
            try InteractionFixture(json: json)
        }
    }

    @Test func aVersionOneFixtureLoadsAsTheCurrentVersion() throws {
        #expect(InteractionFixture.currentSchemaVersion == 2)
        let json = Data(
            #"{"schemaVersion": 1, "name": "old", "interactions": [{"requirement": "a()", "arguments": [], "result": 3}]}"#
                .utf8)
        let fixture = try InteractionFixture(json: json)
        #expect(fixture.schemaVersion == 2)
        #expect(fixture.name == "old")
        #expect(fixture.interactions.map(\.requirement) == ["a()"])
    }

    @Test func aMissingSchemaVersionIsRejected() {
        #expect(throws: FixtureError.missingSchemaVersion) {
            try InteractionFixture(json: Data(#"{"interactions": []}"#.utf8))
        }
    }

    @Test func malformedJSONIsRejectedWithWhere() throws {
        #expect(throws: FixtureError.self) { try InteractionFixture(json: Data("{ not json".utf8)) }
        let missingOutcome = Data(
            #"{"schemaVersion": 1, "interactions": [{"requirement": "a()", "arguments": []}]}"#.utf8)
        do {
            _ = try InteractionFixture(json: missingOutcome)
            Issue.record("a call without result or error was accepted")
        } catch {
            guard case .malformed(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("interactions[0]"))
            #expect(reason.contains("result"))
        }
        let wrongType = Data(#"{"schemaVersion": 1, "interactions": {}}"#.utf8)
        #expect(throws: FixtureError.self) { try InteractionFixture(json: wrongType) }
    }

    @Test func valuesKeepTheirJSONKinds() throws {
        #expect(try FixtureValue(encoding: true) == .bool(true))
        #expect(try FixtureValue(encoding: 1) == .integer(1))
        #expect(try FixtureValue(encoding: 0) == .integer(0))
        #expect(try FixtureValue(encoding: 2.5) == .double(2.5))
        #expect(try FixtureValue(encoding: UInt64.max) == .unsignedInteger(.max))
        #expect(try FixtureValue(encoding: Int64.min) == .integer(.min))
        #expect(try FixtureValue(encoding: [String?]([nil, "x"])) == .array([.null, .string("x")]))
        let account = RecordedAccount(id: 3, name: "c", balance: 0.25)
        #expect(try FixtureValue(encoding: account).decode(as: RecordedAccount.self) == account)
        #expect(throws: (any Error).self) { try FixtureValue(encoding: Double.nan) }
    }

    @Test func numbersADoubleWouldRoundKeepEveryDigit() throws {
        // An 18-digit token amount, a 22-digit total, an integer beyond UInt64.
        for text in ["0.123456789012345678", "98765432109876543210.5", "36893488147419103232"] {
            let amount = try #require(Decimal(string: text))
            let value = try FixtureValue(encoding: amount)
            #expect(value == .decimal(amount))
            #expect(try value.decode(as: Decimal.self) == amount)
            let json = try JSONEncoder().encode(value)
            #expect(String(decoding: json, as: UTF8.self) == text)
            #expect(try JSONDecoder().decode(FixtureValue.self, from: json) == value)
        }
        // Two amounts that differ only in the 19th digit stay two values.
        #expect(
            try FixtureValue(encoding: Decimal(string: "1.000000000000000001")!)
                != FixtureValue(encoding: Decimal(string: "1.000000000000000002")!))
        // Integers keep their kind, also those a Double would round.
        #expect(try FixtureValue(encoding: Int64.max) == .integer(.max))
        #expect(try FixtureValue(encoding: 9_007_199_254_740_993 as Int64) == .integer(9_007_199_254_740_993))
        #expect(try FixtureValue(encoding: UInt64.max - 1) == .unsignedInteger(.max - 1))
        // Numbers a Double holds keep their kind.
        #expect(try FixtureValue(encoding: Decimal(string: "19.99")!) == .double(19.99))
        #expect(try FixtureValue(encoding: 0.1 + 0.2) == .double(0.1 + 0.2))
        #expect(try FixtureValue(encoding: Double.greatestFiniteMagnitude) == .double(.greatestFiniteMagnitude))
        #expect(try FixtureValue(encoding: Double.leastNonzeroMagnitude) == .double(.leastNonzeroMagnitude))
        #expect(try FixtureValue(encoding: Float(1) / 3).decode(as: Float.self) == Float(1) / 3)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            #expect(try FixtureValue(encoding: UInt128.max).decode(as: UInt128.self) == .max)
        }
    }
}

@Suite struct RecordingSessionTests {
    @Test func aNonCodableArgumentIsAnErrorNamingTheRequirementAndArgument() throws {
        let session = RecordingSession()
        #expect(
            throws: FixtureError.notEncodable(
                requirement: "store(_:)", role: .argument(0), type: String(reflecting: Opaque.self))
        ) {
            try session.record("store(_:)", arguments: [Opaque(payload: 1)], outcome: .success(true))
        }
        let message = "\(FixtureError.notEncodable(requirement: "store(_:)", role: .argument(0), type: "Opaque"))"
        #expect(message.contains("store(_:)") && message.contains("argument 1") && message.contains("Encodable"))
        // snapshot() reports the missing call at its line and returns what was recorded;
        // save(to:) refuses the incomplete fixture and writes nothing.
        let snapshotLine = #line + 1
        let snapshotIssues = TestDoubleIssueReporting.capture { #expect(session.snapshot().interactions.isEmpty) }
        #expect(snapshotIssues.count == 1)
        #expect(snapshotIssues.first?.kind == .invalidRecording)
        #expect(snapshotIssues.first?.location?.line == snapshotLine)
        #expect(try #require(snapshotIssues.first).message.contains("store(_:)"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("incomplete-\(UUID()).json")
        #expect(throws: FixtureError.self) { try session.save(to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aSnapshotOfAnIncompleteRecordingKeepsTheRecordedCallsAndReportsTheOthers() throws {
        let session = RecordingSession(named: "partial")
        try session.record("translate(_:)", arguments: ["a"], outcome: .success("A"))
        #expect(throws: FixtureError.self) {
            try session.record("store(_:)", arguments: [Opaque(payload: 1)], outcome: .success(true))
        }
        try session.record("translate(_:)", arguments: ["b"], outcome: .success("B"))
        let issues = TestDoubleIssueReporting.capture {
            let fixture = session.snapshot()
            #expect(fixture.interactions.map(\.requirement) == ["translate(_:)", "translate(_:)"])
            #expect(fixture.name == "partial")
        }
        #expect(issues.count == 1)
        let message = try #require(issues.first?.message)
        #expect(message.contains("recording \"partial\""))
        #expect(message.contains("the 2 call(s) that were recorded"))
        #expect(message.contains("store(_:)"))
        // A complete recording reports nothing.
        let complete = RecordingSession()
        try complete.record("translate(_:)", arguments: ["a"], outcome: .success("A"))
        #expect(TestDoubleIssueReporting.capture { _ = complete.snapshot() }.isEmpty)
    }

    @Test func errorsAreRecordedWithTheirPayload() throws {
        let session = RecordingSession(named: "errors")
        try session.record("open(_:)", arguments: [1], outcome: .failure(AccountError.locked(until: 9)))
        let fixture = session.snapshot()
        guard case .threw(let error) = fixture.interactions[0].outcome else {
            Issue.record("not recorded as thrown")
            return
        }
        #expect(error.type == String(reflecting: AccountError.self))
        #expect(error.value != nil)
        #expect(fixture.name == "errors")
    }

    @Test func theRedactorSeesEveryRoleAndItsOutputIsStored() throws {
        let seen = Locked<[FixtureValueRole]>([])
        let session = RecordingSession(
            redacting: FixtureRedactor { requirement, role, value in
                seen.withLock { $0.append(role) }
                return requirement == "signIn(user:password:)" && role != .argument(0) ? .string("<redacted>") : value
            })
        try session.record("signIn(user:password:)", arguments: ["blob", "sekret"], outcome: .success("token-1"))
        let json = try #require(String(data: try session.snapshot().json(), encoding: .utf8))
        #expect(!json.contains("sekret"))
        #expect(!json.contains("token-1"))
        #expect(json.contains("blob"))
        #expect(seen.withLock { $0 } == [.argument(0), .argument(1), .result])
    }
}

@Suite struct RecordAndReplayTests {
    @Test func recordedCallsReplayInOrderOnAPlainDouble() async throws {
        let session = RecordingSession(named: "service")
        let live = LiveService()
        let spy = ServiceDouble(forwardingTo: live)
        spy.when { try $0.fetch(id: Match.any()) }.thenRecord(into: session) { (id: Int) in
            guard id > 0 else { throw AccountError.locked(until: 5) }
            return try live.fetch(id: id)
        }
        await spy.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenRecord(into: session) { (user: String, password: String) async throws in "session-\(user)" }
        spy.when { $0.track(event: Match.any(), value: Match.any()) }
            .thenRecord(into: session) { (_: String, _: Int) in () }

        let service = spy()
        #expect(try service.fetch(id: 4) == "live-4")
        #expect(throws: AccountError.locked(until: 5)) { try service.fetch(id: 0) }
        #expect(try await service.signIn(user: "blob", password: "x") == "session-blob")
        service.track(event: "done", value: 1)
        let fixture = try InteractionFixture(json: try session.snapshot().json())
        #expect(
            fixture.interactions.map(\.requirement) == [
                "fetch(id:)", "fetch(id:)", "signIn(user:password:)", "track(event:value:)",
            ])

        let stub = ServiceDouble()
        let replay = InteractionReplay(fixture, errorTypes: [AccountError.self])
        stub.when { try $0.fetch(id: Match.any()) }.thenReplay(from: replay)
        await stub.when { try await $0.signIn(user: Match.any(), password: Match.any()) }.thenReplay(from: replay)
        stub.when { $0.track(event: Match.any(), value: Match.any()) }.thenReplay(from: replay)
        let replayed = stub()
        let issues = try await TestDoubleIssueReporting.capture { () async throws in
            #expect(try replayed.fetch(id: 4) == "live-4")
            #expect(throws: AccountError.locked(until: 5)) { try replayed.fetch(id: 0) }
            #expect(try await replayed.signIn(user: "blob", password: "x") == "session-blob")
            #expect(replay.assertFullyReplayed() == false)
            replayed.track(event: "done", value: 1)
            #expect(replay.assertFullyReplayed())
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("position 3: track(event:value:) with [\"done\", 1]"))
    }

    @Test func aMismatchedCallIsAnIssueNamingPositionExpectedAndActual() throws {
        let fixture = InteractionFixture(
            name: "lookups",
            interactions: [
                RecordedInteraction(
                    requirement: "translate(_:)", arguments: [.string("a")], outcome: .returned(.string("A"))),
                RecordedInteraction(
                    requirement: "translate(_:)", arguments: [.string("b")], outcome: .returned(.string("B"))),
            ])
        let replay = InteractionReplay(fixture)
        let stub = ServiceDouble()
        stub.when { $0.translate(Match.any()) }.thenReplay(from: replay)
        stub.when { $0.tags(Match.any()) }.thenReplay(from: replay)
        let issues = TestDoubleIssueReporting.capture {
            #expect(stub().translate("a") == "A")
            #expect(stub().translate("z") == "")  // mismatch: the default answer, no advance
            #expect(stub().tags(["b"]) == 0)  // wrong requirement
            #expect(stub().translate("b") == "B")
            #expect(stub().translate("c") == "")  // past the end
        }
        #expect(issues.count == 3)
        let messages = issues.map(\.message)
        #expect(messages[0].contains("fixture \"lookups\""))
        #expect(messages[0].contains("position 1"))
        #expect(messages[0].contains("expected translate(_:) with [\"b\"], got translate(_:) with [\"z\"]"))
        #expect(messages[1].contains("the requirement differs (expected translate(_:), got tags(_:))"))
        #expect(messages[2].contains("after all 2 recorded calls were replayed"))
        #expect(replay.assertFullyReplayed())
    }

    @Test func redactedArgumentsStillMatchOnReplay() throws {
        let redactor = FixtureRedactor.replacing([.argument(1)], of: "isEnabled(_:for:)", with: .integer(-1))
        let session = RecordingSession(redacting: redactor)
        let spy = ServiceDouble(forwardingTo: LiveService())
        spy.when { $0.isEnabled(Match.any(), for: Match.any()) }
            .thenRecord(into: session) { (flag: String, _: Int) in flag == "live" }
        #expect(spy().isEnabled("live", for: 123_456))
        let fixture = session.snapshot()
        #expect(fixture.interactions[0].arguments == [.string("live"), .integer(-1)])

        let replay = InteractionReplay(fixture, redacting: redactor)
        let stub = ServiceDouble()
        stub.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReplay(from: replay)
        let issues = TestDoubleIssueReporting.capture { #expect(stub().isEnabled("live", for: 999)) }
        #expect(issues.isEmpty)
    }

    @Test func aNonCodableValueInThenRecordIsAnIssueAndTheRealAnswerStillReturns() throws {
        let session = RecordingSession()
        let spy = ServiceDouble(forwardingTo: LiveService())
        spy.when { $0.store(Match.any(using: Opaque(payload: 0))) }
            .thenRecord(into: session) { (value: Opaque) in value.payload > 0 }
        let issues = TestDoubleIssueReporting.capture { #expect(spy().store(Opaque(payload: 2))) }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("store(_:)"))
        #expect(issue.message.contains("argument 1"))
        // snapshot() reports the missing call at its line and returns what was recorded;
        // save(to:) refuses the incomplete fixture and writes nothing.
        let snapshotLine = #line + 1
        let snapshotIssues = TestDoubleIssueReporting.capture { #expect(session.snapshot().interactions.isEmpty) }
        #expect(snapshotIssues.count == 1)
        #expect(snapshotIssues.first?.kind == .invalidRecording)
        #expect(snapshotIssues.first?.location?.line == snapshotLine)
        #expect(try #require(snapshotIssues.first).message.contains("store(_:)"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("incomplete-\(UUID()).json")
        #expect(throws: FixtureError.self) { try session.save(to: url) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}

@Suite struct ReferenceComparisonTests {
    func reference() throws -> InteractionFixture {
        let session = RecordingSession(named: "reference")
        try session.record("translate(_:)", arguments: ["a"], outcome: .success("A"))
        try session.record("translate(_:)", arguments: ["b"], outcome: .success("B"))
        return session.snapshot()
    }

    @Test func aSessionThatAnswersAsRecordedMatchesItsReference() throws {
        let session = RecordingSession(comparingAgainst: try reference())
        try session.record("translate(_:)", arguments: ["a"], outcome: .success("A"))
        try session.record("translate(_:)", arguments: ["b"], outcome: .success("B"))
        #expect(session.name == "reference")
        #expect(session.differencesFromReference.isEmpty)
        let issues = TestDoubleIssueReporting.capture { #expect(session.assertMatchesReference()) }
        #expect(issues.isEmpty)
    }

    @Test func changedAndMissingCallsAreReportedByPosition() throws {
        let session = RecordingSession(comparingAgainst: try reference(), named: "today")
        try session.record("translate(_:)", arguments: ["a"], outcome: .success("a!"))
        #expect(
            session.differencesFromReference == [
                "position 0: recorded translate(_:) with [\"a\"] → returned \"a!\", the reference has "
                    + "translate(_:) with [\"a\"] → returned \"A\"",
                "position 1: the reference has translate(_:) with [\"b\"], which was not called",
            ])
        let issues = TestDoubleIssueReporting.capture { #expect(session.assertMatchesReference() == false) }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.hasPrefix("recording \"today\" differs from its reference fixture:"))
        #expect(issues.first?.kind == .unmetExpectation)
    }
}
