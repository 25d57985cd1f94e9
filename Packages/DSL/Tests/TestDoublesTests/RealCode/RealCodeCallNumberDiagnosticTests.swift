import Foundation
import Synchronization
import TestDoubles
import Testing

// What a failed verification of the checkout doubles prints: each call by
// its number on its double, as `history` lists it.
//
// Before: the reports printed the process-wide sequence number of each call
// (`#234881024 log("checkout_started", ...)`, "The step before it matched
// call #285212672."), a number that says nothing to the reader and matches
// nothing `history` shows.

@Suite struct RealCodeCallNumberDiagnosticTests {
    static func analyticsSpy() throws -> Spy<any RCAnalyticsSink> {
        let spy = try Spy<any RCAnalyticsSink>(forwardingTo: RCInMemoryAnalytics())
        spy().log("checkout_started", properties: [:])
        spy().log("checkout_failed", properties: ["error": "network"])
        return spy
    }

    static func messages(_ body: () throws -> Void) rethrows -> [String] {
        let messages = Mutex<[String]>([])
        try withKnownIssue {
            try body()
        } matching: { issue in
            messages.withLock { $0.append(String(describing: issue)) }
            return true
        }
        return messages.withLock { $0 }
    }

    @Test func aFailedCountNamesTheCallsByTheirNumberOnTheDouble() throws {
        let spy = try Self.analyticsSpy()
        let text = Self.messages {
            spy.verify(2...2) { $0.log(Match.hasPrefix("checkout"), properties: Match.any()) }
            spy.verify { $0.log(Match.equal("checkout_succeeded"), properties: Match.any()) }
        }
        .joined(separator: "\n")
        #expect(text.contains("#1 log(\"checkout_started\""))
        #expect(text.contains("#2 log(\"checkout_failed\""))
        #expect(!text.contains("#16777"))
        #expect(String(describing: spy.history).contains("#2  log(\"checkout_failed\""))
    }

    @Test func aFailedOrderNamesThePreviousStepsCallAndEveryDoublesCalls() throws {
        let spy = try Self.analyticsSpy()
        let text = Self.messages {
            InvocationOrder {
                spy().log(Match.equal("checkout_failed"), properties: Match.any())
                spy().log(Match.equal("checkout_started"), properties: Match.any())
            }
            spy.verifyOnlyForwarded { $0.log(Match.equal("checkout_started"), properties: Match.any()) }
        }
        .joined(separator: "\n")
        #expect(
            text.contains(
                "The step before it matched Spy<TestDoublesTests.RCAnalyticsSink> #2: log(\"checkout_failed\""))
        #expect(text.contains("  #1 log(\"checkout_started\""))
        #expect(text.contains("  #2 log(\"checkout_failed\""))
    }
}
