import Foundation
import TestDoubles
import Testing

// A logger as apps write one: the requirement takes the message as an
// `@autoclosure` with the call site, and convenience wrappers in an
// extension fill the call site in by default arguments.

enum RCLogLevel: Int, Sendable, Comparable {
    case debug, info, warning, error
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

protocol RCLogger: Sendable {
    func log(_ level: RCLogLevel, _ message: @autoclosure () -> String, file: String, line: UInt)
    var minimumLevel: RCLogLevel { get }
}

extension RCLogger {
    func info(_ message: @autoclosure () -> String, file: String = #fileID, line: UInt = #line) {
        log(.info, message(), file: file, line: line)
    }
    func error(_ message: @autoclosure () -> String, file: String = #fileID, line: UInt = #line) {
        log(.error, message(), file: file, line: line)
    }
}

struct RCPrintLogger: RCLogger {
    func log(_ level: RCLogLevel, _ message: @autoclosure () -> String, file: String, line: UInt) {}
    var minimumLevel: RCLogLevel { .warning }
}

/// The code under test: logs a line per synced item.
struct RCSyncJob {
    let logger: any RCLogger
    func run(items: [String]) {
        for item in items { logger.info("synced \(item)") }
        if items.isEmpty { logger.error("nothing to sync") }
    }
}

@Suite struct RealCodeLoggerTests {
    @Test func levelsAndCallSitesAreRecordedAndMessagesMatchByValue() throws {
        let logger = try Stub<any RCLogger>()
        let infos = logger.when { $0.log(Match.equal(.info), Match.any(), file: Match.any(), line: Match.any()) }
        infos.thenDoNothing()
        logger.when { $0.log(Match.any(), Match.any(), file: Match.any(), line: Match.any()) }.thenDoNothing()
        RCSyncJob(logger: logger()).run(items: ["a", "b"])
        RCSyncJob(logger: logger()).run(items: [])
        infos.verify(2...2)
        logger.verify { $0.log(Match.equal(.error), Match.any(), file: Match.any(), line: Match.any()) }
        logger.verify(3...3) {
            $0.log(Match.any(), Match.any(), file: Match.hasSuffix("RealCodeLoggerTests.swift"), line: Match.any())
        }
        let files = Match.Capture<String>()
        let lines = Match.Capture<UInt>()
        logger.verify(3...3) { $0.log(Match.any(), Match.any(), file: files.capture(), line: lines.capture()) }
        #expect(files.values.allSatisfy { $0.hasSuffix("RealCodeLoggerTests.swift") })
        #expect(lines.values == [37, 37, 38])  // the callers' lines, filled in by the wrappers' defaults
    }

    @Test func aRegistrationMatchesTheMessageByValueWhileTheCallRuns() throws {
        let logger = try Stub<any RCLogger>()
        let synced = RCChangeLog()
        let syncLines = logger.when {
            $0.log(Match.any(), Match.hasPrefix("synced "), file: Match.any(), line: Match.any())
        }
        syncLines.then { (_: RCLogLevel, message: () -> String, _: String, _: UInt) in synced.append(message()) }
        let others = logger.when { $0.log(Match.any(), Match.any(), file: Match.any(), line: Match.any()) }
        others.thenDoNothing()
        RCSyncJob(logger: logger()).run(items: ["a", "b"])
        RCSyncJob(logger: logger()).run(items: [])
        #expect(synced.all == ["synced a", "synced b"])
        others.verify(3...3)  // a pattern counts every call its matchers accept, whichever answered it
    }

    /// Before: the matcher called the message closure after its call had returned, and the process
    /// stopped ("calledOutsideItsScope ... a non-escaping closure argument escaped the call").
    @Test func verifyingAMessageByValueAfterTheCallIsAnIssueNotACrash() throws {
        let logger = try Stub<any RCLogger>()
        logger.when { $0.log(Match.any(), Match.any(), file: Match.any(), line: Match.any()) }.thenDoNothing()
        RCSyncJob(logger: logger()).run(items: ["a"])
        let issues = TestDoubleIssueReporting.capture {
            logger.verify { $0.log(Match.any(), Match.equal("synced a"), file: Match.any(), line: Match.any()) }
        }
        let escaped = issues.filter { $0.message.contains("@autoclosure argument (() -> String)") }
        #expect(escaped.count == 1)
        #expect(escaped.first?.message.contains("Fix: match that argument with Match.any()") == true)
        #expect(issues.contains { $0.kind == .verificationFailed })
        // The same verify with Match.any() for the message still counts the call, evaluating nothing.
        logger.verify { $0.log(Match.equal(.info), Match.any(), file: Match.any(), line: Match.any()) }
    }

    @Test func aHandlerReadsTheMessageItWasHanded() throws {
        let logger = try Stub<any RCLogger>()
        let lines = RCChangeLog()
        logger.when { $0.log(Match.any(), Match.any(), file: Match.any(), line: Match.any()) }
            .then { (level: RCLogLevel, message: () -> String, _: String, line: UInt) in
                lines.append("\(level) \(message())")
            }
        RCSyncJob(logger: logger()).run(items: ["x"])
        #expect(lines.all == ["info synced x"])
    }

    @Test func minimumLevelAnswersAndAnUnstubbedLogIsAnIssueNotACrash() throws {
        let logger = try Stub<any RCLogger>()
        logger.when { $0.minimumLevel }.thenReturn(.debug)
        #expect(logger().minimumLevel == .debug)
        let issues = TestDoubleIssueReporting.capture { logger().info("hello") }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
        #expect(issues.first?.message.contains("log(") == true)
    }

    @Test func aSpyForwardsTheAutoclosure() throws {
        let spy = try Spy<any RCLogger>(forwardingTo: RCPrintLogger())
        spy().info("forwarded")
        #expect(spy().minimumLevel == .warning)
        spy.verify {
            $0.log(
                Match.equal(.info), Match.any(), file: Match.hasSuffix("RealCodeLoggerTests.swift"), line: Match.any())
        }
    }
}
