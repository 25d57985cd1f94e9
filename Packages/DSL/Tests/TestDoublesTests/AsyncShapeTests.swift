import TestDoubles
import Testing

protocol FeedLoader: Sendable {
    func loadFeed() async throws -> [String]
}

struct RemoteFeedLoader: FeedLoader {
    func loadFeed() async throws -> [String] { [] }
}

protocol AsyncCalculator: Sendable {
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> Double
    func five(_ seed: Int) async throws -> FiveWords
    func parse(_ text: String) async throws(ParseError) -> Int
}

struct LiveAsyncCalculator: AsyncCalculator {
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> Double { 0 }
    func five(_ seed: Int) async throws -> FiveWords { FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0) }
    func parse(_ text: String) async throws(ParseError) -> Int { 0 }
}

/// The README's view model: retries a failing load.
actor FeedViewModel {
    let loader: any FeedLoader
    private(set) var posts: [String] = []
    private(set) var retryCount = 0
    private(set) var isLoading = false

    init(loader: any FeedLoader) { self.loader = loader }

    func refresh() async {
        isLoading = true
        defer { isLoading = false }
        while true {
            do {
                posts = try await loader.loadFeed()
                return
            } catch {
                retryCount += 1
                if retryCount > 5 { return }
            }
        }
    }
}

struct NetworkError: Error, Equatable {
    var code: Int
}

@Suite struct AsyncShapeTests {
    @Test func failureAndRecoveryChain() async throws {
        let loader = try Stub<any FeedLoader>()

        let loads = await loader.when { try await $0.loadFeed() }
            .thenThrow(NetworkError(code: 1))
            .thenThrow(NetworkError(code: 2))
            .thenReturn(["Hello, world"])

        let feed = FeedViewModel(loader: loader())
        await feed.refresh()

        #expect(await feed.posts == ["Hello, world"])
        #expect(await feed.retryCount == 2)
        loads.verify(3...3)
    }

    @Test func suspendAndResume() async throws {
        let loader = try Stub<any FeedLoader>()
        let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()

        let feed = FeedViewModel(loader: loader())
        let refresh = Task { await feed.refresh() }

        await suspension.waitForCall(within: .seconds(60))
        #expect(await feed.isLoading)
        suspension.interactions.verify(1...1)

        suspension.resume(returning: ["Hello, world"])
        await refresh.value
        #expect(await feed.isLoading == false)
        #expect(await feed.posts == ["Hello, world"])
    }

    @Test func eightIntegersAndTenDoublesAsync() async throws {
        let stub = try Stub<any AsyncCalculator>()
        let pattern = await stub.when {
            await $0.wide(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any())
        }
        pattern.then {
            (
                i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, d0: Double, d1: Double,
                d2: Double, d3: Double, d4: Double, d5: Double, d6: Double, d7: Double, d8: Double, d9: Double
            ) -> Double in
            weightedSum([i0, i1, i2, i3, i4, i5, i6, i7], [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9])
        }
        let value = await stub().wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        #expect(value == weightedSum(Array(1...8), (0..<10).map { Double($0) + 0.5 }))
        // Twice more: a wrong callee-popped byte count would corrupt the caller's stack by now.
        let again = await stub().wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        #expect(again == value)
        let recorded = stub.recorder.invocations.map(\.arguments)
        #expect(recorded.count == 2)
        #expect(recorded.first?[17] as? Double == 9.5)
    }

    @Test func indirectResultAndErrorsAsync() async throws {
        let stub = try Stub<any AsyncCalculator>()
        await stub.when { try await $0.five(Match.equal(-1)) }.thenThrow(NetworkError(code: -1))
        let fives = await stub.when { try await $0.five(Match.any()) }
        fives.then { (seed: Int) in FiveWords(a: seed, b: seed * 2, c: seed * 3, d: seed * 4, e: seed * 5) }
        #expect(try await stub().five(2) == FiveWords(a: 2, b: 4, c: 6, d: 8, e: 10))
        await #expect(throws: NetworkError(code: -1)) { try await stub().five(-1) }
        #expect(fives.arguments() == [2, -1])  // a pattern observes every matching call
    }

    @Test func typedThrowsAsync() async throws {
        let stub = try Stub<any AsyncCalculator>()
        let parses = await stub.when { try await $0.parse(Match.any()) }
        parses.thenThrow(ParseError(code: 9)).thenReturn(5)
        do {
            _ = try await stub().parse("a")
            Issue.record("expected a ParseError")
        } catch {
            #expect(error == ParseError(code: 9))
        }
        #expect(try await stub().parse("b") == 5)
        #expect(parses.arguments() == ["a", "b"])
    }

    @Test func concurrentCallsAcrossTasks() async throws {
        let stub = try Stub<any FeedLoader>()
        await stub.when { try await $0.loadFeed() }.thenReturn(["x"])
        let loader = stub()
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<200 { group.addTask { try await loader.loadFeed() } }
            var all: [[String]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0 == ["x"] })
        await stub.verify(200...200) { try await $0.loadFeed() }
    }
}
