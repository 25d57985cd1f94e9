import TestDoubles
import Testing

/// Async typed-throwing closures as requirement arguments, results and properties.
protocol TypedFetcher: Sendable {
    func retry(_ attempt: @escaping @Sendable (Int) async throws(ParseFailure) -> Int) async -> Int
    func load(_ body: @escaping (String) async throws(WideFailure) -> String) async throws(WideFailure) -> String
    func schedule(_ job: @escaping @Sendable () async throws(EmptyFailure) -> Void)
    func makeFetcher(prefix: String) -> @Sendable (Int) async throws(ParseFailure) -> String
    func makeOptional() -> (@Sendable (Double) async throws(RatioFailure) -> Double)?
    var refresher: @Sendable () async throws(WideFailure) -> Int { get set }
}

final class LiveTypedFetcher: TypedFetcher, @unchecked Sendable {
    var refresher: @Sendable () async throws(WideFailure) -> Int = { 1 }
    var scheduled: [@Sendable () async throws(EmptyFailure) -> Void] = []
    func retry(_ attempt: @escaping @Sendable (Int) async throws(ParseFailure) -> Int) async -> Int {
        do { return try await attempt(3) } catch { return -error.line }
    }
    func load(_ body: @escaping (String) async throws(WideFailure) -> String) async throws(WideFailure) -> String {
        try await body("live")
    }
    func schedule(_ job: @escaping @Sendable () async throws(EmptyFailure) -> Void) { scheduled.append(job) }
    func makeFetcher(prefix: String) -> @Sendable (Int) async throws(ParseFailure) -> String {
        { (id: Int) async throws(ParseFailure) -> String in
            guard id >= 0 else { throw ParseFailure(line: id) }
            return prefix + "\(id)"
        }
    }
    func makeOptional() -> (@Sendable (Double) async throws(RatioFailure) -> Double)? { nil }
}

/// A fetcher that fails on ids below 1, with the negated id as the line.
func makeNumberedFetcher(_ prefix: String) -> @Sendable (Int) async throws(ParseFailure) -> String {
    { @Sendable (id: Int) async throws(ParseFailure) -> String in
        guard id > 0 else { throw ParseFailure(line: -id) }
        return "\(prefix)#\(id)"
    }
}

@Suite struct AsyncTypedThrowingClosureShapeTests {
    @Test func aHandlerAwaitsAnAsyncTypedThrowingArgumentAndCatchesItsError() async throws {
        let stub = try Stub<any TypedFetcher>()
        let retries = await stub.when { await $0.retry(Match.any()) }
        // The pack crash of typed-throwing function types (TypedThrowingClosureShapeTests): handlers take Any.
        retries.then { (attempt: Any) async in
            guard let attempt = attempt as? @Sendable (Int) async throws(ParseFailure) -> Int else { return -1 }
            do throws(ParseFailure) { return try await attempt(5) * 10 } catch { return error.line }
        }
        let fetcher = stub()
        #expect(await fetcher.retry { $0 + 1 } == 60)
        #expect(await fetcher.retry { (n) async throws(ParseFailure) in throw ParseFailure(line: n + 100) } == 105)
        let kept = retries.invocations.compactMap {
            $0.arguments.first as? @Sendable (Int) async throws(ParseFailure) -> Int
        }
        #expect(kept.count == 2)
        #expect(try await kept[0](1) == 2)
        await #expect(throws: ParseFailure(line: 107)) { try await kept[1](7) }
    }

    @Test func aWideErrorOfANonSendableClosureTravelsThroughTheCallersBuffer() async throws {
        let stub = try Stub<any TypedFetcher>()
        await stub.when { try await $0.load(Match.any()) }.then { (body: Any) async throws in
            guard let body = body as? (String) async throws(WideFailure) -> String else { return "" }
            return try await body("stub") + "!"
        }
        let fetcher = stub()
        let counter = RunCounter()
        #expect(try await fetcher.load { "\($0)\(counter.next())" } == "stub1!")
        let failure = WideFailure(a: 1, b: 2, c: 3, d: 4, e: "wide")
        await #expect(throws: failure) { try await fetcher.load { _ async throws(WideFailure) in throw failure } }
    }

