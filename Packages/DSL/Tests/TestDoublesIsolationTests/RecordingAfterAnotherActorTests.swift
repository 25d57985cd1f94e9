import Foundation
import TestDoubles
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// A `Sendable` protocol whose synchronous requirements return a class no
/// placeholder source can make.
protocol SessionVault: Sendable {
    func session(for id: Int) -> ResumableSession
    func restoredSession(for id: Int) throws -> ResumableSession
    func reopened(_ session: ResumableSession) -> ResumableSession
}

/// A linked conformer, so discovery reads the requirements' signatures.
struct LiveSessionVault: SessionVault {
    func session(for id: Int) -> ResumableSession { ResumableSession(id: id) }
    func restoredSession(for id: Int) throws -> ResumableSession { ResumableSession(id: id) }
    func reopened(_ session: ResumableSession) -> ResumableSession { session }
}

/// A protocol isolated to a global actor of the tests' own (a default
/// actor): a caller hops to it before a requirement runs.
@BackgroundActor protocol ArchivedSessionVault: Sendable {
    func open(_ code: Int) -> ResumableSession
    func reopened(_ session: ResumableSession) -> ResumableSession
}

/// A linked conformer, so discovery reads the requirements' signatures.
@BackgroundActor struct LiveArchivedSessionVault: ArchivedSessionVault {
    func open(_ code: Int) -> ResumableSession { ResumableSession(id: code) }
    func reopened(_ session: ResumableSession) -> ResumableSession { session }
}

/// An actor a recording closure visits before it calls the double.
actor VisitedActor {
    static let shared = VisitedActor()
    func visit() {}
}

/// A closure isolated to the main actor that awaits another actor comes
/// back through the main actor. Where the runtime lets the pass's task
/// have its own executor as the main actor's (Swift 6.2 and later), that
/// return comes back to the pass's thread, where a call with no value
/// parks; elsewhere (Swift 6.0 and 6.1) it comes back through the main
/// actor's own queue, where the pass ends the task's job without a value
/// (`AbandonedJob`) and the main queue goes on. A throwing requirement ends
/// the pass by throwing, and a `when(returning:)` value, or a value of the
/// result type the call itself handed over, answers the call.
@MainActor @Suite struct RecordingAfterAnotherActorTests {
    @Test func aCallWithNoValueParksOnThePassThreadAndTheWhenAnswers() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 25)
        let reached = ReachedAfterTheCall()
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                await VisitedActor.shared.visit()
                MainActor.assertIsolated()
                let made = double.session(for: Match.greaterThan(0))
                reached.mark()
                return made
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reached.wasReached)
        #expect(vault().session(for: 5) === session)
        // The main actor goes on serving: this test is isolated to it.
        MainActor.assertIsolated()
        await VisitedActor.shared.visit()
        #expect(vault().session(for: 6) === session)
    }

    @Test func aVerifyWithNoValueParksOnThePassThreadAndCounts() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 26)
        vault.when(returning: session) { $0.session(for: Match.any()) }.thenReturn(session)
        _ = vault().session(for: 7)
        _ = vault().session(for: -1)
        let issues = await TestDoubleIssueReporting.capture { () async in
            let verified = await vault.verify(1...1) { double in
                await VisitedActor.shared.visit()
                return double.session(for: Match.greaterThan(0))
            }
            #expect(verified)
        }
        #expect(issues.isEmpty)
    }

    @Test func aBareMatchAnyOfAClassThereIsAnIssueAtTheWhenLine() async throws {
        let vault = try Stub<any SessionVault>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { double in
                await VisitedActor.shared.visit()
                return double.reopened(Match.any())
            }.thenReturn(ResumableSession(id: 27))
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ResumableSession"))
        let session = ResumableSession(id: 28)
        await vault.when { double in
            await VisitedActor.shared.visit()
            return double.reopened(Match.any(using: session))
        }.then { (received: ResumableSession) in received }
        #expect(vault().reopened(session) === session)
    }

    @Test func manyPassesInARowEachParkAndAnswer() async throws {
        for round in 0..<20 {
            let vault = try Stub<any SessionVault>()
            let session = ResumableSession(id: 100 + round)
            await vault.when { double in
                await VisitedActor.shared.visit()
                return double.session(for: Match.equal(round))
            }.thenReturn(session)
            #expect(vault().session(for: round) === session)
        }
    }

    @Test func aThrowingRequirementEndsThePassByThrowing() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 20)
        var reachedAfterTheCall = false
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                await VisitedActor.shared.visit()
                MainActor.assertIsolated()
                let restored = try double.restoredSession(for: Match.greaterThan(0))
                reachedAfterTheCall = true
                return restored
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(!reachedAfterTheCall)
        #expect(try vault().restoredSession(for: 3) === session)
        #expect(throws: Never.self) { try vault().restoredSession(for: 4) }
    }

    @Test func whenReturningAnswersTheCall() async throws {
        let vault = try Stub<any SessionVault>()
        let session = ResumableSession(id: 21)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when(returning: ResumableSession(id: 0)) { double in
                await VisitedActor.shared.visit()
                return double.session(for: Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(vault().session(for: 5) === session)
    }

    @Test func aValueOfTheResultTypeHandedOverAnswersTheCall() async throws {
        let vault = try Stub<any SessionVault>()
        let handedOver = ResumableSession(id: 22)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { double in
                await VisitedActor.shared.visit()
                return double.reopened(Match.any(using: handedOver))
            }.then { (session: ResumableSession) in session }
        }
        #expect(issues.isEmpty)
        let other = ResumableSession(id: 23)
        #expect(vault().reopened(other) === other)
    }
}

