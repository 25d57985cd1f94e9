#if compiler(>=6.2)
import Foundation
import Synchronization
import TestDoubles
import Testing

// `nonisolated(nonsending)` (Swift 6.2) async requirements take their caller's actor as two hidden
// words before the arguments (x86_64: rdi, rsi; after an async indirect result's address), which only
// DWARF shows. Read as the symbol spells it, a double saw the actor as its first argument; then it
// refused the requirement. Now the double skips the two words, hides them from the recorder and keeps
// them for a Spy's real conformer, on x86_64 (arm64 still refuses: not measured there).

protocol NonsendingFeed: Sendable {
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String]
    func count() async -> Int
}

struct LiveNonsendingFeed: NonsendingFeed {
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String] { ["live \(id)"] }
    func count() async -> Int { 1 }
}

protocol ConcurrentFeed: Sendable {
    @concurrent func entries(after id: Int) async throws -> [String]
}

struct LiveConcurrentFeed: ConcurrentFeed {
    @concurrent func entries(after id: Int) async throws -> [String] { ["live \(id)"] }
}

struct NonsendingFeedStubConformer: NonsendingFeed, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String] {
        try await stub.asyncThrowingCall(id)
    }
    func count() async -> Int { await stub.asyncCall() }
}

/// A value of five words: passed and returned by address.
struct NonsendingBox: Hashable, Sendable {
    var a: Int, b: Int, c: Int, d: Int, e: Int
}

/// A value of two words and a string: passed in registers, returned in them.
struct NonsendingTag: Hashable, Sendable {
    var id: Int
    var name: String
}

struct NonsendingFailure: Error, Equatable {
    var code: Int
}

/// One requirement per shape: no arguments, scalars, a string, a struct by value and by address,
/// more arguments than registers, throwing, static.
protocol NonsendingCatalog: Sendable {
    nonisolated(nonsending) func ping() async
    nonisolated(nonsending) func count() async -> Int
    nonisolated(nonsending) func doubled(_ value: Int) async -> Int
    nonisolated(nonsending) func greeting(for name: String) async throws -> String
    nonisolated(nonsending) func tag(_ tag: NonsendingTag, suffix: String) async -> NonsendingTag
    nonisolated(nonsending) func flip(_ box: NonsendingBox) async -> NonsendingBox
    nonisolated(nonsending) func sum(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int
    ) async -> Int
    nonisolated(nonsending) func rating(of title: String, scale: Double) async throws -> Double
    nonisolated(nonsending) static func version(_ major: Int) async -> String
}

/// Whether the code runs on the main queue, where the main actor's jobs run (without stopping when not).
enum MainQueueMark {
    static let key = DispatchSpecificKey<Bool>()

    static func install() { DispatchQueue.main.setSpecific(key: key, value: true) }

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// The real conformer: it logs what it receives and whether it runs on the main queue.
final class LiveNonsendingCatalog: NonsendingCatalog {
    let log = Mutex<[String]>([])
    let onMainQueue = Mutex<[Bool]>([])

    private func note(_ entry: String) {
        log.withLock { $0.append(entry) }
        onMainQueue.withLock { $0.append(MainQueueMark.isCurrent) }
    }

    nonisolated(nonsending) func ping() async { note("ping") }
    nonisolated(nonsending) func count() async -> Int {
        note("count")
        return 17
    }
    nonisolated(nonsending) func doubled(_ value: Int) async -> Int {
        note("doubled \(value)")
        return value * 2
    }
    nonisolated(nonsending) func greeting(for name: String) async throws -> String {
        note("greeting \(name)")
        if name.isEmpty { throw NonsendingFailure(code: 4) }
        return "hello, \(name)"
    }
    nonisolated(nonsending) func tag(_ tag: NonsendingTag, suffix: String) async -> NonsendingTag {
        note("tag \(tag.id) \(tag.name) \(suffix)")
        return NonsendingTag(id: tag.id + 1, name: tag.name + suffix)
    }
    nonisolated(nonsending) func flip(_ box: NonsendingBox) async -> NonsendingBox {
        note("flip \(box.a) \(box.e)")
        return NonsendingBox(a: box.e, b: box.d, c: box.c, d: box.b, e: box.a)
    }
    nonisolated(nonsending) func sum(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int
    ) async -> Int {
        note("sum \([a, b, c, d, e, f, g, h])")
        return a + 10 * b + 100 * c + 1000 * d + 10_000 * e + 100_000 * f + 1_000_000 * g + 10_000_000 * h
    }
    nonisolated(nonsending) func rating(of title: String, scale: Double) async throws -> Double {
        note("rating \(title) \(scale)")
        return Double(title.count) * scale
    }
    nonisolated(nonsending) static func version(_ major: Int) async -> String { "v\(major)" }
}

@Suite struct NonsendingRequirementTests {
    static let box = NonsendingBox(a: 1, b: 2, c: 3, d: 4, e: 5)
    static let flipped = NonsendingBox(a: 5, b: 4, c: 3, d: 2, e: 1)

