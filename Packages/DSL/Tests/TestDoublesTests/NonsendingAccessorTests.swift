#if compiler(>=6.2)
import Foundation
import Synchronization
import TestDoubles
import Testing

// The async getters of `nonisolated(nonsending)` properties and subscripts, and async initializers, take
// their caller's actor as two hidden words too, like methods (after an async indirect result's address,
// before the indices or arguments). They were refused; a double now skips the words like a method's, and
// a Spy hands them to its real conformer.

/// Getters of every shape: no index, a result by address, a throwing getter, subscripts with a word, a
/// string and a struct by address as indices, a static property, and an initializer.
protocol NonsendingShelf: Sendable {
    nonisolated(nonsending) init(label: String, box: NonsendingBox) async throws
    nonisolated(nonsending) var title: String { get async }
    nonisolated(nonsending) var box: NonsendingBox { get async throws }
    nonisolated(nonsending) subscript(position position: Int) -> String? { get async }
    nonisolated(nonsending) subscript(name name: String, scale scale: Double) -> NonsendingBox { get async throws }
    nonisolated(nonsending) subscript(box box: NonsendingBox) -> Int { get async }
    nonisolated(nonsending) static var capacity: Int { get async }
}

/// The real shelf: it logs what it receives and whether it runs on the main queue.
final class LiveNonsendingShelf: NonsendingShelf {
    let log = Mutex<[String]>([])
    let onMainQueue = Mutex<[Bool]>([])

    init() {}

    nonisolated(nonsending) init(label: String, box: NonsendingBox) async throws {
        if label.isEmpty { throw NonsendingFailure(code: 6) }
        log.withLock { $0.append("init \(label) \(box.a) \(box.e)") }
    }

    private func note(_ entry: String) {
        log.withLock { $0.append(entry) }
        onMainQueue.withLock { $0.append(MainQueueMark.isCurrent) }
    }

    nonisolated(nonsending) var title: String {
        get async {
            note("title")
            return "live shelf"
        }
    }
    nonisolated(nonsending) var box: NonsendingBox {
        get async throws {
            note("box")
            return NonsendingBox(a: 10, b: 20, c: 30, d: 40, e: 50)
        }
    }
    nonisolated(nonsending) subscript(position position: Int) -> String? {
        get async {
            note("position \(position)")
            return position < 0 ? nil : "item \(position)"
        }
    }
    nonisolated(nonsending) subscript(name name: String, scale scale: Double) -> NonsendingBox {
        get async throws {
            note("name \(name) \(scale)")
            if name.isEmpty { throw NonsendingFailure(code: 5) }
            return NonsendingBox(a: name.count, b: Int(scale * 10), c: 0, d: 0, e: -1)
        }
    }
    nonisolated(nonsending) subscript(box box: NonsendingBox) -> Int {
        get async {
            note("box \(box.a) \(box.e)")
            return box.a + box.b + box.c + box.d + box.e
        }
    }
    nonisolated(nonsending) static var capacity: Int { get async { 64 } }
}

@Suite struct NonsendingAccessorTests {
    static let box = NonsendingBox(a: 1, b: 2, c: 3, d: 4, e: 5)
    static let other = NonsendingBox(a: 9, b: 8, c: 7, d: 6, e: 5)

    /// Configures every getter of `stub`.
    private static func configure(_ stub: Stub<any NonsendingShelf>) async {
        await stub.when { await $0.title }.thenReturn("stub shelf")
        await stub.when { try await $0.box }.thenReturn(other)
        await stub.when { await $0[position: Match.any()] }.then { (position: Int) in
            position < 0 ? nil : "stub \(position)"
        }
        await stub.when { try await $0[name: Match.equal(""), scale: Match.any()] }.thenThrow(
            NonsendingFailure(code: 8))
        await stub.when { try await $0[name: Match.any(), scale: Match.any()] }.then {
            (name: String, scale: Double) in NonsendingBox(a: name.count, b: Int(scale * 100), c: 1, d: 2, e: 3)
        }
        await stub.when { await $0[box: Match.any()] }.then { (box: NonsendingBox) in box.a * 10 + box.e }
        await stub.when { await type(of: $0).capacity }.thenReturn(7)
    }

    /// Reads every getter and checks the answers.
    private static func exercise(_ shelf: any NonsendingShelf) async throws {
        #expect(await shelf.title == "stub shelf")
        #expect(try await shelf.box == other)
        #expect(await shelf[position: 12] == "stub 12")
        #expect(await shelf[position: -3] == nil)
        #expect(try await shelf[name: "four", scale: 0.5] == NonsendingBox(a: 4, b: 50, c: 1, d: 2, e: 3))
        await #expect(throws: NonsendingFailure(code: 8)) { try await shelf[name: "", scale: 1] }
        #expect(await shelf[box: box] == 15)
        #expect(await type(of: shelf).capacity == 7)
    }

