import TestDoubles
import Testing

/// A player whose volume the ordering tests assign.
protocol OrderedPlayer {
    var volume: Int { get set }
    func play(track: String)
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveOrderedPlayer: OrderedPlayer {
    var volume = 0
    func play(track: String) {}
}

/// A sendable log the eventual-verification tests call from other tasks.
protocol OrderedTelemetry: Sendable {
    func log(_ message: String)
}

/// The linked conformer of ``OrderedTelemetry``; never called.
struct LiveOrderedTelemetry: OrderedTelemetry {
    func log(_ message: String) {}
}

// Ordering and verification as the seed spells them: InvocationOrder's
// builder (per-step lines, `if`/`for`), its fluent steps, its closure form,
// verifyExactlyInOrder, verifyInOrder(mutating:), eventual verification on
// the double, and location parameters a team's own helpers forward.
@Suite struct SeedOrderingTests {
    @Test func builderListsCallsAndSavedPatternsAcrossDoubles() throws {
        let gateway = try Stub<any PaymentGateway>()
        let analytics = try Stub<any Analytics>()
        let charge = gateway.when { $0.charge(amount: Match.equal(42)) }
        charge.thenReturn(true)
        let purchase = analytics.when { $0.track(event: Match.equal("purchase"), value: Match.any()) }.thenDoNothing()

        _ = gateway().charge(amount: 42)
        analytics().track(event: "purchase", value: 42)

        let issues = TestDoubleIssueReporting.capture {
            InvocationOrder(exhaustive: true) {
                gateway().charge(amount: 42)
                analytics().track(event: "purchase", value: 42)
            }
            InvocationOrder(exhaustive: true) {
                charge
                purchase
            }
        }
        #expect(issues.isEmpty)
    }

    @Test func aStepThatFindsNoLaterCallReportsAtItsOwnLine() throws {
        let gateway = try Stub<any PaymentGateway>()
        let analytics = try Stub<any Analytics>()
        gateway.when { $0.charge(amount: Match.any()) }.thenReturn(true)
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        analytics().track(event: "purchase", value: 42)
        _ = gateway().charge(amount: 42)

        let failingLine = #line + 5
        let issues = TestDoubleIssueReporting.capture {
            // The purchase was tracked before the charge, so the second step finds nothing after the first.
            let order = InvocationOrder {
                gateway().charge(amount: 42)
                analytics().track(event: "purchase", value: 42)
            }
            #expect(order.passed == false)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.location?.line == failingLine)
        #expect(
            issues.first?.message.contains("track(event: equal(\"purchase\"), value: equal(42)) (step 2 of 2)") == true)
    }

    @Test func builderAcceptsLoopsAndConditions() throws {
        let analytics = try Stub<any Analytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let events = ["open", "add_to_cart", "purchase"]
        for (value, event) in events.enumerated() { analytics().track(event: event, value: value) }
        let includePurchase = true

        let issues = TestDoubleIssueReporting.capture {
            InvocationOrder(exhaustive: true) {
                for (value, event) in events.dropLast().enumerated() {
                    analytics().track(event: event, value: value)
                }
                if includePurchase {
                    analytics().track(event: "purchase", value: 2)
                } else {
                    analytics().track(event: "cancel", value: 2)
                }
            }
        }
        #expect(issues.isEmpty)

        let missing = TestDoubleIssueReporting.capture {
            InvocationOrder {
                if !includePurchase { analytics().track(event: "never", value: 0) }
                analytics().track(event: "purchase", value: 2)
                analytics().track(event: "open", value: 0)
            }
        }
        #expect(missing.count == 1)
    }