/// Whether code after a parked call ran (it must not).
final class ReachedAfterTheCall: @unchecked Sendable {
    private let lock = NSLock()
    private var reached = false
    func mark() { lock.withLock { reached = true } }
    var wasReached: Bool { lock.withLock { reached } }
}

#if compiler(>=6.2)
/// The call with no exact way out, in a child process: a non-throwing
/// requirement whose result no source can make, reached after an `await`
/// of another actor, or inside a requirement isolated to a default actor.
/// The pass parks or ends the task's job there, and the process goes on:
/// the recorded `when` answers.
@Suite struct RecordingAfterAnotherActorStopTests {
    @Test func aCallWithNoValueParksThereAndTheProcessGoesOn() async {
        await #expect(processExitsWith: .success) {
            guard let vault = try? Stub<any SessionVault>() else { exit(2) }
            let session = ResumableSession(id: 24)
            await vault.when { @MainActor double in
                await VisitedActor.shared.visit()
                return double.session(for: Match.greaterThan(0))
            }.thenReturn(session)
            // Reached only when the pass ended there: the recorded `when` answers.
            exit(vault().session(for: 9) === session ? 0 : 3)
        }
    }

    /// A nonisolated closure whose requirement is isolated to a default
    /// actor other than the main actor: the call runs inside that actor's
    /// drain. The pass ends the task's job there, the actor goes on serving
    /// and the `when` answers.
    @Test func aCallInsideADefaultActorsRequirementEndsThereAndTheProcessGoesOn() async {
        await #expect(processExitsWith: .success) {
            guard let vault = try? Stub<any ArchivedSessionVault>() else { exit(2) }
            let session = ResumableSession(id: 29)
            await vault.when { await $0.open(Match.greaterThan(0)) }.thenReturn(session)
            exit(await vault().open(4) === session ? 0 : 3)
        }
    }

    /// Marked with the requirement's actor, the same closure is served: the
    /// pass lends that actor to its own thread before the call.
    @Test func theSameClosureMarkedWithTheRequirementsActorRecords() async throws {
        let vault = try Stub<any ArchivedSessionVault>()
        let session = ResumableSession(id: 30)
        let issues = await TestDoubleIssueReporting.capture { () async in
            await vault.when { @BackgroundActor (double: any ArchivedSessionVault) async in
                double.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
        #expect(issues.isEmpty)
        #expect(await vault().open(4) === session)
    }
}
#endif
