import Foundation
import TestDoubles
import Testing

// Services as Swift 6 code uses them concurrently: an `Actor`-refining protocol
// doubled and called from another actor, `some` parameters, an `isolated`
// parameter, a `sending` result, an isolated conformance as the only
// conformer, parallel test cases each calling its own double from 200 tasks,
// and `verify(within:)` waiting for detached work.

protocol SWCartStore: Actor {
    func add(_ sku: String, quantity: Int) async
    func total() async -> Decimal
    var count: Int { get async }
}

actor SWLiveCartStore: SWCartStore {
    var items: [String: Int] = [:]
    func add(_ sku: String, quantity: Int) async { items[sku, default: 0] += quantity }
    func total() async -> Decimal { Decimal(items.count) }
    var count: Int { items.count }
}

protocol SWUploader: Sendable {
    func upload(_ item: some Encodable & Sendable, to path: String) async throws -> Int
    func run(on actor: isolated any Actor, _ label: String) -> String
    func make() async -> sending [String]
}

struct SWLiveUploader: SWUploader {
    func upload(_ item: some Encodable & Sendable, to path: String) async throws -> Int {
        try JSONEncoder().encode(item).count
    }
    func run(on actor: isolated any Actor, _ label: String) -> String { label }
    func make() async -> sending [String] { [] }
}

#if compiler(>=6.2)
protocol SWScreenTracker {
    func screen(_ name: String) -> Int
    func flush() async -> Bool
}

@MainActor final class SWLiveScreenTracker {}
extension SWLiveScreenTracker: @MainActor SWScreenTracker {
    func screen(_ name: String) -> Int { name.count }
    func flush() async -> Bool { true }
}
#endif

actor SWCheckout {
    let store: any SWCartStore
    init(store: any SWCartStore) { self.store = store }
    func buy(_ skus: [String]) async -> Decimal {
        for sku in skus { await store.add(sku, quantity: 1) }
        return await store.total()
    }
}

protocol SWRateLimiter: Sendable {
    func allow(_ key: String) -> Bool
    func wait(_ key: String) async throws
}

struct SWLiveRateLimiter: SWRateLimiter {
    func allow(_ key: String) -> Bool { true }
    func wait(_ key: String) async throws {}
}

@Suite struct RealCodeConcurrentServiceTests {
    @Test func actorProtocolStubUsedFromAnotherActor() async throws {
        let store = try Stub<any SWCartStore>()
        await store.when { await $0.add(Match.any(), quantity: Match.any()) }.thenReturn(())
        await store.when { await $0.total() }.thenReturn(Decimal(string: "12.50")!)
        await store.when { await $0.count }.thenReturn(2)
        let checkout = SWCheckout(store: store())
        let total = await checkout.buy(["a", "b", "c"])
        #expect(total == Decimal(string: "12.50")!)
        #expect(await store().count == 2)
        await store.verify(3...3) { await $0.add(Match.any(), quantity: Match.equal(1)) }
        let skus: [(String, Int)] = await store.when { await $0.add(Match.any(), quantity: Match.any()) }.arguments()
        #expect(skus.map(\.0) == ["a", "b", "c"])
    }

    @Test func someParametersIsolatedParameterAndSendingResult() async throws {
        let uploader = try Stub<any SWUploader>()
        await uploader.when { try await $0.upload(Match.any() as String, to: Match.any()) }.thenReturn(5)
        await uploader.when { try await $0.upload(Match.any() as Int, to: Match.any()) }.thenReturn(6)
        await uploader.when { await $0.make() }.thenReturn(["x", "y"])
        let service: any SWUploader = uploader()
        #expect(try await service.upload("hello", to: "/a") == 5)
        #expect(try await service.upload(42, to: "/b") == 6)
        #expect(await service.make() == ["x", "y"])
        let paths: [(String, String)] = await uploader.when {
            try await $0.upload(Match.any() as String, to: Match.any())
        }.arguments()
        #expect(paths.count == 1 && paths[0].0 == "hello" && paths[0].1 == "/a")
    }

    @Test func isolatedParameterRequirement() async throws {
        let uploader = try Stub<any SWUploader>()
        let actor = SWCounterActor()
        await uploader.when { await $0.run(on: Match.any(), Match.any()) }.thenReturn("ran")
        let service: any SWUploader = uploader()
        let got = await actor.call(service)
        #expect(got == "ran")
    }

    #if compiler(>=6.2)
    @Test func isolatedConformanceIsTheOnlyConformer() async throws {
        let tracker = try Stub<any SWScreenTracker>()
        tracker.when { $0.screen(Match.any()) }.thenReturn(9)
        await tracker.when { await $0.flush() }.thenReturn(false)
        let service: any SWScreenTracker = tracker()
        #expect(service.screen("home") == 9)
        #expect(await service.flush() == false)
        tracker.verify { $0.screen("home") }
    }
    #endif

    @Test(arguments: 0..<8) func parallelConstructionAndCalls(seed: Int) async throws {
        let limiter = try Stub<any SWRateLimiter>()
        limiter.when { $0.allow("k\(seed)") }.thenReturn(true)
        limiter.when { $0.allow(Match.any()) }.thenReturn(false)
        await limiter.when { try await $0.wait(Match.any()) }.thenReturn(())
        let service: any SWRateLimiter = limiter()
        let allowed = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try? await service.wait("w\(index)")
                    return service.allow(index % 2 == 0 ? "k\(seed)" : "other")
                }
            }
            var count = 0
            for await value in group where value { count += 1 }
            return count
        }
        #expect(allowed == 100)
        limiter.verify(100...100) { $0.allow("k\(seed)") }
        limiter.verify(200...200) { $0.allow(Match.any()) }
        await limiter.verify(200...200) { try await $0.wait(Match.any()) }
    }

    @Test func verifyWithinWaitsForDetachedWork() async throws {
        let limiter = try Stub<any SWRateLimiter>()
        limiter.when { $0.allow(Match.any()) }.thenReturn(true)
        let service: any SWRateLimiter = limiter()
        Task.detached {
            try? await Task.sleep(for: .milliseconds(20))
            _ = service.allow("late")
        }
        await limiter.verify(within: .seconds(5)) { $0.allow("late") }
    }
}

actor SWCounterActor {
    func call(_ service: any SWUploader) -> String { service.run(on: self, "x") }
}
