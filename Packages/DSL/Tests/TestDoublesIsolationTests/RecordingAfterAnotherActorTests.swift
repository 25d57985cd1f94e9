import Foundation
import TestDoubles
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

/// An actor a recording closure visits before it calls the double.
actor VisitedActor {
    static let shared = VisitedActor()
    func visit() {}
}

/// A closure isolated to the main actor that awaits another actor comes
/// back through the main actor's own queue: the call after it runs on the
/// thread serving the main actor, where a pass cannot park. Every call with
/// an exact way out is served there: a throwing requirement ends the pass
/// by throwing, a `when(returning:)` value, or a value of the result type
/// the call itself handed over, answers it.
@MainActor @Suite struct RecordingAfterAnotherActorTests {
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

#if compiler(>=6.2)
/// The call with no exact way out: a non-throwing requirement whose result
/// no source can make, reached there. It reports an issue at the `when`
/// line (naming the requirement, the type and the fixes) before the process
/// stops, rather than hang the main actor or answer a made-up value.
@Suite struct RecordingAfterAnotherActorStopTests {
    @Test func aCallWithNoValueReportsTheIssueAtTheWhenLineThenStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            guard let vault = try? Stub<any SessionVault>() else { exit(2) }
            await vault.when { @MainActor double in
                await VisitedActor.shared.visit()
                return double.session(for: Match.greaterThan(0))
            }.thenReturn(ResumableSession(id: 24))
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("session(for:)"))
            #expect(text.contains("ResumableSession"))
            #expect(text.contains("when(returning:"))
            #expect(text.contains("Match.any(using:"))
            #expect(text.contains("Match.Placeholders.register"))
            #expect(text.contains("could not stop there"))
            // The issue names the `when` line (the child runs outside a test, so it goes to standard error).
            #expect(text.contains("RecordingAfterAnotherActorTests.swift:"))
        }
    }
}
#endif