    @Test func aSyncRequirementStoresAnAsyncTypedThrowingClosureCalledLater() async throws {
        let stub = try Stub<any TypedFetcher>()
        let schedules = stub.when { $0.schedule(Match.any()) }
        schedules.thenDoNothing()
        let inbox = Inbox()
        stub().schedule { () async throws(EmptyFailure) in await inbox.append("ran") }
        stub().schedule { () async throws(EmptyFailure) in throw EmptyFailure() }
        let jobs = schedules.invocations.compactMap {
            $0.arguments.first as? @Sendable () async throws(EmptyFailure) -> Void
        }
        #expect(jobs.count == 2)
        try await jobs[0]()
        #expect(await inbox.items == ["ran"])
        await #expect(throws: EmptyFailure()) { try await jobs[1]() }
    }

    @Test func stubbedAsyncTypedThrowingResultsReturnAndThrow() async throws {
        let stub = try Stub<any TypedFetcher>()
        // A closure literal of a typed-throwing type inside a handler crashes Swift 6.3.1's SILGen: a function makes it.
        stub.when { $0.makeFetcher(prefix: Match.any()) }.then { (prefix: String) in makeNumberedFetcher(prefix) }
        let halve: @Sendable (Double) async throws(RatioFailure) -> Double = { value async throws(RatioFailure) in
            guard value != 0 else { throw RatioFailure(ratio: 0.5) }
            return value / 2
        }
        stub.when { $0.makeOptional() }.thenReturn(halve)
        let fetcher = stub()
        let fetch = fetcher.makeFetcher(prefix: "item")
        #expect(try await fetch(7) == "item#7")
        await #expect(throws: ParseFailure(line: 3)) { try await fetch(-3) }
        let optional = try #require(fetcher.makeOptional())
        #expect(try await optional(3) == 1.5)
        await #expect(throws: RatioFailure(ratio: 0.5)) { try await optional(0) }
    }

    @Test func anAsyncTypedThrowingPropertyGetsAndSets() async throws {
        let stub = try Stub<any TypedFetcher>()
        let refresh: @Sendable () async throws(WideFailure) -> Int = { () async throws(WideFailure) in
            throw WideFailure(a: 0, b: 0, c: 0, d: 0, e: "stale")
        }
        stub.when { $0.refresher }.thenReturn(refresh)
        let sets = stub.whenSet { $0.refresher = Match.any() }
        sets.thenDoNothing()
        var fetcher = stub()
        await #expect(throws: WideFailure(a: 0, b: 0, c: 0, d: 0, e: "stale")) { try await fetcher.refresher() }
        fetcher.refresher = { () async throws(WideFailure) in 42 }
        let stored = sets.invocations.compactMap {
            $0.arguments.first as? @Sendable () async throws(WideFailure) -> Int
        }
        #expect(stored.count == 1)
        #expect(try await stored[0]() == 42)
    }

    @Test func aSpyForwardsAsyncTypedThrowingClosuresBothWays() async throws {
        let real = LiveTypedFetcher()
        let spy = try Spy<any TypedFetcher>(forwardingTo: real)
        var fetcher = spy()
        #expect(await fetcher.retry { $0 * 2 } == 6)
        #expect(await fetcher.retry { (n) async throws(ParseFailure) in throw ParseFailure(line: n) } == -3)
        #expect(try await fetcher.load { "\($0)!" } == "live!")
        let wide = WideFailure(a: 9, b: 8, c: 7, d: 6, e: "spy")
        await #expect(throws: wide) { try await fetcher.load { _ async throws(WideFailure) in throw wide } }
        fetcher.schedule { () async throws(EmptyFailure) in throw EmptyFailure() }
        await #expect(throws: EmptyFailure()) { try await real.scheduled.first?() }
        let fetch = fetcher.makeFetcher(prefix: "p")
        #expect(try await fetch(4) == "p4")
        await #expect(throws: ParseFailure(line: -1)) { try await fetch(-1) }
        fetcher.refresher = { () async throws(WideFailure) in throw wide }
        await #expect(throws: wide) { try await real.refresher() }
        await #expect(throws: wide) { try await fetcher.refresher() }
        #expect(fetcher.makeOptional() == nil)
        await spy.verify(.exactly(2)) { await $0.retry(Match.any()) }
    }
}
