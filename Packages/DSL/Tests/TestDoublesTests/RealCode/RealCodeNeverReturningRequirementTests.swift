import Foundation
import TestDoubles
import Testing

// A crash reporter whose `terminate` never returns, as SDKs declare
// `fatalError`-style entry points. No double can answer a `Never` result:
// construction must fail closed naming the requirement, or the double must
// be usable for everything else.

protocol SDKCrashReporter: Sendable {
    func record(_ message: String, file: String, line: Int)
    func terminate(reason: String) -> Never
    var sessionID: UUID { get }
}

protocol SDKPreconditions: Sendable {
    func fail(_ message: String) throws -> Never
    func check(_ condition: Bool) -> Bool
}

protocol SDKAsyncExitHandler: Sendable {
    func exit(code: Int32) async -> Never
    func flush() async throws
}

struct SDKLiveCrashReporter: SDKCrashReporter {
    func record(_ message: String, file: String, line: Int) {}
    func terminate(reason: String) -> Never { fatalError(reason) }
    var sessionID: UUID { UUID() }
}

struct SDKLivePreconditions: SDKPreconditions {
    struct Failed: Error {}
    func fail(_ message: String) throws -> Never { throw Failed() }
    func check(_ condition: Bool) -> Bool { condition }
}

struct SDKLiveExitHandler: SDKAsyncExitHandler {
    func exit(code: Int32) async -> Never { fatalError("exit \(code)") }
    func flush() async throws {}
}

@Suite struct RealCodeNeverReturningRequirementTests {
    @Test func aStubOfANeverReturningRequirementFailsClosedByName() throws {
        let error = try #require(constructionError { try Stub<any SDKCrashReporter>() })
        #expect(error.description.contains("terminate(reason:)"))
        #expect(error.description.contains("SDKCrashReporter"))
        #expect(error.description.contains("Never"))
        #expect(!error.reason.isEmpty)
        #expect(error.fix.contains("ManualStub"))
    }

    @Test func anAsyncNeverReturningRequirementFailsClosedByName() throws {
        let error = try #require(constructionError { try Stub<any SDKAsyncExitHandler>() })
        #expect(error.description.contains("exit(code:)"))
        #expect(error.description.contains("Never"))
        #expect(!error.fix.isEmpty)
    }

    @Test func aThrowingNeverRequirementCanOnlyThrow() throws {
        enum Failure: Error, Equatable { case failed(String) }
        let preconditions = try Stub<any SDKPreconditions>()
        preconditions.when { try $0.fail(Match.any()) }.then { (message: String) throws -> Never in
            throw Failure.failed(message)
        }
        preconditions.when { $0.check(Match.any()) }.then { (condition: Bool) in condition }
        #expect(throws: Failure.failed("boom")) { try preconditions().fail("boom") }
        #expect(preconditions().check(true))
        preconditions.verify { try $0.fail("boom") }
    }

    @Test func aSpyFailsClosedTheSameWay() throws {
        let error = try #require(
            constructionError { try Spy<any SDKCrashReporter>(forwardingTo: SDKLiveCrashReporter()) })
        #expect(error.description.contains("terminate(reason:)"))
    }

    @Test func aDummyIsFineAsLongAsNothingCallsIt() throws {
        let dummy = try Dummy<any SDKCrashReporter>()
        let reporters: [any SDKCrashReporter] = [dummy(), dummy()]
        #expect(reporters.count == 2)
    }
}
