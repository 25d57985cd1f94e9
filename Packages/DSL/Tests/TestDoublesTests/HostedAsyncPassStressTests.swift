import TestDoubles
import Testing

/// Async requirements whose results hold closures: a double of this
/// protocol records every pass on a host (its placeholder closures park).
protocol AsyncClosureSource: Sendable {
    var transform: @Sendable (inout Int) -> Int { get async }
    func handler(_ offset: Int) async -> @Sendable (Int) -> Int
    func checked(_ name: String) async throws -> @Sendable (String) -> Int
    func count() async -> Int
}

struct LiveAsyncClosureSource: AsyncClosureSource {
    var transform: @Sendable (inout Int) -> Int {
        get async {
            {
                $0 += 1; return $0
            }
        }
    }
    func handler(_ offset: Int) async -> @Sendable (Int) -> Int { { $0 + offset } }
    func checked(_ name: String) async throws -> @Sendable (String) -> Int { { $0.count } }
    func count() async -> Int { 0 }
}

@globalActor actor HostedStressActor {
    static let shared = HostedStressActor()
}

/// Hosted async recording passes, many in a row and several at once, from
/// every isolation a test writes them in.
@Suite struct HostedAsyncPassStressTests {
    static let rounds = 20

    /// One round on the caller's actor: configures each requirement through a hosted pass, then calls it.
    static func round(_ seed: Int, isolation: isolated (any Actor)? = #isolation) async throws -> Bool {
        let source = try Stub<any AsyncClosureSource>(getterEffects: .nonthrowing)
        let transform: @Sendable (inout Int) -> Int = {
            $0 = $0 &* 3; return $0 &+ seed
        }
        await source.when(returning: transform) { await $0.transform }.thenReturn(transform)
        await source.when { await $0.handler(Match.equal(seed)) }.thenReturn { $0 &* 2 &+ seed }
        try await source.when { try await $0.checked(Match.any()) }.thenReturn { $0.count &+ seed }
        await source.when { await $0.count() }.thenReturn(seed)
        let subject = source()
        var value = 2
        let transformed = await subject.transform
        let answered = transformed(&value)
        let handled = await subject.handler(seed)(5)
        let checked = try await subject.checked("x")("abc")
        let count = await subject.count()
        let verified = await source.verify(1...) { await $0.handler(Match.equal(seed)) }
        return value == 6 && answered == 6 &+ seed && handled == 10 &+ seed && checked == 3 &+ seed
            && count == seed && verified
    }

    static func loop(_ label: Int) async throws -> Int {
        var failures = 0
        for index in 0..<rounds where try await !round(label &* 1000 &+ index) { failures += 1 }
        return failures
    }

    @MainActor static func mainActorLoop(_ label: Int) async throws -> Int {
        var failures = 0
        for index in 0..<rounds where try await !round(label &* 1000 &+ index) { failures += 1 }
        return failures
    }

    @HostedStressActor static func globalActorLoop(_ label: Int) async throws -> Int {
        var failures = 0
        for index in 0..<rounds where try await !round(label &* 1000 &+ index) { failures += 1 }
        return failures
    }

    @Test func nonisolatedPassesInARow() async throws {
        #expect(try await Self.loop(1) == 0)
    }

    @MainActor @Test func mainActorPassesInARow() async throws {
        #expect(try await Self.mainActorLoop(2) == 0)
    }

    @HostedStressActor @Test func globalActorPassesInARow() async throws {
        #expect(try await Self.globalActorLoop(3) == 0)
    }

    @Test func passesFromEveryIsolationAtOnce() async throws {
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await Self.loop(4) }
            group.addTask { try await Self.loop(5) }
            group.addTask { try await Self.mainActorLoop(6) }
            group.addTask { try await Self.mainActorLoop(7) }
            group.addTask { try await Self.globalActorLoop(8) }
            group.addTask { try await Self.globalActorLoop(9) }
            var total = 0
            for try await count in group { total += count }
            return total
        }
        #expect(failures == 0)
    }
}
