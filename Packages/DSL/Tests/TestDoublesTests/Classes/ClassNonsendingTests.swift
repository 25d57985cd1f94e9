#if compiler(>=6.2)
import Foundation
import Synchronization
import TestDoubles
import Testing

// A class's `nonisolated(nonsending)` async members take their caller's actor as two words before the
// arguments, like a protocol witness's (measured by the lab's caller-isolated tier, form
// "nonisolated(nonsending), open class"). Class doubles refused them; now the double skips the words and
// a class Spy hands them to the class's own code, which runs on the caller's actor.

/// A class with nonsending members of every kind: methods (one answering by address), a getter and a
/// subscript; it logs what it receives and whether it runs on the main queue.
class CDNonsendingLoader {
    let log = Mutex<[String]>([])
    let onMainQueue = Mutex<[Bool]>([])

    init() {}

    private func note(_ entry: String) {
        log.withLock { $0.append(entry) }
        onMainQueue.withLock { $0.append(MainQueueMark.isCurrent) }
    }

    nonisolated(nonsending) func load(_ id: Int) async -> Int {
        note("load \(id)")
        return id * 3
    }
    nonisolated(nonsending) func box(named name: String, seed: Int) async throws -> NonsendingBox {
        note("box \(name) \(seed)")
        if name.isEmpty { throw NonsendingFailure(code: 3) }
        return NonsendingBox(a: seed, b: name.count, c: 0, d: 0, e: -seed)
    }
    nonisolated(nonsending) var title: String {
        get async {
            note("title")
            return "loader"
        }
    }
    nonisolated(nonsending) subscript(key: String, box: NonsendingBox) -> String? {
        get async {
            note("subscript \(key) \(box.a)")
            return key.isEmpty ? nil : "\(key)=\(box.a + box.e)"
        }
    }
}

@Suite struct ClassNonsendingTests {
    static let box = NonsendingBox(a: 1, b: 2, c: 3, d: 4, e: 5)

    private static func configure(_ stub: Stub<CDNonsendingLoader>) async {
        await stub.when { await $0.load(Match.any()) }.then { (id: Int) in -id }
        await stub.when { try await $0.box(named: Match.equal(""), seed: Match.any()) }
            .thenThrow(NonsendingFailure(code: 7))
        await stub.when { try await $0.box(named: Match.any(), seed: Match.any()) }.then {
            (name: String, seed: Int) in NonsendingBox(a: name.count, b: seed, c: 1, d: 1, e: 1)
        }
        await stub.when { await $0.title }.thenReturn("stub")
        await stub.when { await $0[Match.any(), Match.any()] }.then { (key: String, box: NonsendingBox) in
            "\(key):\(box.e)"
        }
    }

    private static func exercise(_ loader: CDNonsendingLoader, _ stub: Stub<CDNonsendingLoader>) async throws {
        #expect(await loader.load(14) == -14)
        #expect(try await loader.box(named: "abc", seed: 9) == NonsendingBox(a: 3, b: 9, c: 1, d: 1, e: 1))
        await #expect(throws: NonsendingFailure(code: 7)) { try await loader.box(named: "", seed: 1) }
        #expect(await loader.title == "stub")
        #expect(await loader["k", box] == "k:5")
        await stub.verify(.once) { await $0.load(14) }
        await stub.verify(.once) { await $0["k", box] }
        let boxes: [(String, Int)] = await stub.when { try await $0.box(named: Match.any(), seed: Match.any()) }
            .arguments()
        #expect(boxes.map(\.0) == ["abc", ""])
        #expect(boxes.map(\.1) == [9, 1])
        // The class's own code never ran.
        #expect(loader.log.withLock { $0 } == [])
    }

    @MainActor @Test func aClassStubAnswersFromTheMainActor() async throws {
        let stub = try Stub<CDNonsendingLoader>(initializingWith: { CDNonsendingLoader() })
        await Self.configure(stub)
        try await Self.exercise(stub(), stub)
        MainActor.assertIsolated()
    }

    @Test func aClassStubAnswersFromNoActor() async throws {
        let stub = try Stub<CDNonsendingLoader>(initializingWith: { CDNonsendingLoader() })
        await Self.configure(stub)
        try await Self.exercise(stub(), stub)
    }

    @MainActor @Test func aClassSpyRunsTheClassesCodeOnTheCallersActor() async throws {
        MainQueueMark.install()
        let spy = try Spy<CDNonsendingLoader>(initializingWith: { CDNonsendingLoader() })
        let loader = spy()
        #expect(await loader.load(5) == 15)
        #expect(try await loader.box(named: "xy", seed: 4) == NonsendingBox(a: 4, b: 2, c: 0, d: 0, e: -4))
        await #expect(throws: NonsendingFailure(code: 3)) { try await loader.box(named: "", seed: 2) }
        #expect(await loader.title == "loader")
        #expect(await loader["q", Self.box] == "q=6")
        #expect(await loader["", Self.box] == nil)
        #expect(
            loader.log.withLock { $0 } == [
                "load 5", "box xy 4", "box  2", "title", "subscript q 1", "subscript  1",
            ])
        #expect(loader.onMainQueue.withLock { $0 } == Array(repeating: true, count: 6))
        await spy.verify(.once) { await $0.load(5) }
        await spy.when { await $0.load(6) }.thenReturn(0)
        #expect(await loader.load(6) == 0)
        #expect(await loader.load(7) == 21)
    }

    @Test func aClassSpyRunsTheClassesCodeFromNoActor() async throws {
        let spy = try Spy<CDNonsendingLoader>(initializingWith: { CDNonsendingLoader() })
        let loader = spy()
        #expect(await loader.load(-2) == -6)
        #expect(await loader["z", Self.box] == "z=6")
        #expect(loader.log.withLock { $0 } == ["load -2", "subscript z 1"])
        #expect(loader.onMainQueue.withLock { $0 } == [false, false])
    }
}
#endif
