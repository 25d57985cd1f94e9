import Testing

@testable import TestDoublesRecorder

@Suite struct VerificationTests {
    /// The checkout flow of the README: three analytics events.
    func checkout() -> (ServiceDouble, CallPattern<Void>) {
        let analytics = ServiceDouble(name: "Stub<any Analytics>")
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()
        analytics().track(event: "add_to_cart", value: 30)
        analytics().track(event: "add_to_cart", value: 12)
        analytics().track(event: "purchase", value: 42)
        return (analytics, allEvents)
    }

    @Test func patternsVerifyCountsAndRanges() {
        let (analytics, allEvents) = checkout()
        let found = issues {
            analytics.when { $0.track(event: Match.equal("purchase"), value: Match.equal(42)) }.verify()
            analytics.when { $0.track(event: Match.equal("error"), value: Match.any()) }.verify(.never)
            allEvents.verify(3...3)
            allEvents.verify(1...)
            allEvents.verify(...3)
            allEvents.verify(.exactly(3))
            allEvents.verify(0..<4)
            analytics.verify(2...) { $0.track(event: Match.equal("add_to_cart"), value: Match.any()) }
            analytics.verify { $0.track(event: "purchase", value: 42) }
        }
        #expect(found.isEmpty)
    }

    @Test func verificationDoesNotConsumeBehavior() {
        let double = ServiceDouble()
        let pattern = double.when { $0.translate(Match.any()) }.thenReturn("a").thenReturn("b")
        #expect(double().translate("x") == "a")
        pattern.verify()
        pattern.verify()
        #expect(double().translate("x") == "b")
    }

