import Synchronization
import TestDoubles
import Testing

// `isolated` parameters: the Swift 6 way to run a requirement on its caller's actor
// (`isolation: isolated (any Actor)? = #isolation` in the conformer or an extension).
// They were refused at construction ("unsupported parameter attribute Isolated").

protocol IsolatedPageLoader: Sendable {
    func load(page: Int, isolation: isolated (any Actor)?) async -> [String]
    func tick(on actor: isolated any Actor) -> Int
    func reload(isolation: isolated (any Actor)?, observer: (Int) -> Void) async throws
}

extension IsolatedPageLoader {
    func load(page: Int, isolation: isolated (any Actor)? = #isolation) async -> [String] {
        await load(page: page, isolation: isolation)
    }
}

actor IsolatedPageCounter {
    var ticks = 0
    func bump() { ticks += 1 }
}

struct LiveIsolatedPageLoader: IsolatedPageLoader {
    let counter: IsolatedPageCounter
    func load(page: Int, isolation: isolated (any Actor)?) async -> [String] {
        isolation?.assertIsolated()
        await counter.bump()
        return ["live page \(page) of a longer listing"]
    }
    func tick(on actor: isolated any Actor) -> Int { 7 }
    func reload(isolation: isolated (any Actor)?, observer: (Int) -> Void) async throws {
        observer(3)
    }
}

@Suite struct IsolatedParameterShapeTests {
    @Test @MainActor func aStubAnswersAnIsolatedRequirementFromTheMainActorAndRecordsTheActor() async throws {
        let stub = try Stub<any IsolatedPageLoader>()
        await stub.when { await $0.load(page: Match.any(), isolation: Match.any()) }.then {
            (page: Int, isolation: (any Actor)?) in
            ["page \(page) on \(isolation.map { String(describing: type(of: $0)) } ?? "no actor"), long enough"]
        }
        let loader: any IsolatedPageLoader = stub()
        #expect(await loader.load(page: 2) == ["page 2 on MainActor, long enough"])
        #expect(await loader.load(page: 3, isolation: nil) == ["page 3 on no actor, long enough"])
        let actors: [(Int, (any Actor)?)] = await stub.when { await $0.load(page: Match.any(), isolation: Match.any()) }
            .arguments()
        #expect(actors.map(\.0) == [2, 3])
        #expect(actors[0].1 === MainActor.shared)
        #expect(actors[1].1 == nil)

        await stub.when { await $0.tick(on: Match.any(using: MainActor.shared)) }.thenReturn(41)
        #expect(await loader.tick(on: MainActor.shared) == 41)
        await stub.verify(.exactly(1)) { await $0.tick(on: Match.any(using: MainActor.shared)) }
        let counter = IsolatedPageCounter()
        #expect(await loader.tick(on: counter) == 41)
        await stub.verify(.exactly(2)) { await $0.tick(on: Match.any(using: MainActor.shared)) }
    }

    @Test func aThrowingIsolatedRequirementHandsTheHandlerTheActorItWasGiven() async throws {
        let stub = try Stub<any IsolatedPageLoader>()
        let counter = IsolatedPageCounter()
        await stub.when { try await $0.reload(isolation: Match.any(), observer: Match.any()) }.then {
            (isolation: (any Actor)?, observer: @escaping (Int) -> Void) in
            observer(isolation === counter ? 11 : -1)
        }
        let seen = Mutex<[Int]>([])
        try await stub().reload(isolation: counter) { value in seen.withLock { $0.append(value) } }
        #expect(seen.withLock { $0 } == [11])
    }

    @Test func aSpyForwardsTheActorSoTheRealRequirementRunsOnIt() async throws {
        let counter = IsolatedPageCounter()
        let spy = try Spy<any IsolatedPageLoader>(forwardingTo: LiveIsolatedPageLoader(counter: counter))
        let loader: any IsolatedPageLoader = spy()
        #expect(await loader.load(page: 5, isolation: counter) == ["live page 5 of a longer listing"])
        #expect(await counter.ticks == 1)
        await spy.verify(.exactly(1)) { await $0.load(page: Match.equal(5), isolation: Match.any()) }
    }
}
