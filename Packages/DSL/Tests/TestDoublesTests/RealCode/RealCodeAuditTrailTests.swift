import Foundation
import TestDoubles
import Testing

// An audit trail whose entries are built lazily: the requirement takes an
// `@autoclosure` whose result is a class, which no placeholder can make.

final class RCAuditEntry: Sendable {
    let action: String
    init(action: String) { self.action = action }
}

protocol RCAuditTrail: Sendable {
    func record(_ entry: @autoclosure () -> RCAuditEntry, critical: Bool)
}

struct RCDiscardingAuditTrail: RCAuditTrail {  // the production conformer: read, never called
    func record(_ entry: @autoclosure () -> RCAuditEntry, critical: Bool) {}
}

@Suite struct RealCodeAuditTrailTests {
    /// Before: matching the kept autoclosure by value after its call stopped the process
    /// (`calledOutsideItsScope`), since an escaped call of a closure returning a class had no
    /// placeholder to answer.
    @Test func verifyingAClassEntryByValueAfterTheCallIsAnIssueNotACrash() throws {
        let trail = try Stub<any RCAuditTrail>()
        let entry = RCAuditEntry(action: "signed out")
        // A class has no placeholder of its own: `any(using:)` lends the recording pass one.
        trail.when { $0.record(Match.any(using: entry), critical: Match.any()) }.thenDoNothing()
        trail().record(entry, critical: true)
        let issues = TestDoubleIssueReporting.capture {
            trail.verify { $0.record(Match.identical(to: entry), critical: Match.equal(true)) }
        }
        let escaped = issues.filter { $0.message.contains("@autoclosure argument (() -> ") }
        #expect(escaped.count == 1)
        #expect(escaped.first?.message.contains("RCAuditEntry") == true)
        #expect(issues.contains { $0.kind == .verificationFailed })
        // The argument matched with Match.any() counts the call without evaluating it.
        trail.verify { $0.record(Match.any(using: entry), critical: Match.equal(true)) }
    }

    @Test func aRegistrationMatchesTheEntryWhileTheCallRuns() throws {
        let trail = try Stub<any RCAuditTrail>()
        let entry = RCAuditEntry(action: "deleted account")
        let recorded = RCChangeLog()
        trail.when { $0.record(Match.identical(to: entry), critical: Match.any()) }
            .then { (made: () -> RCAuditEntry, critical: Bool) in recorded.append("\(made().action) \(critical)") }
        trail.when { $0.record(Match.any(using: entry), critical: Match.any()) }.thenDoNothing()
        trail().record(entry, critical: true)
        trail().record(RCAuditEntry(action: "viewed"), critical: false)
        #expect(recorded.all == ["deleted account true"])
    }
}