    @Test func failedVerifyReportsCountsClosestCallsAndRejectingMatchersAtTheCallSite() {
        let (analytics, _) = checkout()
        let purchase = analytics.when { $0.track(event: Match.equal("purchase"), value: Match.equal(40)) }
        let found = issues { purchase.verify() }
        let expectedLine = #line - 1
        #expect(found.count == 1)
        let issue = try? #require(found.first)
        #expect(issue?.kind == .verificationFailed)
        #expect(issue?.location?.fileID == #fileID)
        #expect(issue?.location?.filePath == #filePath)
        #expect(issue?.location?.line == expectedLine)
        #expect(issue?.location?.column == 45)  // Swift gives the column of the argument list
        let message = issue?.message ?? ""
        #expect(
            message.hasPrefix(
                "Stub<any Analytics>: expected exactly 1 call of track(event: equal(\"purchase\"), value: equal(40)), observed 0."
            ))
        #expect(message.contains("Closest calls:"))
        #expect(
            message.contains("track(event: \"purchase\", value: 42): argument 2 (value): 42 does not match equal(40)"))
        #expect(
            message.contains(
                "argument 1 (event): \"add_to_cart\" does not match equal(\"purchase\"); argument 2 (value): 30 does not match equal(40)"
            ))
        // The closest call (one rejected argument) comes first.
        let lines = message.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[2].contains("\"purchase\""))
    }

    @Test func tooManyCallsListsTheMatchingCalls() throws {
        let (_, allEvents) = checkout()
        let found = issues { allEvents.verify(...2) }
        #expect(
            found.first?.message.hasPrefix(
                "Stub<any Analytics>: expected at most 2 calls of track(event: any(), value: any()), observed 3.")
                == true)
        let issue = try #require(found.first)
        #expect(issue.message.contains("Matching calls:"))
    }

    @Test func verifyWithNoCallsOfTheRequirementNamesTheLatestCalls() {
        let (analytics, _) = checkout()
        let found = issues { analytics.verify { $0.translate(Match.any()) } }
        #expect(
            found.first?.message.contains("No calls of translate(_:). Latest calls on Stub<any Analytics>:") == true)
    }

    @Test func typedArgumentsComeBackAsTuples() throws {
        let (analytics, allEvents) = checkout()
        let events: [(String, Int)] = allEvents.arguments()
        #expect(events.map(\.0) == ["add_to_cart", "add_to_cart", "purchase"])
        #expect(events.map(\.1) == [30, 12, 42])
        let names: [String] = allEvents.arguments()
        #expect(names == ["add_to_cart", "add_to_cart", "purchase"])
        let found = issues {
            let wrong: [(Int, Int)] = analytics.when { $0.track(event: Match.any(), value: Match.any()) }.arguments()
            #expect(wrong.isEmpty)
        }
        #expect(found.count == 3)
        let issue = try #require(found.first)
        #expect(issue.message.contains("argument 1 (event) is Int, but the call passed a String"))
    }

    @Test func verifyInOrderChecksARelativeSubsequence() throws {
        let (analytics, _) = checkout()
        let passed = issues {
            analytics.verifyInOrder {
                $0.track(event: Match.equal("add_to_cart"), value: Match.any())
                $0.track(event: Match.equal("purchase"), value: Match.any())
            }
        }
        #expect(passed.isEmpty)
        let failed = issues {
            analytics.verifyInOrder {
                $0.track(event: Match.equal("purchase"), value: Match.any())
                $0.track(event: Match.equal("add_to_cart"), value: Match.any())
            }
        }
        #expect(failed.count == 1)
        let issue = try #require(failed.first)
        #expect(issue.message.contains("(step 2 of 2)"))
        #expect(issue.location?.line == #line - 8)
    }

    @Test func verifyNoMoreInteractionsNamesUnverifiedCalls() throws {
        let (analytics, _) = checkout()
        analytics.verify(2...2) { $0.track(event: Match.equal("add_to_cart"), value: Match.any()) }
        let found = issues { analytics.verifyNoMoreInteractions() }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("1 call(s) no successful verification covered"))
        #expect(issue.message.contains("track(event: \"purchase\", value: 42)"))
        analytics.verify { $0.track(event: Match.equal("purchase"), value: Match.any()) }
        #expect(issues { analytics.verifyNoMoreInteractions() }.isEmpty)
    }

    @Test func verifyNoUnusedStubsNamesRegistrationsThatServedNothing() throws {
        let double = ServiceDouble()
        double.when { $0.translate(Match.equal("used")) }.thenReturn("u")
        double.when { $0.translate(Match.equal("unused")) }.thenReturn("n")
        _ = double.when { $0.translate(Match.equal("verification only")) }
        _ = double().translate("used")
        let found = issues { double.verifyNoUnusedStubs() }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("#2 translate(equal(\"unused\"))"))
        #expect(found.first?.message.contains("verification only") == false)
    }

    @Test func historyCountsVerifiesAndPrintsEveryCall() {
        let (analytics, _) = checkout()
        #expect(analytics.history.callCount == 3)
        #expect(issues { analytics.history.verify(3...3) }.isEmpty)
        let timeline = analytics.history.description
        #expect(analytics.history.timeline.events.count == 3)
        #expect(
            timeline.hasPrefix(
                "Stub<any Analytics>: 3 call(s) in order:\n  #1  track(event: \"add_to_cart\", value: 30)"))
        #expect(
            timeline.contains("\n  #3  track(event: \"purchase\", value: 42) -> returned by registration #1 (verified)")
        )
        #expect(analytics.describeInteractions() == timeline)
    }

    @Test func resetForgetsRegistrationsAndCalls() {
        let (analytics, _) = checkout()
        analytics.reset()
        #expect(analytics.history.callCount == 0)
        let found = issues { analytics().track(event: "x", value: 1) }
        #expect(found.map(\.kind) == [.unmatchedCall])
    }

    @Test func spyViewsSeparateForwardedAndStubbedCalls() throws {
        let spy = ServiceDouble(forwardingTo: LiveService())
        spy.when { $0.translate(Match.equal("greeting.new_user")) }.thenReturn("Howdy, partner")
        let translations = spy.when { $0.translate(Match.any()) }
        let translator = spy()
        #expect(translator.translate("greeting.new_user") == "Howdy, partner")
        #expect(translator.translate("farewell.title") == "live:farewell.title")
        let found = issues {
            translations.verify(2...2)
            translations.forwarded.verify(1...)
            translations.stubbed.verify()
            spy.history.forwarded.verify()
            spy.history.stubbed.verify()
        }
        #expect(found.isEmpty)
        let forwarded: [String] = translations.forwarded.arguments()
        #expect(forwarded == ["farewell.title"])
        let stubbed: [String] = translations.stubbed.arguments()
        #expect(stubbed == ["greeting.new_user"])
        let failure = issues { translations.forwarded.verify(2...) }
        let issue = try #require(failure.first)
        #expect(issue.message.contains("(forwarded calls only)"))
        #expect(issue.message.contains("it was returned, not forwarded"))
    }

    @Test func invocationOrderSpansDoublesAndSavedPatterns() throws {
        let gateway = ServiceDouble(name: "gateway")
        let analytics = ServiceDouble(name: "analytics")
        gateway.when { try $0.fetch(id: Match.any()) }.thenReturn("charged")
        let tracked = analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        _ = try? gateway().fetch(id: 42)
        analytics().track(event: "purchase", value: 42)

        let passed = issues {
            InvocationOrder(exhaustive: true) {
                _ = try? gateway().fetch(id: 42)
                analytics().track(event: "purchase", value: 42)
            }
            InvocationOrder {
                _ = try? gateway().fetch(id: Match.any())
                tracked
            }
        }
        #expect(passed.isEmpty)
        let failed = issues {
            InvocationOrder {
                analytics().track(event: "purchase", value: 42)
                _ = try? gateway().fetch(id: 42)
            }
        }
        #expect(failed.count == 1)
        #expect(
            failed.first?.message.contains("InvocationOrder: expected gateway: fetch(id: equal(42)) (step 2 of 2)")
                == true)
        analytics().track(event: "late", value: 1)
        let notExhaustive = issues {
            InvocationOrder(exhaustive: true) {
                _ = try? gateway().fetch(id: 42)
                analytics().track(event: "purchase", value: 42)
            }
        }
        let issue = try #require(notExhaustive.first)
        #expect(issue.message.contains("track(event: \"late\", value: 1)"))
    }

    @Test func recordingOnAnotherDoubleInsideWhenIsRejected() throws {
        let first = ServiceDouble(name: "first")
        let second = ServiceDouble(name: "second")
        let found = issues { first.when { _ in second().translate(Match.any()) }.thenReturn("x") }
        let issue = try #require(found.first)
        #expect(issue.message.contains("the closure called translate(_:) on second, a different double"))
    }
}
