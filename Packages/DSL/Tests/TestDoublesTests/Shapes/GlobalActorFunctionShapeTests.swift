import TestDoubles
import Testing

// Global-actor function types as results and property values, custom global
// actors as function-type attributes and as the isolation of a protocol
// (issue 19). A closure isolated to an actor runs on that actor when called.

/// A global actor of an app's persistence layer, as apps declare one.
@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

/// A row the persistence layer hands around.
struct StoredRow: Equatable, Sendable {
    var id: Int
    var title: String
}

/// Function types isolated to the main actor and to a custom global actor,
/// in every position a protocol uses them.
protocol ChangeObserving {
    var onChange: (@MainActor @Sendable (Int) -> Void)? { get set }
    func makeHandler() -> @MainActor (String) -> Void
    func makeWriter() -> @DatabaseActor @Sendable (StoredRow) -> Int
    func schedule(_ work: @escaping @DatabaseActor @Sendable (Int) -> Void) -> Bool
    var onRow: (@DatabaseActor @Sendable (StoredRow) -> Void)? { get set }
    func makeReader() -> @DatabaseActor @Sendable (Int) async -> StoredRow
    func makeThrowingWriter() throws -> @DatabaseActor @Sendable (StoredRow) throws -> Int
}

/// A conformer the spies forward to; it also lets discovery read the signatures.
final class LiveChangeObserving: ChangeObserving, @unchecked Sendable {
    var onChange: (@MainActor @Sendable (Int) -> Void)?
    var onRow: (@DatabaseActor @Sendable (StoredRow) -> Void)?
    func makeHandler() -> @MainActor (String) -> Void {
        { text in
            MainActor.assertIsolated()
            LiveRecords.main.append(text)
        }
    }
    func makeWriter() -> @DatabaseActor @Sendable (StoredRow) -> Int {
        { row in
            DatabaseActor.assertIsolated()
            return row.id * 100
        }
    }
    func schedule(_ work: @escaping @DatabaseActor @Sendable (Int) -> Void) -> Bool {
        Task { @DatabaseActor in work(41) }
        return true
    }
    func makeReader() -> @DatabaseActor @Sendable (Int) async -> StoredRow {
        { id in
            DatabaseActor.assertIsolated()
            return StoredRow(id: id, title: "live")
        }
    }
    func makeThrowingWriter() throws -> @DatabaseActor @Sendable (StoredRow) throws -> Int {
        { row in row.id }
    }
}

/// What the live main-actor handler saw.
@MainActor enum LiveRecords {
    static var main: [String] = []
}

/// What closures isolated to the database actor saw.
@DatabaseActor enum DatabaseRecords {
    static var rows: [StoredRow] = []
    static var numbers: [Int] = []
}

/// A protocol isolated to a custom global actor, synchronous and async requirements.
@DatabaseActor protocol RowRepository {
    func load() async -> [StoredRow]
    func count() -> Int
    func save(_ row: StoredRow) throws
    var name: String { get set }
}

@DatabaseActor final class LiveRowRepository: RowRepository {
    var rows: [StoredRow] = []
    var name = "live"
    func load() async -> [StoredRow] { rows }
    func count() -> Int { rows.count }
    func save(_ row: StoredRow) throws { rows.append(row) }
}

struct RowRejected: Error, Equatable {}

@Suite struct GlobalActorFunctionShapeTests {
    @Test @MainActor func aMainActorPropertyGetsAndSetsAndItsClosureRunsOnTheMainActor() throws {
        let stub = try Stub<any ChangeObserving>()
        var seen: [Int] = []
        let observer: @MainActor @Sendable (Int) -> Void = { value in
            MainActor.assertIsolated()
            seen.append(value)
        }
        stub.when { $0.onChange }.thenReturn(observer)
        let sets = stub.whenSet { $0.onChange = Match.any() }
        sets.thenDoNothing()
        var sut = stub()
        let read = try #require(sut.onChange)
        read(7)
        #expect(seen == [7])

        var assigned: [Int] = []
        sut.onChange = { @MainActor value in assigned.append(value * 2) }
        sut.onChange = nil
        let values: [(@MainActor @Sendable (Int) -> Void)?] = sets.arguments()
        #expect(values.count == 2)
        let first = try #require(values.first.flatMap { $0 })
        first(21)
        #expect(assigned == [42])
        #expect(values.last.map { $0 == nil } == true)
    }

    @Test @MainActor func aMainActorClosureResultRunsOnTheMainActor() throws {
        let stub = try Stub<any ChangeObserving>()
        var texts: [String] = []
        let handler: @MainActor (String) -> Void = { text in
            MainActor.assertIsolated()
            texts.append(text)
        }
        stub.when(returning: handler) { $0.makeHandler() }.thenReturn(handler)
        stub().makeHandler()("saved")
        #expect(texts == ["saved"])

        let spy = try Spy<any ChangeObserving>(forwardingTo: LiveChangeObserving())
        spy().makeHandler()("forwarded")
        #expect(LiveRecords.main.last == "forwarded")
    }

