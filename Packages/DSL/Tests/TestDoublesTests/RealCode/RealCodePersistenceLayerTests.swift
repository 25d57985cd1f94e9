import Foundation
import TestDoubles
import Testing

// A persistence layer as a notes app writes it: a `Codable` document store
// with generic save/load, attribute bags as `[String: any Sendable]`, change
// sets as `Set<AnyHashable>` and `IndexSet`, a `CharacterSet` for search
// tokenizing, records keyed by `UUID`, change notifications posted through
// `NotificationCenter`, and a query language as an enum whose cases carry
// payloads of several sizes, some of them `indirect`.

struct PLNote: Codable, Equatable, Sendable {
    var id: UUID
    var title: String
    var body: String
    var pinned: Bool
    var modified: Date
}

indirect enum PLQuery: Equatable, Sendable {
    case all
    case pinned(Bool)
    case titled(String)
    case modifiedBetween(Date, Date, inclusive: Bool)
    case not(PLQuery)
    case and(PLQuery, PLQuery)
    case limit(Int8, of: PLQuery)
}

enum PLChange: Equatable, Sendable {
    case inserted(UUID)
    case updated(UUID, fields: Set<String>)
    case moved(from: IndexSet, to: Int)
    case purged
}

enum PLStoreError: Error, Equatable {
    case notFound(key: String)
    case corrupt(offset: Int, reason: String)
}

extension Notification.Name {
    static let plStoreDidChange = Notification.Name("PLStoreDidChange")
}

protocol PLDocumentStore: Sendable {
    func save<T: Codable & Sendable>(_ value: T, forKey key: String) throws
    func load<T: Codable & Sendable>(_ type: T.Type, forKey key: String) throws -> T?
    func notes(matching query: PLQuery) -> [UUID: PLNote]
    func apply(_ changes: [PLChange]) -> IndexSet
    func attributes(of id: UUID) -> [String: any Sendable]
    func setAttributes(_ attributes: [String: any Sendable], of id: UUID)
    func dirtyKeys() -> Set<AnyHashable>
    func tokens(in text: String, separatedBy separators: CharacterSet) -> [Substring]
    func post(_ notification: Notification)
    func observe(_ name: Notification.Name, using block: @escaping @Sendable (Notification) -> Void) -> UUID
}

/// The in-memory store the app uses in previews and as the cache under SQLite.
final class PLMemoryStore: PLDocumentStore, @unchecked Sendable {
    private let lock = NSLock()
    private var blobs: [String: Data] = [:]
    private var records: [UUID: PLNote] = [:]
    let center = NotificationCenter()

    init(notes: [PLNote]) {
        for note in notes { records[note.id] = note }
    }

    func save<T: Codable & Sendable>(_ value: T, forKey key: String) throws {
        let data = try JSONEncoder().encode(value)
        lock.lock()
        blobs[key] = data
        lock.unlock()
    }
    func load<T: Codable & Sendable>(_ type: T.Type, forKey key: String) throws -> T? {
        lock.lock()
        let data = blobs[key]
        lock.unlock()
        guard let data else { return nil }
        return try JSONDecoder().decode(type, from: data)
    }
    func notes(matching query: PLQuery) -> [UUID: PLNote] {
        lock.lock()
        defer { lock.unlock() }
        return records.filter { Self.matches($0.value, query) }
    }
    static func matches(_ note: PLNote, _ query: PLQuery) -> Bool {
        switch query {
        case .all: true
        case .pinned(let pinned): note.pinned == pinned
        case .titled(let title): note.title == title
        case .modifiedBetween(let start, let end, let inclusive):
            inclusive ? (start...end).contains(note.modified) : (start..<end).contains(note.modified)
        case .not(let inner): !matches(note, inner)
        case .and(let lhs, let rhs): matches(note, lhs) && matches(note, rhs)
        case .limit(_, let inner): matches(note, inner)
        }
    }
    func apply(_ changes: [PLChange]) -> IndexSet {
        var touched = IndexSet()
        for (index, change) in changes.enumerated() where change != .purged { touched.insert(index) }
        return touched
    }
    func attributes(of id: UUID) -> [String: any Sendable] { ["id": id, "size": 3] }
    func setAttributes(_ attributes: [String: any Sendable], of id: UUID) {}
    func dirtyKeys() -> Set<AnyHashable> { [AnyHashable("title"), AnyHashable(7)] }
    func tokens(in text: String, separatedBy separators: CharacterSet) -> [Substring] {
        text.split { $0.unicodeScalars.allSatisfy(separators.contains) }
    }
    func post(_ notification: Notification) { center.post(notification) }
    func observe(_ name: Notification.Name, using block: @escaping @Sendable (Notification) -> Void) -> UUID {
        _ = center.addObserver(forName: name, object: nil, queue: nil, using: block)
        return UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!
    }
}