    /// Configures every requirement of `stub`.
    private static func configure(_ stub: Stub<any NonsendingCatalog>) async {
        await stub.when { await $0.ping() }.thenDoNothing()
        await stub.when { await $0.count() }.thenReturn(42)
        await stub.when { await $0.doubled(Match.any()) }.then { (value: Int) in value * 2 }
        await stub.when { try await $0.greeting(for: "") }.thenThrow(NonsendingFailure(code: 9))
        await stub.when { try await $0.greeting(for: Match.any()) }.then { (name: String) in "hi \(name)" }
        await stub.when { await $0.tag(Match.any(), suffix: Match.any()) }.then {
            (tag: NonsendingTag, suffix: String) in NonsendingTag(id: tag.id * 10, name: tag.name + suffix)
        }
        await stub.when { await $0.flip(Match.any()) }.thenReturn(flipped)
        await stub.when { await $0.sum(1, 2, 3, 4, 5, 6, 7, 8) }.thenReturn(87_654_321)
        await stub.when { try await $0.rating(of: Match.any(), scale: Match.any()) }.then {
            (title: String, scale: Double) in Double(title.count) * scale
        }
    }

    /// Calls every requirement and checks the answers.
    private static func exercise(_ catalog: any NonsendingCatalog) async throws {
        await catalog.ping()
        #expect(await catalog.count() == 42)
        #expect(await catalog.doubled(21) == 42)
        #expect(await catalog.doubled(-8) == -16)
        #expect(try await catalog.greeting(for: "Ada") == "hi Ada")
        await #expect(throws: NonsendingFailure(code: 9)) { try await catalog.greeting(for: "") }
        #expect(await catalog.tag(NonsendingTag(id: 3, name: "x"), suffix: "yz") == NonsendingTag(id: 30, name: "xyz"))
        #expect(await catalog.flip(box) == flipped)
        #expect(await catalog.sum(1, 2, 3, 4, 5, 6, 7, 8) == 87_654_321)
        #expect(try await catalog.rating(of: "four", scale: 1.5) == 6)
    }

    /// Verifies the calls `exercise` made, with matchers and `arguments()`.
    private static func verify(_ stub: Stub<any NonsendingCatalog>) async {
        await stub.verify(.once) { await $0.ping() }
        await stub.verify(.once) { await $0.count() }
        await stub.verify(.once) { await $0.doubled(21) }
        await stub.verify(.once) { await $0.doubled(Match.matching { (value: Int) in value < 0 }) }
        await stub.verify(.once) { try await $0.greeting(for: "Ada") }
        await stub.verify(.once) { await $0.tag(NonsendingTag(id: 3, name: "x"), suffix: "yz") }
        await stub.verify(.once) { await $0.flip(box) }
        await stub.verify(.once) { await $0.sum(1, 2, 3, 4, 5, 6, 7, 8) }
        await stub.verify(.once) { try await $0.rating(of: "four", scale: 1.5) }
        let doubled = await stub.when { await $0.doubled(Match.any()) }
        #expect(doubled.arguments() == [21, -8])
        let greetings = await stub.when { try await $0.greeting(for: Match.any()) }
        #expect(greetings.arguments() == ["Ada", ""])
        let sums: [(Int, Int, Int, Int, Int, Int, Int, Int)] = await stub.when {
            await $0.sum(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any())
        }.arguments()
        #expect(sums.count == 1)
        #expect(sums.first.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] } == [1, 2, 3, 4, 5, 6, 7, 8])
        let ratings: [(String, Double)] = await stub.when { try await $0.rating(of: Match.any(), scale: Match.any()) }
            .arguments()
        #expect(ratings.map(\.0) == ["four"])
        #expect(ratings.map(\.1) == [1.5])
    }

    @MainActor @Test func aStubAnswersEveryShapeFromTheMainActor() async throws {
        let stub = try Stub<any NonsendingCatalog>()
        await Self.configure(stub)
        try await Self.exercise(stub())
        MainActor.assertIsolated()
        await Self.verify(stub)
    }

    @Test func aStubAnswersEveryShapeFromNoActor() async throws {
        let stub = try Stub<any NonsendingCatalog>()
        await Self.configure(stub)
        try await Self.exercise(stub())
        await Self.verify(stub)
    }

    @Test func aStubAnswersFromAnActorOfItsOwn() async throws {
        actor Caller {
            var total = 0
            func run(_ catalog: any NonsendingCatalog) async -> Int {
                total += await catalog.doubled(5)
                total += await catalog.sum(1, 2, 3, 4, 5, 6, 7, 8)
                return total
            }
        }
        let stub = try Stub<any NonsendingCatalog>()
        await Self.configure(stub)
        #expect(await Caller().run(stub()) == 87_654_331)
        await stub.verify(.once) { await $0.doubled(5) }
    }

    @Test func aStaticRequirementIsAnsweredWithItsArgument() async throws {
        let stub = try Stub<any NonsendingCatalog>()
        await stub.when { await type(of: $0).version(Match.any()) }.then { (major: Int) in "stub \(major)" }
        let catalog = stub()
        #expect(await type(of: catalog).version(6) == "stub 6")
        await stub.verify(.once) { await type(of: $0).version(6) }
    }

