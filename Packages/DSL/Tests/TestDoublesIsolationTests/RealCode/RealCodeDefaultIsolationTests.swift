#if compiler(>=6.2)
import Foundation
import TestDoubles
import Testing

// What a module built with `-default-isolation MainActor` (Swift 6.2's
// "approachable concurrency") declares, spelled out: its value types, their
// `Equatable` and `CustomStringConvertible` conformances, its protocols and
// conformers are all isolated to the main actor; `nonisolated` and
// `@concurrent` members opt out. (RealCodeMainActorDefaultModuleTests builds
// such a module with the flag itself.)

@MainActor struct DINote: Sendable {
    var id: Int
    var title: String
}

extension DINote: @MainActor Equatable {}
extension DINote: @MainActor CustomStringConvertible {
    var description: String { "note #\(id)" }
}

enum DIStoreError: Error, Equatable {
    case offline
    case conflict(id: Int)
}

// `Sendable`: its `@concurrent` requirements are called from the main actor, which sends the existential.
@MainActor protocol DINoteStore: AnyObject, Sendable {
    func note(id: Int) -> DINote?
    func save(_ note: DINote) throws(DIStoreError) -> Bool
    func titles(matching query: String) -> [String]
    func refresh() async -> [DINote]
    nonisolated func storeName() -> String
    nonisolated func count(of kind: Int) -> Int
    @concurrent func upload(_ note: DINote) async throws -> Int
    @concurrent func archive(_ notes: sending [String]) async -> sending [String]
    func observe(_ handler: @escaping @Sendable (Int) -> Void)
    func onChange(_ handler: @escaping @MainActor (DINote) -> Void)
    func each(_ body: (DINote) -> Int) -> [Int]
}

@MainActor final class DILiveNoteStore: DINoteStore {
    var notes: [Int: DINote] = [1: DINote(id: 1, title: "live")]
    var observers: [@Sendable (Int) -> Void] = []
    func note(id: Int) -> DINote? { notes[id] }
    func save(_ note: DINote) throws(DIStoreError) -> Bool {
        if notes[note.id] != nil, notes[note.id] != note { throw .conflict(id: note.id) }
        notes[note.id] = note
        return true
    }
    func titles(matching query: String) -> [String] {
        notes.values.map(\.title).filter { $0.contains(query) }.sorted()
    }
    func refresh() async -> [DINote] { notes.values.sorted { $0.id < $1.id } }
    nonisolated func storeName() -> String { "live" }
    nonisolated func count(of kind: Int) -> Int { kind * 100 }
    @concurrent func upload(_ note: DINote) async throws -> Int { note.id + 1_000 }
    @concurrent func archive(_ notes: sending [String]) async -> sending [String] { notes.reversed() }
    func observe(_ handler: @escaping @Sendable (Int) -> Void) { observers.append(handler) }
    func onChange(_ handler: @escaping @MainActor (DINote) -> Void) { handler(DINote(id: 0, title: "changed")) }
    func each(_ body: (DINote) -> Int) -> [Int] { notes.values.sorted { $0.id < $1.id }.map(body) }
}

/// A hand-written conformer for ManualStub, as such a module's tests write it.
@MainActor final class DINoteStoreFake: DINoteStore, ManualStubConformer {
    let stub: ManualStub<DINoteStoreFake>
    nonisolated init(stub: ManualStub<DINoteStoreFake>) { self.stub = stub }
    func note(id: Int) -> DINote? { stub.call(id) }
    func save(_ note: DINote) throws(DIStoreError) -> Bool {
        try stub.throwingCall(note, throwing: DIStoreError.self)
    }
    func titles(matching query: String) -> [String] { stub.call(query) }
    func refresh() async -> [DINote] { await stub.asyncCall() }
    nonisolated func storeName() -> String { stub.call() }
    nonisolated func count(of kind: Int) -> Int { stub.call(kind) }
    @concurrent func upload(_ note: DINote) async throws -> Int { try await stub.asyncThrowingCall(note) }
    @concurrent func archive(_ notes: sending [String]) async -> sending [String] { await stub.asyncCall(notes) }
    func observe(_ handler: @escaping @Sendable (Int) -> Void) { stub.call(handler) }
    func onChange(_ handler: @escaping @MainActor (DINote) -> Void) { stub.call(handler) }
    // A non-escaping closure cannot be recorded, so it is not forwarded (as doubles-gen writes it).
    func each(_ body: (DINote) -> Int) -> [Int] { stub.call() }
}