struct PLSettings: Codable, Equatable, Sendable {
    var fontSize: Double
    var theme: String
    var sortDescending: Bool
}

final class PLInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }
    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// The code under test: the notes list's model.
@MainActor final class PLNotesModel {
    let store: any PLDocumentStore
    private(set) var visible: [PLNote] = []
    private(set) var changeCount = 0
    private var token: UUID?

    init(store: any PLDocumentStore) { self.store = store }

    func start() {
        token = store.observe(.plStoreDidChange) { [weak self] note in
            let count = note.userInfo?["count"] as? Int ?? 0
            MainActor.assumeIsolated { self?.changeCount += count }
        }
    }

    func reload(_ query: PLQuery) {
        visible = store.notes(matching: query).values.sorted { $0.title < $1.title }
    }

    func rename(_ note: PLNote, to title: String) {
        let changes: [PLChange] = [.updated(note.id, fields: ["title"]), .moved(from: [0, 2, 4], to: 1)]
        let touched = store.apply(changes)
        store.post(Notification(name: .plStoreDidChange, object: nil, userInfo: ["count": touched.count]))
    }
}

@Suite struct RealCodePersistenceLayerTests {
    static let first = PLNote(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, title: "Groceries", body: "milk",
        pinned: true, modified: Date(timeIntervalSince1970: 1_790_000_000))
    static let second = PLNote(
        id: UUID(uuidString: "F621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, title: "Trips", body: "Lisbon",
        pinned: false, modified: Date(timeIntervalSince1970: 1_790_500_000))
    static let january = Date(timeIntervalSince1970: 1_789_000_000)
    static let june = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func genericCodableSaveAndLoadSeeTheirTypeAndValue() throws {
        let store = try Stub<any PLDocumentStore>()
        let saves = store.when { try $0.save(Match.any() as PLSettings, forKey: Match.any()) }
        saves.thenDoNothing()
        store.when { try $0.load(PLSettings.self, forKey: "settings") }
            .thenReturn(PLSettings(fontSize: 17.5, theme: "dusk", sortDescending: true))
        store.when { try $0.load(Match.equal(PLSettings.self), forKey: Match.any()) }.thenThrow(
            PLStoreError.notFound(key: "?"))
        store.when { try $0.load(Match.equal([String].self), forKey: Match.any()) }.then {
            (_: [String].Type, key: String) in
            [key, key.uppercased()]
        }

        let sut = store()
        try sut.save(PLSettings(fontSize: 12, theme: "paper", sortDescending: false), forKey: "settings")
        #expect(
            try sut.load(PLSettings.self, forKey: "settings")
                == PLSettings(fontSize: 17.5, theme: "dusk", sortDescending: true))
        #expect(throws: PLStoreError.notFound(key: "?")) { try sut.load(PLSettings.self, forKey: "other") }
        #expect(try sut.load([String].self, forKey: "tags") == ["tags", "TAGS"])
        let saved: [(PLSettings, String)] = saves.arguments()
        #expect(saved.count == 1)
        #expect(saved.first?.0 == PLSettings(fontSize: 12, theme: "paper", sortDescending: false))
        #expect(saved.first?.1 == "settings")
    }

