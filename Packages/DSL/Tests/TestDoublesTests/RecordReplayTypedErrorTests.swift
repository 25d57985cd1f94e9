import Foundation
import TestDoubles
import Testing

enum QuotaError: Error, Codable, Equatable {
    case exceeded(limit: Int)
}

/// A typed error too wide for the result registers: it travels in the caller's buffer.
struct AuditError: Error, Codable, Equatable {
    var code: Int
    var reason: String
    var detail: String
    var retryAfter: Int
}

protocol QuotaService {
    func reserve(_ units: Int) throws(QuotaError) -> Int
    func audit(_ units: Int) throws(AuditError) -> String
    func reserveLater(_ units: Int) async throws(QuotaError) -> Int
    func auditLater(_ units: Int) async throws(AuditError) -> String
}

struct LiveQuotaService: QuotaService {
    func reserve(_ units: Int) throws(QuotaError) -> Int {
        guard units <= 10 else { throw .exceeded(limit: 10) }
        return 10 - units
    }

    func audit(_ units: Int) throws(AuditError) -> String {
        guard units > 0 else { throw AuditError(code: 7, reason: "empty", detail: "no units", retryAfter: 30) }
        return "audited \(units)"
    }

    func reserveLater(_ units: Int) async throws(QuotaError) -> Int {
        await Task.yield()
        guard units <= 5 else { throw .exceeded(limit: 5) }
        return 5 - units
    }

    func auditLater(_ units: Int) async throws(AuditError) -> String {
        await Task.yield()
        guard units > 0 else { throw AuditError(code: 8, reason: "later", detail: "still none", retryAfter: 60) }
        return "audited \(units) later"
    }
}

@Suite struct RecordReplayTypedErrorTests {
    static func exercise(_ quota: any QuotaService) async -> [String] {
        var seen: [String] = []
        for units in [3, 11] {
            do throws(QuotaError) { seen.append("\(try quota.reserve(units))") } catch { seen.append("\(error)") }
        }
        for units in [2, 0] {
            do throws(AuditError) { seen.append(try quota.audit(units)) } catch { seen.append("\(error)") }
        }
        for units in [1, 6] {
            do throws(QuotaError) {
                seen.append("\(try await quota.reserveLater(units))")
            } catch {
                seen.append("\(error)")
            }
        }
        for units in [5, 0] {
            do throws(AuditError) {
                seen.append(try await quota.auditLater(units))
            } catch {
                seen.append("\(error)")
            }
        }
        return seen
    }

    @Test func typedErrorsRecordAndReplayAsTheirOwnType() async throws {
        let session = RecordingSession(named: "quota")
        let spy = try Spy<any QuotaService>(forwardingTo: LiveQuotaService(), recordingInto: session)
        let recorded = await Self.exercise(spy())
        #expect(
            recorded == [
                "7", "exceeded(limit: 10)", "audited 2",
                "AuditError(code: 7, reason: \"empty\", detail: \"no units\", retryAfter: 30)", "4",
                "exceeded(limit: 5)", "audited 5 later",
                "AuditError(code: 8, reason: \"later\", detail: \"still none\", retryAfter: 60)",
            ])
        let fixture = try InteractionFixture(json: try session.snapshot().json())
        #expect(fixture.interactions.count == 8)

        let stub = try Stub<any QuotaService>()
        let replay = stub.replay(fixture, errorTypes: [QuotaError.self, AuditError.self])
        var replayed: [String] = []
        let issues = await TestDoubleIssueReporting.capture { () async in
            replayed = await Self.exercise(stub())
        }
        #expect(issues.map(\.message) == [])
        #expect(replayed == recorded)
        #expect(replay.assertFullyReplayed())
    }

    @Test func aTypedErrorThatCannotBeRebuiltIsAnIssueNotAWrongThrow() async throws {
        let fixture = InteractionFixture(
            interactions: [
                RecordedInteraction(
                    requirement: "reserve(_:)", arguments: [.integer(11)],
                    outcome: .threw(RecordedError(type: "QuotaError", message: "exceeded", value: nil)))
            ])
        let stub = try Stub<any QuotaService>()
        stub.replay(fixture)  // QuotaError not listed in errorTypes
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture {
            do throws(QuotaError) { answer = try stub().reserve(11) } catch { answer = -1 }
        }
        #expect(answer == 0)  // the stub's default answer
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("pass QuotaError in errorTypes:"))
    }
}
