import Foundation
import TestDoubles
import Testing

// A crash reporter whose `terminate` never returns, as SDKs declare
// `fatalError`-style entry points. No answer can return from such a call, but
// the double must be usable for every other requirement: the call is recorded
// and verified like any other, and ends where the test's handler or a spy's
// real conformer ends it (else the process stops, as at a real conformer).

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

/// A real conformer whose `terminate` ends the process with a code a test chooses.
struct SDKExitingCrashReporter: SDKCrashReporter {
    let code: Int32
    func record(_ message: String, file: String, line: Int) {}
    func terminate(reason: String) -> Never { Foundation.exit(code) }
    var sessionID: UUID { UUID() }
}

@Suite struct RealCodeNeverReturningRequirementTests {
    @Test func aStubServesTheOtherRequirementsOfItsProtocol() throws {
        let reporter = try Stub<any SDKCrashReporter>()
        let session = UUID()
        reporter.when { $0.sessionID }.thenReturn(session)
        reporter.when { $0.record(Match.any(), file: Match.any(), line: Match.any()) }.thenDoNothing()
        let sut: any SDKCrashReporter = reporter()
        sut.record("disk full", file: "Store.swift", line: 12)
        #expect(sut.sessionID == session)
        reporter.verify { $0.record(Match.equal("disk full"), file: Match.any(), line: Match.equal(12)) }
    }

    /// Registers a handler for the `Never` requirement and verifies it was not called, on the caller's executor.
    private static func registerAndVerifyTheNeverReturningRequirement() throws {
        let reporter = try Stub<any SDKCrashReporter>()
        // Each recording pass ends at the call: nothing after it in the closure could run.
        reporter.when { $0.terminate(reason: Match.any()) }.then { (reason: String) -> Never in
            fatalError("the code under test terminated: \(reason)")
        }
        reporter.when { $0.record(Match.any(), file: Match.any(), line: Match.any()) }.thenDoNothing()
        reporter().record("saved", file: "Store.swift", line: 3)
        reporter.verify(0...0) { $0.terminate(reason: Match.any()) }
        reporter.verify(1...1) { $0.record(Match.any(), file: Match.any(), line: Match.any()) }
    }

    @Test func theNeverReturningRequirementIsVerifiedAndRegisteredLikeAnyOther() throws {
        try Self.registerAndVerifyTheNeverReturningRequirement()
    }

    @MainActor
    @Test func aMainActorTestVerifiesAndRegistersTheNeverReturningRequirement() throws {
        try Self.registerAndVerifyTheNeverReturningRequirement()
    }

    @Test func anAsyncNeverReturningRequirementLeavesTheOthersServed() async throws {
        let handler = try Stub<any SDKAsyncExitHandler>()
        await handler.when { try await $0.flush() }.thenReturn(())
        try await handler().flush()
        await handler.verify(1...1) { try await $0.flush() }
        await handler.verify(0...0) { await $0.exit(code: Match.any()) }
    }

    @Test func anAsyncNeverReturningCallCanBeLeftSuspendedForGood() async throws {
        let handler = try Stub<any SDKAsyncExitHandler>()
        await handler.when { await $0.exit(code: Match.any()) }.thenNeverReturn()
        let sut: any SDKAsyncExitHandler = handler()
        let caller = Task { await sut.exit(code: 2) }
        #expect(await handler.verify(1..., within: .seconds(10)) { await $0.exit(code: Match.equal(2)) })
        _ = caller
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

    @Test func aSpyForwardsTheOtherRequirementsToTheRealConformer() throws {
        let spy = try Spy<any SDKCrashReporter>(forwardingTo: SDKLiveCrashReporter())
        spy().record("low memory", file: "App.swift", line: 40)
        spy.verify { $0.record("low memory", file: "App.swift", line: 40) }
        spy.verify(0...0) { $0.terminate(reason: Match.any()) }
    }

    @Test func aDummyIsFineAsLongAsNothingCallsIt() throws {
        let dummy = try Dummy<any SDKCrashReporter>()
        let reporters: [any SDKCrashReporter] = [dummy(), dummy()]
        #expect(reporters.count == 2)
    }

    #if compiler(>=6.2)
    @Test func aCallNothingEndsStopsTheProcessAfterItIsRecorded() async {
        await #expect(processExitsWith: .failure) {
            let reporter = try Stub<any SDKCrashReporter>()
            reporter().terminate(reason: "corrupt store")
        }
    }

    @Test func aRegisteredHandlerEndsTheCallItsWay() async {
        await #expect(processExitsWith: .exitCode(7)) {
            let reporter = try Stub<any SDKCrashReporter>()
            reporter.when { $0.terminate(reason: Match.any()) }.then { (reason: String) -> Never in
                Foundation.exit(reason == "corrupt store" ? 7 : 3)
            }
            reporter().terminate(reason: "corrupt store")
        }
    }

    @Test func aSpyCallsTheRealConformersNeverReturningRequirement() async {
        await #expect(processExitsWith: .exitCode(9)) {
            let spy = try Spy<any SDKCrashReporter>(forwardingTo: SDKExitingCrashReporter(code: 9))
            spy().terminate(reason: "corrupt store")
        }
    }
    #endif
}
