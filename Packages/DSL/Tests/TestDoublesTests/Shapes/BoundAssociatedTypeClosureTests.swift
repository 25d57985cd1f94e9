import TestDoubles
import Testing

/// A repository whose closures and generic parameters name its primary
/// associated type, as app repositories write queries and batch saves.
protocol NoteRepository<Model>: Sendable {
    associatedtype Model: Identifiable & Sendable
    func all(where predicate: (Model) -> Bool) -> [Model]
    func first(where predicate: @Sendable (Model) async -> Bool) async -> Model?
    func observe(_ handler: @escaping @Sendable (Model?) -> Void)
    func ordering() -> @Sendable (Model, Model) -> Bool
    func save(_ models: some Sequence<Model>) async throws
    func count<C: Collection>(in models: C) -> Int where C.Element == Model
}

struct Note: Identifiable, Sendable, Equatable {
    var id: Int
    var text: String
}

final class LiveNoteRepository: NoteRepository {
    let notes = [Note(id: 1, text: "one"), Note(id: 2, text: "two")]
    func all(where predicate: (Note) -> Bool) -> [Note] { notes.filter(predicate) }
    func first(where predicate: @Sendable (Note) async -> Bool) async -> Note? {
        for note in notes where await predicate(note) { return note }
        return nil
    }
    func observe(_ handler: @escaping @Sendable (Note?) -> Void) { handler(notes.first) }
    func ordering() -> @Sendable (Note, Note) -> Bool { { $0.id < $1.id } }
    func save(_ models: some Sequence<Note>) async throws {}
    func count<C: Collection>(in models: C) -> Int where C.Element == Note { models.count }
}

/// Closures whose parameters or results are the bound associated type
/// travel at the requirement's abstraction (a `Model` by address), and a
/// method generic tied to it by a same-type requirement is decoded.
@Suite struct BoundAssociatedTypeClosureTests {
    let notes = [Note(id: 1, text: "alpha"), Note(id: 2, text: "beta"), Note(id: 3, text: "gamma")]

    @Test func aPredicateOfTheBoundTypeIsCalledWithEachValue() async throws {
        let stub = try Stub<any NoteRepository<Note>>()
        let notes = self.notes
        stub.when { $0.all(where: Match.any()) }.then { (predicate: (Note) -> Bool) in notes.filter(predicate) }
        await stub.when { await $0.first(where: Match.any()) }.then {
            (predicate: @Sendable (Note) async -> Bool) async in
            for note in notes where await predicate(note) { return note }
            return nil
        }
        let repository = stub()
        #expect(repository.all { $0.text.contains("a") && $0.id > 1 } == Array(notes[1...]))
        #expect(await repository.first { $0.text == "gamma" } == notes[2])
        #expect(await repository.first { _ in false } == nil)
    }

    @Test func closuresOfTheBoundTypeCrossBothWays() throws {
        let stub = try Stub<any NoteRepository<Note>>()
        let notes = self.notes
        stub.when { $0.observe(Match.any()) }.then { (handler: @escaping @Sendable (Note?) -> Void) in
            handler(notes[1])
            handler(nil)
        }
        stub.when { $0.ordering() }.thenReturn { $0.text > $1.text }
        let repository = stub()
        let seen = NoteBox()
        repository.observe { seen.append($0) }
        #expect(seen.values == [notes[1], nil])
        #expect(notes.sorted(by: repository.ordering()).map(\.id) == [3, 2, 1])
    }

    @Test func aMethodGenericTiedToTheBoundTypeIsRecordedExactly() async throws {
        let stub = try Stub<any NoteRepository<Note>>()
        await stub.when { try await $0.save(Match.any() as [Note]) }.thenDoNothing()
        stub.when { $0.count(in: Match.any() as [Note]) }.then { (models: [Note]) in models.count * 10 }
        let repository = stub()
        try await repository.save(notes)
        #expect(repository.count(in: notes) == 30)
        await stub.verify(.exactly(1)) { try await $0.save(notes) }
    }
}

private final class NoteBox: @unchecked Sendable {
    private(set) var values: [Note?] = []
    func append(_ note: Note?) { values.append(note) }
}