    @Test func fluentStepsAdvanceOneCursorAndCheckTheRest() throws {
        let gateway = try Stub<any PaymentGateway>()
        let analytics = try Stub<any Analytics>()
        let charge = gateway.when { $0.charge(amount: Match.any()) }
        charge.thenReturn(true)
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        _ = gateway().charge(amount: 42)
        analytics().track(event: "purchase", value: 42)

        let passing = TestDoubleIssueReporting.capture {
            InvocationOrder()
                .verify(charge)
                .verify(analytics) { $0.track(event: Match.equal("purchase"), value: Match.any()) }
                .verifyNoMoreInteractions()
        }
        #expect(passing.isEmpty)

        analytics().track(event: "late", value: 1)
        var stepLine = 0
        let failing = TestDoubleIssueReporting.capture {
            let order = InvocationOrder()
            order.verify(analytics) { $0.track(event: Match.equal("purchase"), value: Match.any()) }
            order.verify(charge); stepLine = #line
            order.verifyNoMoreInteractions()
        }
        // The charge came before the purchase; the late event was never verified.
        #expect(failing.count == 2)
        #expect(failing.first?.location?.line == stepLine)
        let lastIssue = try #require(failing.last)
        #expect(lastIssue.message.contains("track(event: \"late\", value: 1)"))
    }

    @Test func closureFormHandsTheOrderToItsSteps() throws {
        let gateway = try Stub<any PaymentGateway>()
        let analytics = try Stub<any Analytics>()
        let charge = gateway.when { $0.charge(amount: Match.any()) }
        charge.thenReturn(true)
        let purchase = analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        _ = gateway().charge(amount: 7)
        analytics().track(event: "purchase", value: 7)

        let exact = TestDoubleIssueReporting.capture {
            InvocationOrder(exhaustive: true) { order in
                order.verify(charge).verify(purchase)
            }
        }
        #expect(exact.isEmpty)

        analytics().track(event: "extra", value: 0)
        let extra = TestDoubleIssueReporting.capture {
            InvocationOrder(exhaustive: true) { order in
                order.verify(charge).verify(purchase)
            }
        }
        #expect(extra.count == 1)
        let issue = try #require(extra.first)
        #expect(issue.message.contains("track(event: \"extra\", value: 0)"))
    }

    @Test func verifyExactlyInOrderAllowsNothingElse() throws {
        let analytics = try Stub<any Analytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        analytics().track(event: "open", value: 1)
        analytics().track(event: "close", value: 2)

        let exact = TestDoubleIssueReporting.capture {
            analytics.verifyExactlyInOrder {
                $0.track(event: "open", value: 1)
                $0.track(event: "close", value: 2)
            }
            analytics.verifyInOrder { $0.track(event: Match.equal("close"), value: Match.any()) }
        }
        #expect(exact.isEmpty)

        let partial = TestDoubleIssueReporting.capture {
            analytics.verifyExactlyInOrder { $0.track(event: Match.equal("close"), value: Match.any()) }
        }
        #expect(partial.count == 1)
        let issue = try #require(partial.first)
        #expect(issue.message.contains("track(event: \"open\", value: 1)"))
    }

    @Test func assignmentsTakePartInOrderedVerification() throws {
        let player = try Stub<any OrderedPlayer>()
        player.when { $0.play(track: Match.any()) }.thenDoNothing()
        player.whenSet { $0.volume = Match.any() }.thenDoNothing()
        var sut: any OrderedPlayer = player()
        sut.volume = 3
        sut.play(track: "intro")

        let inOrder = TestDoubleIssueReporting.capture {
            player.verifyInOrder(mutating: {
                $0.volume = Match.equal(3)
                $0.play(track: Match.any())
            })
            player.verifyExactlyInOrder(mutating: {
                $0.volume = 3
                $0.play(track: "intro")
            })
        }
        #expect(inOrder.isEmpty)

        let reversed = TestDoubleIssueReporting.capture {
            player.verifyInOrder(mutating: {
                $0.play(track: Match.equal("intro"))
                $0.volume = Match.equal(3)
            })
        }
        #expect(reversed.count == 1)
    }