    @MainActor @Test func aSpyForwardsTheRealArgumentsOnTheCallersActor() async throws {
        MainQueueMark.install()
        #expect(MainQueueMark.isCurrent)
        let live = LiveNonsendingCatalog()
        let spy = try Spy<any NonsendingCatalog>(forwardingTo: live)
        let catalog = spy()
        await catalog.ping()
        #expect(await catalog.count() == 17)
        #expect(await catalog.doubled(21) == 42)
        #expect(try await catalog.greeting(for: "Ada") == "hello, Ada")
        await #expect(throws: NonsendingFailure(code: 4)) { try await catalog.greeting(for: "") }
        #expect(await catalog.tag(NonsendingTag(id: 3, name: "x"), suffix: "yz") == NonsendingTag(id: 4, name: "xyz"))
        #expect(await catalog.flip(Self.box) == Self.flipped)
        #expect(await catalog.sum(1, 2, 3, 4, 5, 6, 7, 8) == 87_654_321)
        #expect(try await catalog.rating(of: "four", scale: 1.5) == 6)
        #expect(await type(of: catalog).version(7) == "v7")
        #expect(
            live.log.withLock { $0 } == [
                "ping", "count", "doubled 21", "greeting Ada", "greeting ", "tag 3 x yz", "flip 1 5",
                "sum [1, 2, 3, 4, 5, 6, 7, 8]", "rating four 1.5",
            ])
        // The real conformer ran on the main actor, its caller's: it received that actor and was called on it.
        #expect(live.onMainQueue.withLock { $0 } == Array(repeating: true, count: 9))
        MainActor.assertIsolated()
        await spy.verify(.once) { await $0.doubled(21) }
        await spy.verify(.once) { await $0.flip(Self.box) }
        await spy.verify(.exactly(2)) { try await $0.greeting(for: Match.any()) }
        // A configured call is answered by the spy, the others still reach the real conformer.
        await spy.when { await $0.doubled(2) }.thenReturn(-1)
        #expect(await catalog.doubled(2) == -1)
        #expect(await catalog.doubled(3) == 6)
        #expect(live.log.withLock { $0.last } == "doubled 3")
    }

    @Test func aSpyForwardsTheRealArgumentsFromNoActor() async throws {
        let live = LiveNonsendingCatalog()
        let spy = try Spy<any NonsendingCatalog>(forwardingTo: live)
        let catalog = spy()
        #expect(await catalog.doubled(-4) == -8)
        #expect(await catalog.flip(Self.box) == Self.flipped)
        #expect(await catalog.sum(8, 7, 6, 5, 4, 3, 2, 1) == 12_345_678)
        #expect(live.log.withLock { $0 } == ["doubled -4", "flip 1 5", "sum [8, 7, 6, 5, 4, 3, 2, 1]"])
        #expect(live.onMainQueue.withLock { $0 } == [false, false, false])
        let sums: [(Int, Int, Int, Int, Int, Int, Int, Int)] = await spy.when {
            await $0.sum(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any())
        }.arguments()
        #expect(sums.first.map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] } == [8, 7, 6, 5, 4, 3, 2, 1])
    }

    @Test func aNonsendingRequirementBesideAnOrdinaryOneIsServed() async throws {
        let feed = try Stub<any NonsendingFeed>()
        await feed.when { try await $0.entries(after: Match.any()) }.then { (id: Int) in ["after \(id)"] }
        await feed.when { await $0.count() }.thenReturn(3)
        #expect(try await feed().entries(after: 41) == ["after 41"])
        #expect(await feed().count() == 3)
        let spy = try Spy<any NonsendingFeed>(forwardingTo: LiveNonsendingFeed())
        #expect(try await spy().entries(after: 3) == ["live 3"])
        await spy.verify(.once) { try await $0.entries(after: 3) }
        // A dummy reads no signature (any call of it is reported and stops), so it is made as before.
        _ = try Dummy<any NonsendingFeed>()
    }

    @Test func aConcurrentRequirementIsServedWithItsArguments() async throws {
        let feed = try Stub<any ConcurrentFeed>()
        await feed.when { try await $0.entries(after: Match.any()) }.then { (id: Int) in ["after \(id)"] }
        #expect(try await feed().entries(after: 41) == ["after 41"])
        #expect(try await feed().entries(after: -7) == ["after -7"])
        let spy = try Spy<any ConcurrentFeed>(forwardingTo: LiveConcurrentFeed())
        #expect(try await spy().entries(after: 3) == ["live 3"])
    }

    @MainActor @Test func aManualStubServesTheNonsendingRequirementFromTheMainActor() async throws {
        let feed = ManualStub<NonsendingFeedStubConformer>()
        await feed.when { try await $0.entries(after: Match.any()) }.then { (id: Int) in ["after \(id)"] }
        let service: any NonsendingFeed = feed()
        #expect(try await service.entries(after: 12) == ["after 12"])
        MainActor.assertIsolated()
        await feed.verify(.once) { try await $0.entries(after: Match.equal(12)) }
    }
}
#endif
