import StressSupport
import TestDoubles
import Testing

// Global-actor function types and protocols constrained to `Actor` (issue 19).

struct Item: Equatable, Sendable {
    var id: Int
}

typealias ItemCompletion = @MainActor @Sendable (Result<Item, Error>) -> Void

protocol ItemLoading {
    func load(id: Int, completion: @escaping ItemCompletion)
    func formatter() -> @MainActor @Sendable (Int) -> String
    var onItem: (@MainActor @Sendable (Item) -> Void)? { get }
}

struct LiveItemLoading: ItemLoading {
    func load(id: Int, completion: @escaping ItemCompletion) {}
    func formatter() -> @MainActor @Sendable (Int) -> String { { "live \($0)" } }
    var onItem: (@MainActor @Sendable (Item) -> Void)? { nil }
}

protocol ItemCache: Actor {
    func value(for key: String) -> Int?
    func store(_ value: Int, for key: String)
}

actor LiveItemCache: ItemCache {
    private var values: [String: Int] = [:]
    func value(for key: String) -> Int? { values[key] }
    func store(_ value: Int, for key: String) { values[key] = value }
}

@Suite struct ActorShapeTests {
    @Test @MainActor func aMainActorCompletionReachesTheHandlerAndRunsOnTheMainActor() throws {
        let stub = try Stub<any ItemLoading>()
        let placeholder: ItemCompletion = { _ in }
        let loads = stub.when { $0.load(id: Match.any(), completion: Match.any(using: placeholder)) }
        loads.thenDoNothing()
        stub().load(id: 4) { result in
            MainActor.assertIsolated()
            #expect((try? result.get()) == Item(id: 4))
        }
        let recorded: [(Int, ItemCompletion)] = loads.arguments()
        #expect(recorded.count == 1)
        var delivered: [Int] = []
        let completion = try #require(recorded.first?.1)
        stub().load(id: 5) { result in delivered.append((try? result.get())?.id ?? -1) }
        let second: [(Int, ItemCompletion)] = loads.arguments()
        second.last?.1(.success(Item(id: 5)))
        completion(.success(Item(id: 4)))
        #expect(delivered == [5])
    }

    @Test @MainActor func mainActorClosureResultsAndOptionalProperties() throws {
        let stub = try Stub<any ItemLoading>()
        stub.when(returning: { @MainActor @Sendable (value: Int) in "" }) { $0.formatter() }
            .thenReturn({ @MainActor @Sendable (value: Int) in "stub \(value)" })
        #expect(stub().formatter()(3) == "stub 3")
        let seen = ReliabilityCounter()
        stub.when { $0.onItem }.thenReturn({ @MainActor @Sendable (_: Item) in seen.increment() })
        stub().onItem?(Item(id: 1))
        #expect(seen.value == 1)

        let spy = try Spy<any ItemLoading>(forwardingTo: LiveItemLoading())
        #expect(spy().formatter()(2) == "live 2")
    }

    @Test func anActorProtocolIsServedThroughItsExecutor() async throws {
        let cache = try Stub<any ItemCache>()
        await cache.when { await $0.value(for: Match.equal("a")) }.thenReturn(1)
        let stores = await cache.when { await $0.store(Match.any(), for: Match.any()) }
        stores.thenDoNothing()
        let sut: any ItemCache = cache()
        #expect(await sut.value(for: "a") == 1)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 { group.addTask { await sut.store(index, for: "k\(index)") } }
        }
        let stored: [(Int, String)] = stores.arguments()
        #expect(stored.map(\.0).sorted() == Array(0..<20))
        // The executor requirement is how callers reach the actor, not a call the test made.
        #expect(cache.recorder.invocations.allSatisfy { !$0.requirement.name.contains("unownedExecutor") })
    }

    @Test func anActorSpyForwardsOnTheRealActor() async throws {
        let live = LiveItemCache()
        let spy = try Spy<any ItemCache>(forwardingTo: live)
        let sut: any ItemCache = spy()
        await sut.store(7, for: "seven")
        #expect(await live.value(for: "seven") == 7)
        #expect(await sut.value(for: "seven") == 7)
    }
}