    @Test func theSpyRoundTripsCodableValuesThroughTheMemoryStore() throws {
        let spy = try Spy<any PLDocumentStore>(forwardingTo: PLMemoryStore(notes: []))
        let sut = spy()
        try sut.save(Self.first, forKey: "note")
        try sut.save([1, 2, 3], forKey: "numbers")
        #expect(try sut.load(PLNote.self, forKey: "note") == Self.first)
        #expect(try sut.load([Int].self, forKey: "numbers") == [1, 2, 3])
        #expect(try sut.load(PLNote.self, forKey: "absent") == nil)
        spy.verify(.exactly(1)) { try $0.save(Match.any() as PLNote, forKey: Match.any()) }
        spy.verify(.exactly(2)) { try $0.load(Match.equal(PLNote.self), forKey: Match.any()) }
    }

    @MainActor @Test func anIndirectQueryTreeReachesTheStoreIntact() throws {
        let store = try Stub<any PLDocumentStore>()
        let queries = store.when { $0.notes(matching: Match.any()) }
        queries.then { (query: PLQuery) in
            query == .all ? [Self.first.id: Self.first, Self.second.id: Self.second] : [Self.second.id: Self.second]
        }
        let model = PLNotesModel(store: store())
        let query = PLQuery.limit(
            -5,
            of: .and(
                .not(.pinned(true)),
                .and(.modifiedBetween(Self.january, Self.june, inclusive: false), .titled("Trips"))))
        model.reload(query)
        #expect(model.visible == [Self.second])
        model.reload(.all)
        #expect(model.visible == [Self.first, Self.second])
        let seen: [PLQuery] = queries.arguments()
        #expect(seen == [query, .all])
        store.verify { $0.notes(matching: Match.equal(query)) }
    }