    /// Verifies the reads `exercise` made, with matchers and `arguments()`.
    private static func verify(_ stub: Stub<any NonsendingShelf>) async {
        await stub.verify(.once) { await $0.title }
        await stub.verify(.once) { try await $0.box }
        await stub.verify(.once) { await $0[position: 12] }
        await stub.verify(.once) { await $0[position: Match.matching { (position: Int) in position < 0 }] }
        await stub.verify(.once) { try await $0[name: "four", scale: 0.5] }
        await stub.verify(.once) { await $0[box: box] }
        let positions: [Int] = await stub.when { await $0[position: Match.any()] }.arguments()
        #expect(positions == [12, -3])
        let named: [(String, Double)] = await stub.when { try await $0[name: Match.any(), scale: Match.any()] }
            .arguments()
        #expect(named.map(\.0) == ["four", ""])
        #expect(named.map(\.1) == [0.5, 1])
        let boxes: [NonsendingBox] = await stub.when { await $0[box: Match.any()] }.arguments()
        #expect(boxes == [box])
    }

    @MainActor @Test func aStubAnswersEveryGetterFromTheMainActor() async throws {
        let stub = try Stub<any NonsendingShelf>()
        await Self.configure(stub)
        try await Self.exercise(stub())
        MainActor.assertIsolated()
        await Self.verify(stub)
    }

    @Test func aStubAnswersEveryGetterFromNoActor() async throws {
        let stub = try Stub<any NonsendingShelf>()
        await Self.configure(stub)
        try await Self.exercise(stub())
        await Self.verify(stub)
    }

    @MainActor @Test func aStubServesTheInitializerWithItsArguments() async throws {
        let stub = try Stub<any NonsendingShelf>()
        await stub.when { try await type(of: $0).init(label: Match.equal(""), box: Match.any()) }
            .thenThrow(NonsendingFailure(code: 2))
        await stub.when { try await type(of: $0).init(label: Match.any(), box: Match.any()) }.thenReturn(stub())
        await Self.configure(stub)
        let shelfType = type(of: stub())
        let made = try await shelfType.init(label: "made", box: Self.box)
        #expect(await made.title == "stub shelf")
        await #expect(throws: NonsendingFailure(code: 2)) { try await shelfType.init(label: "", box: Self.other) }
        let calls: [(String, NonsendingBox)] = await stub.when {
            try await type(of: $0).init(label: Match.any(), box: Match.any())
        }.arguments()
        #expect(calls.map(\.0) == ["made", ""])
        #expect(calls.map(\.1) == [Self.box, Self.other])
    }

    @Test func aStubAnswersFromAnActorOfItsOwn() async throws {
        actor Reader {
            func read(_ shelf: any NonsendingShelf) async throws -> String {
                let box = try await shelf[name: "abc", scale: 0.25]
                return "\(await shelf.title) \(box.a) \(box.b) \(await shelf[box: NonsendingAccessorTests.other])"
            }
        }
        let stub = try Stub<any NonsendingShelf>()
        await Self.configure(stub)
        #expect(try await Reader().read(stub()) == "stub shelf 3 25 95")
        await stub.verify(.once) { try await $0[name: "abc", scale: 0.25] }
    }

    @MainActor @Test func aSpyForwardsEveryGetterOnTheCallersActor() async throws {
        MainQueueMark.install()
        let live = LiveNonsendingShelf()
        let spy = try Spy<any NonsendingShelf>(forwardingTo: live)
        let shelf = spy()
        #expect(await shelf.title == "live shelf")
        #expect(try await shelf.box == NonsendingBox(a: 10, b: 20, c: 30, d: 40, e: 50))
        #expect(await shelf[position: 4] == "item 4")
        #expect(await shelf[position: -1] == nil)
        #expect(try await shelf[name: "abcde", scale: 0.3] == NonsendingBox(a: 5, b: 3, c: 0, d: 0, e: -1))
        await #expect(throws: NonsendingFailure(code: 5)) { try await shelf[name: "", scale: 2] }
        #expect(await shelf[box: Self.box] == 15)
        #expect(await type(of: shelf).capacity == 64)
        #expect(
            live.log.withLock { $0 } == [
                "title", "box", "position 4", "position -1", "name abcde 0.3", "name  2.0", "box 1 5",
            ])
        // The real getters ran on the main actor, their caller's.
        #expect(live.onMainQueue.withLock { $0 } == Array(repeating: true, count: 7))
        MainActor.assertIsolated()
        await spy.verify(.once) { await $0[box: Self.box] }
        await spy.verify(.exactly(2)) { await $0[position: Match.any()] }
        await spy.when { await $0[position: 4] }.thenReturn("spied")
        #expect(await shelf[position: 4] == "spied")
        #expect(await shelf[position: 5] == "item 5")
    }

    @Test func aSpyForwardsEveryGetterFromNoActor() async throws {
        let live = LiveNonsendingShelf()
        let spy = try Spy<any NonsendingShelf>(forwardingTo: live)
        let shelf = spy()
        #expect(await shelf[position: 9] == "item 9")
        #expect(await shelf[box: Self.other] == 35)
        #expect(try await shelf.box.e == 50)
        #expect(live.log.withLock { $0 } == ["position 9", "box 9 5", "box"])
        #expect(live.onMainQueue.withLock { $0 } == [false, false, false])
    }
}
#endif