    @Test func eventualVerificationOnTheDoubleWaitsForOtherTasks() async throws {
        let telemetry = try Stub<any OrderedTelemetry>()
        telemetry.when { $0.log(Match.any()) }.thenDoNothing()
        let log: any OrderedTelemetry = telemetry()
        let writer = Task.detached {
            try? await Task.sleep(for: .milliseconds(20))
            log.log("synced")
        }

        let issues = await TestDoubleIssueReporting.capture {
            await telemetry.verify(within: .seconds(120)) { $0.log(Match.equal("synced")) }
        }
        #expect(issues.isEmpty)
        await writer.value

        let timedOut = await TestDoubleIssueReporting.capture {
            await telemetry.verify(2..., within: .milliseconds(30)) { $0.log(Match.equal("synced")) }
        }
        #expect(timedOut.count == 1)
        let issue = try #require(timedOut.first)
        #expect(issue.message.contains("within"))
    }

    @Test func eventualVerificationOfAnAsyncRequirement() async throws {
        let analytics = try Stub<any AsyncAnalytics>()
        await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let sut: any AsyncAnalytics = analytics()
        let sender = Task.detached { await sut.track(event: "background", value: 1) }

        let issues = await TestDoubleIssueReporting.capture {
            await analytics.verify(within: .seconds(120)) {
                await $0.track(event: Match.equal("background"), value: Match.equal(1))
            }
        }
        #expect(issues.isEmpty)
        await sender.value
        let interactions = await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }
        #expect(await interactions.verify(within: .seconds(1)))
    }

    @Test func asyncVerifyReturningAPlaceholder() async throws {
        let loader = try Stub<any FeedLoader>()
        await loader.when { try await $0.loadFeed() }.thenReturn(["a"])
        _ = try await loader().loadFeed()
        let issues = await TestDoubleIssueReporting.capture {
            await loader.verify(returning: ["placeholder"]) { try await $0.loadFeed() }
            await loader.verify(1...1, returning: []) { try await $0.loadFeed() }
        }
        #expect(issues.isEmpty)
    }

    @Test func locationParametersForwardThroughATeamsHelper() throws {
        let gateway = try Stub<any PaymentGateway>()
        gateway.when { $0.charge(amount: Match.any()) }.thenReturn(true)
        _ = gateway().charge(amount: 5)

        var helperCallLine = 0
        let issues = TestDoubleIssueReporting.capture {
            expectCharged(gateway, amount: 5)
            expectCharged(gateway, amount: 9); helperCallLine = #line
            expectNoUnverifiedCalls(gateway)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.location?.line == helperCallLine)
        #expect(issues.first?.location?.fileID == #fileID)
    }

    @MainActor @Test func mainActorTestsOrderAsyncCalls() async throws {
        let feed = try Stub<any FeedLoader>()
        let analytics = try Stub<any AsyncAnalytics>()
        let loads = await feed.when { try await $0.loadFeed() }.thenReturn(["x"])
        await analytics.when { await $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        var seen: [String] = []
        seen += try await feed().loadFeed()
        await analytics().track(event: "loaded", value: seen.count)

        let issues = await TestDoubleIssueReporting.capture {
            #if compiler(>=6.1)
            // Swift 6.0 keeps the async builder nonisolated (an isolated
            // initializer crashes its SILGen), so its closure cannot capture
            // main-actor state there; the fluent steps below work on both.
            await InvocationOrder(exhaustive: true) {
                loads
                await analytics().track(event: "loaded", value: seen.count)
            }
            #endif
            await InvocationOrder()
                .verify(feed) { try await $0.loadFeed() }
                .verify(analytics) { await $0.track(event: Match.any(), value: Match.equal(seen.count)) }
                .verifyNoMoreInteractions()
            await analytics.verifyExactlyInOrder { await $0.track(event: Match.any(), value: Match.any()) }
        }
        #expect(issues.isEmpty)
    }
}

/// A team's own assertion helper: it forwards the caller's location, so a
/// failure points at the test line that called the helper.
private func expectCharged(
    _ gateway: Stub<any PaymentGateway>, amount: Int,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    gateway.verify(
        1...1, { $0.charge(amount: Match.equal(amount)) }, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

/// A team's helper over `verifyNoMoreInteractions`, forwarding the location.
private func expectNoUnverifiedCalls(
    _ gateway: Stub<any PaymentGateway>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    gateway.verifyNoMoreInteractions(fileID: fileID, filePath: filePath, line: line, column: column)
}