    @Test func theSpyEvaluatesTheQueryTreeInTheRealStore() throws {
        let spy = try Spy<any PLDocumentStore>(forwardingTo: PLMemoryStore(notes: [Self.first, Self.second]))
        let sut = spy()
        #expect(sut.notes(matching: .and(.not(.pinned(true)), .titled("Trips"))) == [Self.second.id: Self.second])
        #expect(
            sut.notes(matching: .modifiedBetween(Self.january, Self.first.modified, inclusive: true)).keys.sorted {
                $0.uuidString < $1.uuidString
            } == [Self.first.id])
        #expect(sut.notes(matching: .modifiedBetween(Self.january, Self.first.modified, inclusive: false)).isEmpty)
        #expect(sut.notes(matching: .limit(2, of: .all)).count == 2)
    }

    @MainActor @Test func changesOfEveryPayloadSizeAndANotificationRoundTrip() throws {
        let store = try Stub<any PLDocumentStore>()
        let applied = store.when { $0.apply(Match.any()) }
        applied.then { (changes: [PLChange]) in
            var set = IndexSet()
            for case .moved(let from, let to) in changes { set.formUnion(from); set.insert(to) }
            return set
        }
        let observed = CallbackCapture<@Sendable (Notification) -> Void>()
        let observers = store.when { $0.observe(Match.any(), using: observed.capture()) }
        observers.thenReturn(UUID(uuidString: "11111111-2222-4333-8444-555555555555")!)
        let posts = store.when { $0.post(Match.any()) }
        posts.then { (note: Notification) in observed.last?(note) }

        let model = PLNotesModel(store: store())
        model.start()
        model.rename(Self.first, to: "Shopping")

        #expect(model.changeCount == 4)  // {0, 1, 2, 4}
        let batches: [[PLChange]] = applied.arguments()
        #expect(batches == [[.updated(Self.first.id, fields: ["title"]), .moved(from: [0, 2, 4], to: 1)]])
        let names: [Notification.Name] = observers.arguments()
        #expect(names == [.plStoreDidChange])
        let notes: [Notification] = posts.arguments()
        #expect(notes.count == 1)
        #expect(notes.first?.name == .plStoreDidChange)
        #expect(notes.first?.userInfo?["count"] as? Int == 4)
    }

    @Test func attributeBagsAndAnyHashableSetsKeepTheirDynamicTypes() throws {
        let store = try Stub<any PLDocumentStore>()
        let id = Self.first.id
        store.when { $0.attributes(of: Match.any()) }.then { (id: UUID) -> [String: any Sendable] in
            ["id": id, "words": 12, "ratio": 0.25, "tags": ["a", "b"], "pinned": true]
        }
        let writes = store.when { $0.setAttributes(Match.any(), of: Match.any()) }
        writes.thenDoNothing()
        store.when { $0.dirtyKeys() }.thenReturn([AnyHashable("title"), AnyHashable(42), AnyHashable(id)])

        let sut = store()
        let bag = sut.attributes(of: id)
        #expect(bag["id"] as? UUID == id)
        #expect(bag["words"] as? Int == 12)
        #expect(bag["ratio"] as? Double == 0.25)
        #expect(bag["tags"] as? [String] == ["a", "b"])
        #expect(bag["pinned"] as? Bool == true)
        sut.setAttributes(["color": "red", "order": Int8(-3), "at": Self.june], of: id)
        let written: [([String: any Sendable], UUID)] = writes.arguments()
        #expect(written.count == 1)
        #expect(written.first?.0["color"] as? String == "red")
        #expect(written.first?.0["order"] as? Int8 == -3)
        #expect(written.first?.0["at"] as? Date == Self.june)
        #expect(written.first?.1 == id)
        let dirty = sut.dirtyKeys()
        #expect(dirty == [AnyHashable("title"), AnyHashable(42), AnyHashable(id)])
        #expect(dirty.contains(AnyHashable(id)))
    }

    @Test func characterSetsAndSubstringResults() throws {
        let store = try Stub<any PLDocumentStore>()
        let tokenizes = store.when { $0.tokens(in: Match.any(), separatedBy: Match.any()) }
        tokenizes.then { (text: String, separators: CharacterSet) in
            text.split { $0.unicodeScalars.allSatisfy(separators.contains) }
        }
        let separators = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",;"))
        let tokens = store().tokens(in: "milk, eggs;bread  tea", separatedBy: separators)
        #expect(tokens == ["milk", "eggs", "bread", "tea"])
        let seen: [(String, CharacterSet)] = tokenizes.arguments()
        #expect(seen.first?.1 == separators)
        #expect(seen.first?.1.contains(";") == true)
        #expect(seen.first?.1.contains("x") == false)

        let spy = try Spy<any PLDocumentStore>(forwardingTo: PLMemoryStore(notes: []))
        #expect(spy().tokens(in: "a b,c", separatedBy: separators) == ["a", "b", "c"])
        #expect(spy().dirtyKeys() == [AnyHashable("title"), AnyHashable(7)])
        #expect(spy().attributes(of: Self.first.id)["size"] as? Int == 3)
    }

    @Test func theRealStorePostsToObserversTheSpyRegistered() throws {
        let memory = PLMemoryStore(notes: [])
        let spy = try Spy<any PLDocumentStore>(forwardingTo: memory)
        let received = PLInbox()
        let token = spy().observe(.plStoreDidChange) { note in
            received.append(note.userInfo?["count"] as? Int ?? -1)
        }
        #expect(token == UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!)
        spy().post(Notification(name: .plStoreDidChange, object: nil, userInfo: ["count": 9]))
        spy().post(Notification(name: .plStoreDidChange, object: nil, userInfo: ["count": 2]))
        #expect(received.values == [9, 2])
        #expect(spy().apply([.purged, .inserted(Self.first.id), .moved(from: [1], to: 0)]) == IndexSet([1, 2]))
        spy.verify(.exactly(2)) { $0.post(Match.any()) }
    }
}
