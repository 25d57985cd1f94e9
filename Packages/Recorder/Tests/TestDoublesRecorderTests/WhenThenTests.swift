import Testing

@testable import TestDoublesRecorder

@Suite struct WhenThenTests {
    @Test func firstMatchingRegistrationWinsLikeASwitch() {
        let flags = ServiceDouble()
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.equal(7)) }.thenReturn(true)
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }
            .then { (_: String, userID: Int) in userID.isMultiple(of: 2) }
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)

        let sut = flags()
        #expect(sut.isEnabled("dark_mode", for: 1) == false)
        #expect(sut.isEnabled("new_checkout", for: 4) == true)
        #expect(sut.isEnabled("new_checkout", for: 5) == false)
        #expect(sut.isEnabled("new_checkout", for: 7) == true)
    }

    @Test func handlerMayTakeALeadingPrefixOfTheArguments() {
        let double = ServiceDouble()
        double.when { $0.isEnabled(Match.any(), for: Match.any()) }.then { (flag: String) in flag.hasPrefix("on") }
        #expect(double().isEnabled("on_x", for: 1))
        #expect(!double().isEnabled("off", for: 1))
        double.when { $0.translate(Match.any()) }.then { "fixed" }
        #expect(double().translate("k") == "fixed")
    }

    @Test func handlerWithWrongParameterTypesIsReportedAtItsConfiguration() throws {
        let double = ServiceDouble()
        var value = true
        let found = issues {
            double.when { $0.isEnabled(Match.any(), for: Match.any()) }.then { (_: Int) in true }
            value = double().isEnabled("x", for: 1)
        }
        #expect(value == false)  // the default value after the issue
        #expect(found.count == 1)
        #expect(found.first?.kind == .invalidBehavior)
        let issue2 = try #require(found.first)
        #expect(issue2.message.contains("argument 1 is Int, but the call passed a String"))
        #expect(found.first?.location?.fileID == #fileID)
    }

    @Test func thenThrowThrowsFromAThrowingRequirement() throws {
        let double = ServiceDouble()
        double.when { try $0.fetch(id: Match.equal(1)) }.thenThrow(ServiceError.offline)
        double.when { try $0.fetch(id: Match.any()) }.thenReturn("ok")
        #expect(throws: ServiceError.offline) { try double().fetch(id: 1) }
        #expect(try double().fetch(id: 2) == "ok")
    }

    @Test func thenThrowOnANonThrowingRequirementIsRejectedAtConfiguration() throws {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.translate(Match.any()) }.thenThrow(ServiceError.offline)
        }
        #expect(found.map(\.kind) == [.invalidBehavior])
        let issue = try #require(found.first)
        #expect(issue.message.contains("thenThrow needs a throwing requirement"))
    }

    @Test func handlerErrorsPropagateFromThrowingRequirements() throws {
        let double = ServiceDouble()
        double.when { try $0.fetch(id: Match.any()) }.then { (id: Int) throws -> String in
            if id < 0 { throw ServiceError.denied }
            return "id-\(id)"
        }
        #expect(try double().fetch(id: 3) == "id-3")
        #expect(throws: ServiceError.denied) { try double().fetch(id: -1) }
    }

    @Test func thenDoNothingAnswersVoidRequirements() {
        let double = ServiceDouble()
        let all = double.when { $0.track(event: Match.any(), value: Match.any()) }
        all.thenDoNothing()
        let found = issues { double().track(event: "a", value: 1) }
        #expect(found.isEmpty)
        all.verify()
    }

    @Test func chainsRunBareIntermediateStepsOnceAndRepeatTheLast() throws {
        let double = ServiceDouble()
        let loads = double.when { try $0.fetch(id: Match.any()) }
            .thenThrow(ServiceError.offline)
            .thenThrow(ServiceError.denied)
            .thenReturn("ok")
        #expect(throws: ServiceError.offline) { try double().fetch(id: 1) }
        #expect(throws: ServiceError.denied) { try double().fetch(id: 1) }
        #expect(try double().fetch(id: 1) == "ok")
        #expect(try double().fetch(id: 1) == "ok")
        loads.verify(4...4)
    }

    @Test func timesGivesExactCountsAndFiniteChainsFallThrough() {
        let double = ServiceDouble()
        double.when { $0.translate(Match.equal("k")) }.thenReturn("a", times: 2).thenReturn("b", times: 1)
        double.when { $0.translate(Match.any()) }.thenReturn("fallback")
        let sut = double()
        #expect(
            [sut.translate("k"), sut.translate("k"), sut.translate("k"), sut.translate("k")] == [
                "a", "a", "b", "fallback",
            ])
    }

    @Test func unboundedTimesKeepsAnsweringEvenWithLaterSteps() {
        let double = ServiceDouble()
        double.when { $0.translate(Match.any()) }.thenReturn("forever", times: 1...).thenReturn("never reached")
        #expect((0..<5).map { _ in double().translate("x") } == Array(repeating: "forever", count: 5))
    }

    @Test func specificRegistrationDoesNotAdvanceTheFallbackChain() {
        let double = ServiceDouble()
        double.when { $0.translate(Match.equal("special")) }.thenReturn("S")
        double.when { $0.translate(Match.any()) }.thenReturn("first").thenReturn("rest")
        let sut = double()
        #expect(sut.translate("special") == "S")
        #expect(sut.translate("x") == "first")
        #expect(sut.translate("special") == "S")
        #expect(sut.translate("y") == "rest")
    }

    @Test func thenForEachCallCountsFromOnePerBehavior() throws {
        let double = ServiceDouble()
        double.when { try $0.fetch(id: Match.any()) }
            .thenForEachCall(times: 2) { (attempt: Int, id: Int) in "\(attempt):\(id)" }
            .thenForEachCall { attempt in "again \(attempt)" }
        let sut = double()
        #expect(try sut.fetch(id: 9) == "1:9")
        #expect(try sut.fetch(id: 8) == "2:8")
        #expect(try sut.fetch(id: 7) == "again 1")
        #expect(try sut.fetch(id: 7) == "again 2")
    }

    @Test func unreachableRegistrationBehindACatchAllIsReported() throws {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.translate(Match.any()) }.thenReturn("all")
            double.when { $0.translate(Match.equal("x")) }.thenReturn("x")
        }
        #expect(found.count == 1)
        #expect(found.first?.kind == .unreachableRegistration)
        let issue = try #require(found.first)
        #expect(issue.message.contains("registration #2 translate(equal(\"x\")) can never serve a call"))
        #expect(issue.location?.line == #line - 6)
    }

    @Test func finiteCatchAllDoesNotMakeLaterRegistrationsUnreachable() {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.translate(Match.any()) }.thenReturn("once", times: 1)
            double.when { $0.translate(Match.equal("x")) }.thenReturn("x")
        }
        #expect(found.isEmpty)
        #expect(double().translate("x") == "once")
        #expect(double().translate("x") == "x")
    }

    @Test func thenForwardIsOnlyAcceptedByADoubleWithARealImplementation() {
        let stub = ServiceDouble()
        let found = issues { stub.when { $0.translate(Match.any()) }.thenForward() }
        #expect(found.map(\.kind) == [.invalidBehavior])

        let spy = ServiceDouble(forwardingTo: LiveService())
        spy.when { $0.translate(Match.equal("fail")) }.thenReturn("overridden", times: 1).thenForward()
        #expect(spy().translate("fail") == "overridden")
        #expect(spy().translate("fail") == "live:fail")
        #expect(spy().translate("other") == "live:other")
    }
}
