import Testing

@testable import TestDoublesRecorder

@Suite struct InspectionTests {
    @Test func resultsErrorsAndOutcomesFollowArrivalOrder() async throws {
        let loader = ServiceDouble(name: "loader")
        let signIn = await loader.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
        signIn.then { (user: String) async throws -> String in
            if user.isEmpty { throw ServiceError.denied }
            return "token-\(user)"
        }
        let service = loader()
        _ = try await service.signIn(user: "ann", password: "x")
        _ = try? await service.signIn(user: "", password: "x")
        _ = try await service.signIn(user: "bob", password: "y")

        #expect(signIn.results() == ["token-ann", "token-bob"])
        #expect(signIn.errors(ofType: ServiceError.self) == [.denied])
        #expect(signIn.errors().count == 1)
        let outcomes = signIn.outcomes()
        #expect(outcomes.count == 3)
        if case .threw(let error) = outcomes[1] {
            #expect(error as? ServiceError == .denied)
        } else {
            Issue.record("expected the second call to have thrown, got \(outcomes[1])")
        }
        guard case .returned(let last)? = signIn.lastOutcome else {
            Issue.record("expected the last call to have returned")
            return
        }
        #expect(last == "token-bob")
    }

    @Test func terminalHandlesReadTheirResultType() throws {
        let double = ServiceDouble()
        let fetches = double.when { try $0.fetch(id: Match.any()) }.thenReturn("a", times: 1...).interactions
        _ = try double().fetch(id: 1)
        _ = try double().fetch(id: 2)
        let typed: [String] = fetches.results()
        #expect(typed == ["a", "a"])
        #expect(fetches.results(as: String.self) == ["a", "a"])
        #expect(fetches.results(as: Int.self).isEmpty)
        if case .unavailable? = fetches.lastOutcome(as: Int.self) {
        } else {
            Issue.record("a result read as the wrong type must be unavailable")
        }
        if case .returned("a")? = fetches.lastOutcome(as: String.self) {
        } else {
            Issue.record("expected the last fetch to have returned \"a\"")
        }
        #expect(fetches.outcomes(as: String.self).count == 2)
    }

    @Test func aTerminalsPatternReadsTypedResultsAsItsInteractionsDo() throws {
        // The seed's range-count terminals give back interactions; ours the
        // pattern: the typed reads must work on what the terminal returned.
        let double = ServiceDouble()
        let fetches = double.when { try $0.fetch(id: Match.any()) }.thenReturn("a", times: 1...)
        _ = try double().fetch(id: 1)
        let untyped: [String] = fetches.results()
        #expect(untyped == ["a"])
        #expect(fetches.results(as: String.self) == ["a"])
        #expect(fetches.results(as: Int.self).isEmpty)
        #expect(fetches.outcomes(as: String.self).count == 1)
        if case .returned("a")? = fetches.lastOutcome(as: String.self) {
        } else {
            Issue.record("expected the fetch to have returned \"a\"")
        }
        if case .unavailable? = fetches.lastOutcome(as: Int.self) {
        } else {
            Issue.record("a result read as the wrong type must be unavailable")
        }
    }

    @Test func scalarLaneCallsKeepTheirAnswers() {
        let gauge = GaugeDouble()
        let adds = gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(7)
        gauge.when { $0.reset() }.thenDoNothing()
        _ = gauge().add(1, true)
        gauge().reset()
        _ = gauge().add(2, false)
        #expect(adds.results() == [7, 7])
        let timings = adds.timings()
        #expect(timings.count == 2)
        #expect(timings.allSatisfy { $0.completedAt != nil && $0.duration != nil })
        #expect(timings[0].id < timings[1].id)
        #expect(gauge.history.interactions.outcomes().count == 3)
    }

    @Test func pendingCallsHaveNoCompletionUntilTheyFinish() async throws {
        let loader = ServiceDouble()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let service = loader
        let refresh = Task { try await service.loadFeed() }
        #expect(await suspension.waitForCall(within: .seconds(60)))

        let pattern = suspension.interactions
        if case .pending? = pattern.lastOutcome {
        } else {
            Issue.record("a parked call must be pending")
        }
        #expect(pattern.timings().first?.completedAt == nil)
        #expect(pattern.timings().first?.duration == nil)

        suspension.resume(returning: ["Hello, world"])
        #expect(await pattern.waitForCompletion(within: .seconds(60)))
        #expect(try await refresh.value == ["Hello, world"])
        #expect(pattern.results() == [["Hello, world"]])
        let timing = try #require(pattern.timings().first)
        let completed = try #require(timing.completedAt)
        #expect(completed >= timing.startedAt)
        #expect(timing.duration == completed - timing.startedAt)
    }

    @Test func waitForCompletionTimesOutWithAnIssueAndVerifiesNothing() async throws {
        let loader = ServiceDouble()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let service = loader
        let call = Task { try await service.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        let found = await issues {
            await suspension.interactions.waitForCompletion(within: .milliseconds(20))
        }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("0 finished and 1 still pending"))
        suspension.resume(returning: [])
        _ = try? await call.value
        let unverified = issues { loader.verifyNoMoreInteractions() }
        #expect(unverified.count == 1)
    }

    @Test func clearingForgetsCompletionsAndLateFinishesRecordNothing() async throws {
        let loader = ServiceDouble()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
        let service = loader
        let call = Task { try await service.loadFeed() }
        await suspension.waitForCall(within: .seconds(60))
        loader.clearRecordedInvocations()
        suspension.resume(returning: ["late"])
        #expect(try await call.value == ["late"])
        #expect(suspension.interactions.outcomes().isEmpty)
    }
}

@Suite struct StreamClockTests {
    @Test func streamTimeoutFollowsTheInjectedClock() async {
        let analytics = ServiceDouble()
        let events = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        events.thenDoNothing()
        let stream: InvocationStream<(String, Int)> = events.stream()
        let clock = ManualStubClock()
        let waiting = Task {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next(within: .seconds(3600), using: clock) == nil
        }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(3600))
        #expect(await waiting.value)

        analytics().track(event: "seen", value: 1)
        var iterator = stream.makeAsyncIterator()
        let next = await iterator.next(within: .seconds(60), using: clock)
        #expect(next?.0 == "seen")
    }
}

@Suite struct CountedAsyncThenTests {
    @Test func asyncHandlersServeTheirCountThenTheNextStep() async throws {
        let loader = ServiceDouble()
        let loads = await loader.when { try await $0.loadFeed() }
            .then(times: 2) { () async throws -> [String] in throw ServiceError.offline }
            .thenReturn(["Hello, world"])
        let service = loader()
        await #expect(throws: ServiceError.offline) { try await service.loadFeed() }
        await #expect(throws: ServiceError.offline) { try await service.loadFeed() }
        #expect(try await service.loadFeed() == ["Hello, world"])
        #expect(loads.errors().count == 2)
        #expect(loads.results() == [["Hello, world"]])

        let counts = ServiceDouble()
        await counts.when { await $0.count() }.then(times: 1...) { () async -> Int in 5 }
        #expect(await counts().count() == 5)
        #expect(await counts().count() == 5)
    }
}