    @Test func aCustomGlobalActorResultRunsOnItsActor() async throws {
        let stub = try Stub<any ChangeObserving>()
        let writer: @DatabaseActor @Sendable (StoredRow) -> Int = { row in
            DatabaseActor.assertIsolated()
            DatabaseRecords.rows.append(row)
            return row.id + 1
        }
        stub.when { $0.makeWriter() }.thenReturn(writer)
        let write = stub().makeWriter()
        #expect(await write(StoredRow(id: 4, title: "four")) == 5)
        #expect(await DatabaseRecords.rows.contains(StoredRow(id: 4, title: "four")))

        let spy = try Spy<any ChangeObserving>(forwardingTo: LiveChangeObserving())
        #expect(await spy().makeWriter()(StoredRow(id: 3, title: "")) == 300)
    }

    @Test func aCustomGlobalActorArgumentReachesTheHandlerAndRunsOnItsActor() async throws {
        let stub = try Stub<any ChangeObserving>()
        let schedules = stub.when { $0.schedule(Match.any()) }
        schedules.then { (work: @escaping @DatabaseActor @Sendable (Int) -> Void) in
            Task { @DatabaseActor in work(9) }
            return true
        }
        let done = AsyncStream<Int>.makeStream()
        #expect(
            stub().schedule { value in
                DatabaseActor.assertIsolated()
                DatabaseRecords.numbers.append(value)
                done.continuation.yield(value)
            })
        var iterator = done.stream.makeAsyncIterator()
        #expect(await iterator.next() == 9)
        let kept: [@DatabaseActor @Sendable (Int) -> Void] = schedules.arguments()
        #expect(kept.count == 1)
        let again = try #require(kept.first)
        await again(10)
        #expect(await iterator.next() == 10)
        #expect(await DatabaseRecords.numbers.suffix(2) == [9, 10])
    }

    @Test func aCustomGlobalActorPropertyGetsAndSets() async throws {
        let stub = try Stub<any ChangeObserving>()
        let sets = stub.whenSet { $0.onRow = Match.any() }
        sets.thenDoNothing()
        stub.when { $0.onRow }.thenReturn({ @DatabaseActor @Sendable (row: StoredRow) in
            DatabaseActor.assertIsolated()
            DatabaseRecords.rows.append(StoredRow(id: row.id, title: "read"))
        })
        var sut = stub()
        let read = try #require(sut.onRow)
        await read(StoredRow(id: 11, title: ""))
        #expect(await DatabaseRecords.rows.contains(StoredRow(id: 11, title: "read")))
        sut.onRow = { row in DatabaseRecords.rows.append(StoredRow(id: row.id, title: "set")) }
        let assigned: [(@DatabaseActor @Sendable (StoredRow) -> Void)?] = sets.arguments()
        let closure = try #require(assigned.first.flatMap { $0 })
        await closure(StoredRow(id: 12, title: ""))
        #expect(await DatabaseRecords.rows.contains(StoredRow(id: 12, title: "set")))
    }

    @Test func anAsyncCustomGlobalActorResultRunsOnItsActor() async throws {
        let stub = try Stub<any ChangeObserving>()
        stub.when { $0.makeReader() }.thenReturn({ @DatabaseActor @Sendable (id: Int) async -> StoredRow in
            DatabaseActor.assertIsolated()
            return StoredRow(id: id, title: "stub")
        })
        #expect(await stub().makeReader()(6) == StoredRow(id: 6, title: "stub"))
        let spy = try Spy<any ChangeObserving>(forwardingTo: LiveChangeObserving())
        #expect(await spy().makeReader()(2) == StoredRow(id: 2, title: "live"))
    }

    @Test func aThrowingCustomGlobalActorResult() async throws {
        let stub = try Stub<any ChangeObserving>()
        stub.when { try $0.makeThrowingWriter() }.thenReturn({
            @DatabaseActor @Sendable (row: StoredRow) throws -> Int in
            DatabaseActor.assertIsolated()
            guard row.id > 0 else { throw RowRejected() }
            return row.id
        })
        let write = try stub().makeThrowingWriter()
        #expect(try await write(StoredRow(id: 8, title: "")) == 8)
        await #expect(throws: RowRejected()) { try await write(StoredRow(id: 0, title: "")) }
    }

    @Test @DatabaseActor func aProtocolIsolatedToACustomGlobalActor() async throws {
        let stub = try Stub<any RowRepository>()
        let row = StoredRow(id: 1, title: "one")
        await stub.when { await $0.load() }.thenReturn([row])
        stub.when { $0.count() }.then { () -> Int in
            DatabaseActor.assertIsolated()
            return 3
        }
        let saves = stub.when { try $0.save(Match.any()) }
        saves.thenThrow(RowRejected())
        stub.when { $0.name }.thenReturn("stubbed")
        stub.whenSet { $0.name = Match.any() }.thenDoNothing()
        var sut = stub()
        #expect(await sut.load() == [row])
        #expect(sut.count() == 3)
        #expect(throws: RowRejected()) { try sut.save(row) }
        #expect(sut.name == "stubbed")
        sut.name = "renamed"
        stub.verifySet(1...1) { $0.name = Match.equal("renamed") }
        #expect(saves.arguments() == [row])

        let live = LiveRowRepository()
        let spy = try Spy<any RowRepository>(forwardingTo: live)
        try spy().save(row)
        #expect(spy().count() == 1)
        #expect(await spy().load() == [row])
        #expect(live.rows == [row])
    }

    @Test func aProtocolIsolatedToACustomGlobalActorFromANonisolatedTest() async throws {
        let stub = try Stub<any RowRepository>()
        await stub.when { @DatabaseActor double in
            await Task.yield()
            return double.count()
        }.thenReturn(5)
        let sut = stub()
        #expect(await sut.count() == 5)
    }
}