/// A screen model of the module.
@MainActor final class DINotesModel {
    let store: any DINoteStore
    private(set) var titles: [String] = []
    private(set) var failures: [DIStoreError] = []
    init(store: any DINoteStore) { self.store = store }
    func search(_ query: String) { titles = store.titles(matching: query) }
    func add(_ note: DINote) {
        do throws(DIStoreError) { _ = try store.save(note) } catch { failures.append(error) }
    }
}

@MainActor @Suite struct RealCodeDefaultIsolationTests {
    @Test func literalArgumentsOfAMainActorIsolatedEquatableMatch() throws {
        let store = try Stub<any DINoteStore>()
        store.when { try $0.save(DINote(id: 1, title: "x")) }.thenThrow(DIStoreError.offline)
        store.when { try $0.save(Match.any()) }.thenReturn(true)
        store.when { $0.note(id: 3) }.thenReturn(DINote(id: 3, title: "c"))
        store.when { $0.titles(matching: "a") }.thenReturn(["alpha"])
        store.when { $0.titles(matching: Match.any()) }.then { (query: String) in [query.uppercased()] }
        let model = DINotesModel(store: store())
        model.add(DINote(id: 1, title: "x"))
        model.add(DINote(id: 1, title: "y"))
        model.add(DINote(id: 2, title: "x"))
        #expect(model.failures == [.offline])
        model.search("a")
        #expect(model.titles == ["alpha"])
        model.search("b")
        #expect(model.titles == ["B"])
        #expect(store().note(id: 3) == DINote(id: 3, title: "c"))
        store.verify(.once) { try $0.save(DINote(id: 1, title: "x")) }
        store.verify(.once) { try $0.save(Match.equal(DINote(id: 2, title: "x"))) }
        let saved: [DINote] = store.when { try $0.save(Match.any()) }.arguments()
        #expect(saved.map(\.title) == ["x", "y", "x"])
    }

    @Test func matchersOfTheIsolatedEquatableServeCallsFromOffTheMainActor() async throws {
        let store = try Stub<any DINoteStore>()
        await store.when { try await $0.upload(DINote(id: 4, title: "four")) }.thenReturn(44)
        await store.when { try await $0.upload(Match.equal(DINote(id: 5, title: "five"))) }.thenReturn(55)
        await store.when { try await $0.upload(Match.any()) }.then { (note: DINote) in note.id * -1 }
        let service = store()
        // `@concurrent`: each call runs on the cooperative pool, where the conformance's isolation is not held.
        #expect(try await service.upload(DINote(id: 4, title: "four")) == 44)
        #expect(try await service.upload(DINote(id: 5, title: "five")) == 55)
        #expect(try await service.upload(DINote(id: 4, title: "other")) == -4)
        let fromDetached = try await Task.detached { try await service.upload(DINote(id: 5, title: "five")) }.value
        #expect(fromDetached == 55)
        await store.verify(.once) { try await $0.upload(DINote(id: 4, title: "four")) }
        await store.verify(2...2) { try await $0.upload(Match.equal(DINote(id: 5, title: "five"))) }
    }

    @Test func nonisolatedRequirementsAnswerOtherThreads() async throws {
        let store = try Stub<any DINoteStore>()
        store.when { $0.storeName() }.thenReturn("stub")
        store.when { $0.count(of: Match.any()) }.then { (kind: Int) in kind + 1 }
        let service = store()
        let (name, counts) = await Task.detached {
            (service.storeName(), (0..<4).map { service.count(of: $0) })
        }.value
        #expect(name == "stub")
        #expect(counts == [1, 2, 3, 4])
        store.verify(4...4) { $0.count(of: Match.any()) }
    }

