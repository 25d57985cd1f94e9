import TestDoubles
import Testing

/// The item loader of the InspectingInteractions article's outcome examples.
protocol SeedItemLoader: Sendable {
    func load(id: Int) async throws -> String
    func preview(id: Int) -> String
}

/// The linked conformer whose witnesses describe the signatures; forwarded to by the spy examples.
struct LiveSeedItemLoader: SeedItemLoader {
    func load(id: Int) async throws -> String { "live-\(id)" }
    func preview(id: Int) -> String { "preview-\(id)" }
}

/// The error the outcome examples throw.
enum SeedLoadError: Error, Equatable {
    case invalidID
}

/// The analytics requirement the history examples count.
protocol SeedInspectedAnalytics: Sendable {
    func track(event: String, value: Int)
}

struct LiveSeedInspectedAnalytics: SeedInspectedAnalytics {
    func track(event: String, value: Int) {}
}

// The InspectingInteractions article's results, outcomes, timings, history,
// timeline and completion-order examples, as a test suite written against
// the seed's API would use them.
@Suite struct SeedInspectionTests {
    @MainActor @Test func resultsErrorsAndTheLastOutcome() async throws {
        let stub = try Stub<any SeedItemLoader>()
        let load = await stub.when { try await $0.load(id: Match.any()) }
        load.then { (id: Int) async throws -> String in
            if id < 0 { throw SeedLoadError.invalidID }
            return "item-\(id)"
        }
        let loader = stub()

        _ = try await loader.load(id: 1)
        _ = try? await loader.load(id: -1)

        #expect(load.results() == ["item-1"])
        #expect(load.errors(ofType: SeedLoadError.self) == [.invalidID])
        guard case .threw(let error)? = load.lastOutcome else {
            Issue.record("the last load should have thrown")
            return
        }
        #expect(error is SeedLoadError)
        #expect(load.timings().count == 2)
        #expect(load.timings().allSatisfy { $0.duration != nil })
    }

    @Test func terminalHandlesInferOrNameTheirResultType() throws {
        let stub = try Stub<any SeedItemLoader>()
        let previews = stub.when { $0.preview(id: Match.any()) }.thenReturn("a", "b")
        _ = stub().preview(id: 1)
        _ = stub().preview(id: 2)
        let read: [String] = previews.results()
        #expect(read == ["a", "b"])
        #expect(previews.results(as: String.self) == ["a", "b"])
        if case .returned("b")? = previews.lastOutcome(as: String.self) {
        } else {
            Issue.record("the last preview should have returned \"b\"")
        }
        #expect(previews.outcomes(as: String.self).count == 2)
    }

    @MainActor @Test func waitForCompletionSynchronizesWithAnAsyncHandler() async throws {
        let stub = try Stub<any SeedItemLoader>()
        let suspension = await stub.when { try await $0.load(id: Match.any()) }.thenSuspend()
        let loader = stub()
        let call = Task { try await loader.load(id: 7) }
        await suspension.waitForCall(within: .seconds(60))
        if case .pending? = suspension.interactions.lastOutcome {
        } else {
            Issue.record("a parked call should be pending")
        }

        suspension.resume(returning: "item-7")
        await suspension.interactions.waitForCompletion(count: 1, within: .seconds(60))
        #expect(suspension.interactions.results() == ["item-7"])
        #expect(try await call.value == "item-7")
    }

    @Test func historyCountsVerifiesAndPrintsTheWholeDouble() throws {
        let stub = try Stub<any SeedInspectedAnalytics>()
        stub.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let analytics = stub()
        analytics.track(event: "add_to_cart", value: 30)
        analytics.track(event: "purchase", value: 42)

        #expect(stub.history.callCount == 2)
        stub.history.verify(2...2)
        let log = stub.history.description
        #expect(log.contains("track(event: \"add_to_cart\", value: 30)"))
        #expect(log.contains("track(event: \"purchase\", value: 42)"))
        let timeline = stub.history.timeline
        #expect(timeline.events.map(\.arguments) == [["\"add_to_cart\"", "30"], ["\"purchase\"", "42"]])
        #expect(stub.interactionTimeline().events.map(\.id) == timeline.events.map(\.id))
        stub.verifyNoMoreInteractions()
    }

    @Test func spyHistorySeparatesForwardedFromStubbedCalls() throws {
        let spy = try Spy<any SeedItemLoader>(forwardingTo: LiveSeedItemLoader())
        spy.when { $0.preview(id: Match.equal(1)) }.thenReturn("canned")
        #expect(spy().preview(id: 1) == "canned")
        #expect(spy().preview(id: 2) == "preview-2")

        spy.history.forwarded.verify(1...)
        spy.history.stubbed.verify()
        #expect(spy.history.forwarded.timeline.events.map(\.dispatch) == [.forwarded])
        if case .forwarded? = spy.history.forwarded.interactions.lastOutcome {
        } else {
            Issue.record("a forwarded call's outcome should be .forwarded")
        }
    }

    @Test func completionOrderDiffersFromInvocationOrder() async throws {
        let stub = try Stub<any SeedItemLoader>()
        let slowLoad = await stub.when { try await $0.load(id: Match.equal(1)) }.thenSuspend()
        let fastLoad = await stub.when { try await $0.load(id: Match.equal(2)) }.thenReturn("fast")
        let loader = stub()
        let slow = Task { try await loader.load(id: 1) }
        await slowLoad.waitForCall(within: .seconds(60))
        _ = try await loader.load(id: 2)
        slowLoad.resume(returning: "slow")
        _ = try await slow.value

        InvocationOrder {
            slowLoad
            fastLoad
        }
        CompletionOrder {
            fastLoad
            slowLoad
        }
        let finished = stub.history.completionTimeline.events.map(\.arguments)
        #expect(finished == [["2"], ["1"]])
    }

    @Test func callStacksAreOptIn() throws {
        let stub = try Stub<any SeedInspectedAnalytics>()
            .captureCallStacks(maxFrames: 16)
        stub.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        stub().track(event: "purchase", value: 42)
        let stack = try #require(stub.history.timeline.events.first?.callStack)
        #expect(!stack.isEmpty && stack.count <= 16)
    }
}
