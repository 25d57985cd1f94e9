import Foundation
import TestDoubles
import Testing

// Search-as-you-type: each keystroke cancels the request in flight. The
// doubles park, delay and await cancellation; the tests check what the
// cancelled caller sees and that nothing leaks into the screen.

struct CRSearchHit: Sendable, Equatable {
    var title: String
}

enum CRSearchError: Error, Equatable {
    case aborted
}

protocol CRSearchAPI: Sendable {
    func search(_ query: String) async throws -> [CRSearchHit]
    func suggestions(for prefix: String) async -> [String]
    func prefetch(_ query: String) async
}

struct CRRemoteSearchAPI: CRSearchAPI {
    func search(_ query: String) async throws -> [CRSearchHit] { [] }
    func suggestions(for prefix: String) async -> [String] { [] }
    func prefetch(_ query: String) async {}
}

enum CRRequestContext {
    @TaskLocal static var traceID = "none"
}

@MainActor final class CRSearchModel {
    private let api: any CRSearchAPI
    private var inFlight: Task<Void, Never>?
    private(set) var hits: [CRSearchHit] = []
    private(set) var cancelledQueries: [String] = []

    init(api: any CRSearchAPI) { self.api = api }

    func type(_ query: String) {
        inFlight?.cancel()
        inFlight = Task {
            do {
                let found = try await api.search(query)
                try Task.checkCancellation()
                hits = found
            } catch {
                cancelledQueries.append(query)
            }
        }
    }

    func settle() async { await inFlight?.value }
}

@MainActor @Suite struct RealCodeSearchCancellationTests {
    @Test func aStaleParkedSearchNeverReachesTheScreen() async throws {
        let api = try Stub<any CRSearchAPI>()
        let parked = await api.when { try await $0.search(Match.any()) }.thenSuspend()
        let model = CRSearchModel(api: api())

        model.type("sw")
        #expect(await parked.waitForCall(within: .seconds(10)))
        model.type("swift")  // cancels "sw": its parked call leaves the queue, throwing CancellationError
        await parked.interactions.waitForCompletion(within: .seconds(10))
        #expect(await parked.waitForCall(within: .seconds(10)))
        #expect(parked.pendingCount == 1)
        parked.resume(returning: [CRSearchHit(title: "Swift")])
        await model.settle()

        #expect(model.hits == [CRSearchHit(title: "Swift")])
        #expect(model.cancelledQueries == ["sw"])
        let queries: [String] = parked.interactions.arguments()
        #expect(queries == ["sw", "swift"])
    }

    @Test func aCallAwaitingCancellationThrowsWhenTheCallerGivesUp() async throws {
        let api = try Stub<any CRSearchAPI>()
        let waits = await api.when { try await $0.search(Match.equal("slow")) }.thenAwaitCancellation()
        await api.when { try await $0.search(Match.any()) }.thenReturn([CRSearchHit(title: "fast")])
        let model = CRSearchModel(api: api())

        model.type("slow")
        #expect(await waits.verify(1..., within: .seconds(10)))
        model.type("fast")
        await model.settle()
        #expect(model.hits == [CRSearchHit(title: "fast")])
        #expect(model.cancelledQueries == ["slow"])
        #expect(await waits.waitForCompletion(within: .seconds(10)))
    }

    @Test func aTimeoutRaceCancelsTheLoserThroughTheDouble() async throws {
        let api = try Stub<any CRSearchAPI>()
        await api.when { await $0.suggestions(for: Match.any()) }.thenAwaitCancellation(returning: ["(cancelled)"])
        let suggestions = api()
        let winner = await withTaskGroup(of: [String].self) { group in
            group.addTask { await suggestions.suggestions(for: "sw") }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(20))
                return ["timeout"]
            }
            let first = await group.next() ?? []
            group.cancelAll()
            let second = await group.next() ?? []
            return [first, second]
        }
        #expect(winner == [["timeout"], ["(cancelled)"]])
    }

    @Test func aDelayOnAManualClockEndsAtOnceWhenTheCallerIsCancelled() async throws {
        let api = try Stub<any CRSearchAPI>()
        let clock = ManualStubClock()
        await api.when { try await $0.search(Match.any()) }
            .thenReturn([CRSearchHit(title: "late")], after: .seconds(30), using: clock)
        let search = api()
        let request = Task { try await search.search("rust") }
        await clock.waitForSleepers(atLeast: 1)
        request.cancel()
        await #expect(throws: CancellationError.self) { _ = try await request.value }

        let second = Task { try await search.search("go") }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(30))
        #expect(try await second.value == [CRSearchHit(title: "late")])
    }

    @Test func anAsyncHandlerSeesTheCallersCancellationAndTaskLocals() async throws {
        let api = try Stub<any CRSearchAPI>()
        var observed: [(String, Bool, String)] = []  // main-actor state
        await api.when { await $0.prefetch(Match.any()) }.then { (query: String) async in
            observed.append((query, Task.isCancelled, CRRequestContext.traceID))
        }
        let prefetcher = api()
        await CRRequestContext.$traceID.withValue("trace-1") { await prefetcher.prefetch("live") }
        let cancelled = Task.detached {
            withUnsafeCurrentTask { $0?.cancel() }
            await CRRequestContext.$traceID.withValue("trace-2") { await prefetcher.prefetch("gone") }
        }
        await cancelled.value
        #expect(observed.map(\.0) == ["live", "gone"])
        #expect(observed.map(\.1) == [false, true])
        #expect(observed.map(\.2) == ["trace-1", "trace-2"])
    }

    @Test func aThrowingHandlerChecksCancellationOfTheCaller() async throws {
        let api = try Stub<any CRSearchAPI>()
        await api.when { try await $0.search(Match.any()) }.then { (query: String) async throws -> [CRSearchHit] in
            try Task.checkCancellation()
            return [CRSearchHit(title: query)]
        }
        let search = api()
        let cancelled = Task.detached {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await search.search("never")
        }
        await #expect(throws: CancellationError.self) { _ = try await cancelled.value }
        #expect(try await search.search("kept") == [CRSearchHit(title: "kept")])
    }
}

@MainActor @Suite struct RealCodeResumeThrowingIntoNonThrowingTests {
    @Test func throwingIntoANonThrowingParkedCallIsAnIssueAtTheResumeLineAndTheCallWaits() async throws {
        let api = try Stub<any CRSearchAPI>()
        let parked = await api.when { await $0.suggestions(for: Match.any()) }.thenSuspend()
        let suggestions = api()
        let typing = Task { await suggestions.suggestions(for: "sw") }
        #expect(await parked.waitForCall(within: .seconds(10)))
        let resumeLine = #line + 2
        withKnownIssue {
            parked.resume(throwing: CRSearchError.aborted)
        } matching: { issue in
            issue.sourceLocation?.line == resumeLine && issue.description.contains("cannot throw")
        }
        #expect(parked.pendingCount == 1)
        parked.resume(returning: ["swift", "swiftui"])
        #expect(await typing.value == ["swift", "swiftui"])
    }
}
