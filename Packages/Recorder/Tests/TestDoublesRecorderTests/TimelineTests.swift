import Testing

@testable import TestDoublesRecorder

@Suite struct TimelineTests {
    @Test func timelineListsEveryCallWithItsDispatchAndTiming() throws {
        let analytics = ServiceDouble(name: "analytics")
        analytics.when { $0.track(event: Match.equal("purchase"), value: Match.any()) }.thenDoNothing()
        analytics().track(event: "purchase", value: 42)
        let events = analytics.history.timeline.events
        #expect(events.count == 1)
        let event = events[0]
        #expect(event.requirement == "track(event:value:)")
        #expect(event.arguments == ["\"purchase\"", "42"])
        #expect(event.dispatch == .stubbed)
        #expect(try #require(event.registration).hasPrefix("#1 track("))
        #expect(event.callStack == nil)
        #expect(event.completionSequence != nil)
        #expect(event.duration != nil)
        #expect(analytics.interactionTimeline().events.map(\.id) == events.map(\.id))
        #expect(
            analytics.history.timeline.description.contains(
                "track(event: \"purchase\", value: 42) -> stubbed by registration #1"))
    }

    @Test func historyViewsSeparateForwardedCallsAndReadAsText() {
        let spy = ServiceDouble(name: "spy", forwardingTo: LiveService())
        spy.when { $0.translate(Match.equal("stubbed")) }.thenReturn("canned")
        _ = spy().translate("stubbed")
        _ = spy().translate("real")
        #expect(spy.history.forwarded.callCount == 1)
        #expect(spy.history.stubbed.callCount == 1)
        #expect(spy.history.forwarded.timeline.events.map(\.dispatch) == [.forwarded])
        #expect(spy.history.forwarded.timeline.events.first?.arguments == ["\"real\""])
        #expect(spy.history.description == spy.describeInteractions())
        #expect(spy.history.forwarded.description.contains("1 call(s)"))
        #expect(issues { spy.history.forwarded.verify(1...) }.isEmpty)
        #expect(issues { spy.history.verifyNoMoreInteractions() }.count == 1)
        #expect(issues { spy.history.verify(2...2) }.isEmpty)
        #expect(issues { spy.history.verifyNoMoreInteractions() }.isEmpty)
    }

    @Test func callStacksAreCapturedOnlyOnceAskedFor() {
        let analytics = ServiceDouble()
        let events = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        events.thenDoNothing()
        analytics().track(event: "before", value: 1)
        events.captureCallStacks(maxFrames: 4)
        analytics().track(event: "after", value: 2)
        let stacks = analytics.history.timeline.events.map(\.callStack)
        #expect(stacks[0] == nil)
        let captured = try? #require(stacks[1])
        #expect(captured.map { !$0.isEmpty && $0.count <= 4 } == true)
        analytics.captureCallStacks(maxFrames: 0)
        analytics().track(event: "off", value: 3)
        #expect(analytics.history.timeline.events.last?.callStack == nil)
    }

    @Test func completionOrderFollowsFinishesNotArrivals() async throws {
        let loader = ServiceDouble(name: "loader")
        let slow = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let fast = await loader.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenReturn("token")
        let service = loader
        let slowCall = Task { try await service.loadFeed() }
        await slow.waitForCall(within: .seconds(60))
        _ = try await service.signIn(user: "a", password: "b")
        slow.resume(returning: [])
        _ = try await slowCall.value

        let passing = await issues {
            await InvocationOrder {
                slow
                fast
            }
            CompletionOrder {
                fast
                slow
            }
        }
        #expect(passing.isEmpty)
        let failing = issues {
            CompletionOrder()
                .verify(slow)
                .verify(fast)
        }
        #expect(failing.count == 1)
        let issue = try #require(failing.first)
        #expect(issue.message.contains("CompletionOrder: expected a call of signIn"))
        let finished = loader.history.completionTimeline.events.map(\.requirement)
        #expect(finished == ["signIn(user:password:)", "loadFeed()"])
    }

    @Test func pendingCallsComeLastInTheCompletionTimelineAndMatchNoStep() async throws {
        let loader = ServiceDouble()
        let parked = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let quick = await loader.when { await $0.count() }.thenReturn(3)
        let service = loader
        let call = Task { try await service.loadFeed() }
        await parked.waitForCall(within: .seconds(60))
        _ = await service.count()
        let events = loader.history.completionTimeline.events
        #expect(events.map(\.requirement) == ["count()", "loadFeed()"])
        #expect(events.last?.completedAt == nil)
        let found = issues { CompletionOrder { parked } }
        let issue = try #require(found.first)
        #expect(issue.message.contains("none of its calls has finished (1 recorded)"))
        #expect(quick.timings().count == 1)
        parked.resume(returning: [])
        _ = try? await call.value
    }
}