    @Test func sendingArgumentsAndResultsOfAConcurrentRequirement() async throws {
        let store = try Stub<any DINoteStore>()
        await store.when { await $0.archive(Match.any()) }.then { (notes: [String]) in notes.map { $0 + "!" } }
        let archived = await store().archive(["a", "b"])
        #expect(archived == ["a!", "b!"])
        let spy = try Spy<any DINoteStore>(forwardingTo: DILiveNoteStore())
        #expect(await spy().archive(["a", "b", "c"]) == ["c", "b", "a"])
        #expect(try await spy().upload(DINote(id: 7, title: "")) == 1_007)
    }

    @Test func closuresWrittenOnTheMainActor() async throws {
        let store = try Stub<any DINoteStore>()
        let observers = CallbackCapture<@Sendable (Int) -> Void>()
        store.when { $0.observe(observers.capture()) }.thenDoNothing()
        store.when { $0.onChange(Match.any()) }.then { (handler: @MainActor (DINote) -> Void) in
            handler(DINote(id: 9, title: "changed"))
        }
        store.when { $0.each(Match.any()) }.then { (body: (DINote) -> Int) in
            [body(DINote(id: 1, title: "a")), body(DINote(id: 2, title: "bb"))]
        }
        var seen: [DINote] = []
        store().onChange { seen.append($0) }
        #expect(seen == [DINote(id: 9, title: "changed")])
        #expect(store().each { $0.title.count * 10 } == [10, 20])
        await confirmation(expectedCount: 2) { confirmed in
            store().observe { value in if value > 0 { confirmed() } }
            // Calling a kept callback marks it handled: the capture keeps it no longer, the closure stays callable.
            let observer = observers.last
            observer?(3)
            await Task.detached { observer?(4) }.value
        }
    }

    @Test func aSpyOfTheMainActorConformer() async throws {
        let live = DILiveNoteStore()
        let spy = try Spy<any DINoteStore>(forwardingTo: live)
        spy.when { $0.note(id: 2) }.thenReturn(DINote(id: 2, title: "spied"))
        let model = DINotesModel(store: spy())
        #expect(spy().note(id: 1)?.title == "live")
        #expect(spy().note(id: 2)?.title == "spied")
        model.add(DINote(id: 3, title: "three"))
        model.add(DINote(id: 1, title: "changed"))
        #expect(model.failures == [.conflict(id: 1)])
        #expect(live.notes[3]?.title == "three")
        #expect(await spy().refresh().map(\.id) == [1, 3])
        model.search("t")
        #expect(model.titles == ["three"])
        spy.verify(2...2) { try $0.save(Match.any()) }
        spy.verify(.once) { try $0.save(DINote(id: 1, title: "changed")) }
        let name = await Task.detached { spy().storeName() }.value
        #expect(name == "live")
    }

    @Test func aManualStubAndADummy() async throws {
        let store = ManualStub<DINoteStoreFake>()
        store.when { $0.note(id: Match.any()) }.then { (id: Int) in DINote(id: id, title: "m\(id)") }
        store.when { try $0.save(DINote(id: 1, title: "x")) }.thenThrow(DIStoreError.offline)
        await store.when { try await $0.upload(Match.any()) }.thenReturn(11)
        let model = DINotesModel(store: store())
        model.add(DINote(id: 1, title: "x"))
        #expect(model.failures == [.offline])
        #expect(store().note(id: 6) == DINote(id: 6, title: "m6"))
        #expect(try await store().upload(DINote(id: 1, title: "")) == 11)
        store.verify(.once) { $0.note(id: 6) }
        let dummy = try Dummy<any DINoteStore>()
        #expect(DINotesModel(store: dummy()).titles.isEmpty)
    }

    @Test func historyDescribesArgumentsOnTheMainActor() throws {
        let store = try Stub<any DINoteStore>()
        store.when { try $0.save(Match.any()) }.thenReturn(true)
        _ = try store().save(DINote(id: 12, title: "twelve"))
        #expect(store.history.description.contains("note #12"), "\(store.history.description)")
    }
}
#endif
