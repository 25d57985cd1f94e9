import Foundation
import Testing

@testable import TestDoublesRecorder

@Suite struct UnmatchedCallTests {
    @Test func unmatchedCallReportsTheRegistrationsTriedAndReturnsADefault() {
        let double = ServiceDouble(name: "Stub<any FeatureFlags>")
        double.when { $0.isEnabled(Match.equal("a"), for: Match.equal(1)) }.thenReturn(true)
        var answer = true
        let found = issues { answer = double().isEnabled("b", for: 1) }
        #expect(answer == false)
        #expect(found.count == 1)
        let issue = found.first
        #expect(issue?.kind == .unmatchedCall)
        #expect(issue?.location?.line == #line - 8)  // where the double was created
        #expect(
            issue?.message == """
                Stub<any FeatureFlags> received isEnabled("b", for: 1), which no registration matches.
                Registrations tried, in order:
                  #1 isEnabled(equal("a"), for: equal(1)) at TestDoublesRecorderTests/UnmatchedCallTests.swift:\(#line - 8):21: argument 1: "b" does not match equal("a")
                Add a registration before the call, for example:
                    stub.when { $0.isEnabled("b", for: 1) }.then { fatalError("TODO: configure isEnabled(_:for:)") }
                """)
    }

    @Test func theSuggestedRegistrationWritesTheCallAsWhenWouldWithItsEffects() {
        func suggestion(_ requirement: Requirement, _ arguments: [Any]) -> String? {
            let recorder = InvocationRecorder(name: "Stub<any Probe>")
            let message = issues { _ = recorder.dispatch(requirement, arguments: arguments) }.first?.message ?? ""
            guard let range = message.range(of: "for example:\n    ") else { return nil }
            return String(message[range.upperBound...])
        }
        #expect(
            suggestion(Requirement("track(_:count:)"), ["open", 3])
                == #"stub.when { $0.track("open", count: 3) }.thenDoNothing()"#)
        #expect(
            suggestion(Requirement("user(id:)", effects: .asyncThrows, resultType: String.self), [7])
                == #"await stub.when { try await $0.user(id: 7) }.then { fatalError("TODO: configure user(id:)") }"#)
        // A value without a literal spelling makes every argument a matcher.
        #expect(
            suggestion(Requirement("open(_:at:)"), [URL(string: "https://example.com")!, Int8(2)])
                == "stub.when { $0.open(Match.any(), at: Match.equal(2)) }.thenDoNothing()")
        #expect(
            suggestion(Requirement("title", resultType: String.self), [])
                == #"stub.when { $0.title }.then { fatalError("TODO: configure title") }"#)
        #expect(suggestion(Requirement("volume"), [Double(0.5)]) == "stub.when { $0.volume = 0.5 }.thenDoNothing()")
        #expect(
            suggestion(Requirement("subscript(_:)", resultType: Int?.self), ["k"])
                == #"stub.when { $0["k"] }.then { fatalError("TODO: configure subscript(_:)") }"#)
        #expect(
            suggestion(Requirement("subscript(_:)"), ["k", Int?.none])
                == #"stub.when { $0["k"] = nil }.thenDoNothing()"#)
        #expect(
            suggestion(Requirement("static make(seed:)", resultType: Int.self), [[1, 2]])
                == #"stub.when { type(of: $0).make(seed: [1, 2]) }.then { fatalError("TODO: configure static make(seed:)") }"#
        )
        #expect(
            suggestion(Requirement("nested(_:_:)"), [Int??.some(nil), "x"])
                == #"stub.when { $0.nested(Match.any(), Match.equal("x")) }.thenDoNothing()"#)
    }

    @Test func unmatchedCallWithoutDefaultThrowsUnstubbedCallFromAThrowingRequirement() async {
        // A class: neither the built-ins nor a metadata synthesizer installed
        // by another module of the same test process can make one.
        final class NoDefault {}
        let recorder = InvocationRecorder(name: "Stub<any Loader>")
        let requirement = Requirement("load(path:)", effects: .asyncThrows, resultType: NoDefault.self)
        var outcome: CallOutcome?
        let found = await issues { outcome = await recorder.dispatchAsync(requirement, arguments: ["/tmp"]) }
        #expect(found.map(\.kind) == [.unmatchedCall])
        guard case .threw(let error as UnstubbedCall)? = outcome else {
            Issue.record("expected UnstubbedCall, got \(String(describing: outcome))")
            return
        }
        #expect(error.description == "Stub<any Loader> has no behavior for load(path: \"/tmp\")")
    }

    @Test func unmatchedCallWithNeitherDefaultNorThrowsTellsTheFrontToTrap() {
        // A class: neither the built-ins nor a metadata synthesizer installed
        // by another module of the same test process can make one.
        final class NoDefault {}
        let recorder = InvocationRecorder(name: "Stub<any Maker>")
        let requirement = Requirement("make()", resultType: NoDefault.self)
        var outcome: CallOutcome?
        let found = issues { outcome = recorder.dispatch(requirement, arguments: []) }
        #expect(found.map(\.kind) == [.unmatchedCall])
        guard case .trap(let message)? = outcome else {
            Issue.record("expected a trap, got \(String(describing: outcome))")
            return
        }
        #expect(message.contains("make() cannot be answered (no registration matched)"))
    }

    @Test func unmatchedCallWithNeitherDefaultNorThrowsAnswersAnArgumentOfItsResultType() throws {
        // An echoing requirement (`func configure(_ session: Session) -> Session`): the instance the
        // test handed over is a valid value of the result type, so the run goes on after the issue.
        final class Session {}
        let recorder = InvocationRecorder(name: "Stub<any Configurer>")
        let requirement = Requirement("configure(_:)", resultType: Session.self)
        let session = Session()
        var outcome: CallOutcome?
        let found = issues { outcome = recorder.dispatch(requirement, arguments: [session]) }
        #expect(found.map(\.kind) == [.unmatchedCall])
        guard case .returned(let value)? = outcome else {
            Issue.record("expected the argument back, got \(String(describing: outcome))")
            return
        }
        #expect((value as? Session) === session)
    }

    @Test func commonFoundationClassesHaveFreshPlaceholdersOfTheirExactType() throws {
        let decoder = try #require(Match.Placeholders.make(JSONDecoder.self))
        #expect(type(of: decoder) == JSONDecoder.self)
        #expect(Match.Placeholders.make(JSONDecoder.self) !== decoder)
        let progress = try #require(Match.Placeholders.make(Progress.self))
        #expect(progress.totalUnitCount == 0)
        #expect(Match.Placeholders.make(NotificationCenter.self) != nil)
        #expect(Match.Placeholders.make(OperationQueue.self) != nil)
        // A subclass is another type: a parent's instance is no value of it.
        final class StrictDecoder: JSONDecoder, @unchecked Sendable {}
        #expect(Match.Placeholders.make(any: StrictDecoder.self) == nil)
    }

    @Test func spyForwardsUnmatchedCallsWithoutAnIssue() {
        let spy = ServiceDouble(forwardingTo: LiveService())
        var answer = ""
        let found = issues { answer = spy().translate("k") }
        #expect(found.isEmpty)
        #expect(answer == "live:k")
        #expect(spy.history.invocations.map(\.outcome) == [.forwarded])
    }

    @Test func unmatchedCallsAreStillRecorded() {
        let double = ServiceDouble()
        _ = issues { double().track(event: "lost", value: 0) }
        #expect(double.history.callCount == 1)
        #expect(double.history.invocations.first?.outcome == .unmatched)
        #expect(double.history.invocations.first?.registration == nil)
    }

    @Test func ledgerEntriesKeepRequirementArgumentsOutcomeRegistrationAndTime() {
        let double = ServiceDouble()
        double.when { $0.translate(Match.any()) }.thenReturn("t")
        let before = ContinuousClock.now
        _ = double().translate("k")
        let after = ContinuousClock.now
        let entry = double.history.invocations[0]
        #expect(entry.requirement == ServiceDouble.Requirements.translate)
        #expect(entry.arguments as? [String] == ["k"])
        #expect(entry.outcome == .returned)
        #expect(entry.registration == 1)
        // The arrival time is read from the kernel's coarse clock, a few
        // ticks at most behind the call (see InvocationTime).
        #expect(before - .milliseconds(50) <= entry.time && entry.time <= after + .milliseconds(50))
        #expect(entry.sequence > 0)
    }
}
