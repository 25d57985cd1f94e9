import Foundation
import TestDoubles
import Testing

// The uncommon signatures of RealCodeUncommonSignatureTests forwarded by a
// `Spy` to the real conformer: every forwarded call must reach the conformer
// with the caller's exact values and bring its exact answer back.

final class SWRecordingDatabase: SWDatabase, @unchecked Sendable {
    let log = SWLog()
    func withTransaction<T>(_ body: (any SWConnection) throws -> T) rethrows -> T {
        log.add("transaction")
        return try body(SWLiveConnection())
    }
    func store(_ blob: consuming Data) -> Bool {
        log.add("store \(blob.count)")
        return blob.first == 7
    }
    func inspect(_ rows: borrowing [Int]) -> Int { rows.reduce(0, +) }
    func bounds() -> (min: Double, max: Double) { (-1.25, 3.5) }
    func pair(_ value: (Int, String)) -> String { "\(value.0)-\(value.1)" }
    func lookup(_ key: String?) -> String?? {
        switch key {
        case nil: return nil
        case "empty"?: return .some(nil)
        case let key?: return .some(key.uppercased())
        }
    }
    func small(
        _ a: Int8, _ b: UInt8, _ c: Int16, _ d: UInt16, _ e: Int32, _ f: UInt32, _ g: Bool, _ h: Float, _ i: Int8,
        _ j: UInt16, _ k: Bool
    ) -> Int {
        Int(a) + Int(b) + Int(c) + Int(d) + Int(e) + Int(f) + (g ? 1000 : 0) + Int(h * 10) + Int(i) + Int(j)
            + (k ? 100_000 : 0)
    }
    func outcome(_ result: Result<[SWUser], SWAPIError>) -> Int {
        switch result {
        case .success(let users): return users.map(\.age).reduce(0, +)
        case .failure(.server(let code, _)): return -code
        case .failure: return -1
        }
    }
    func track(_ event: SWEvent) -> Bool {
        if case .purchase(_, let amount, _) = event { return amount > 10 }
        return false
    }
    func slice(_ text: Substring) -> Int { text.utf8.count * 10 + (text.first == "w" ? 1 : 0) }
    func elapsed(_ duration: Duration) -> Duration { duration * 3 }
    func erase(_ value: Any, _ object: AnyObject, _ key: AnyHashable) -> String {
        "\(type(of: value))|\(object === self)|\(key)"
    }
    func keyed(_ path: KeyPath<SWUser, String>) -> String {
        SWUser(id: UUID(), name: "N", email: "E", age: 1, tags: [])[keyPath: path]
    }
    func bump(_ counts: inout [String: Int], _ label: inout String) {
        counts[label, default: 0] += 1
        label += "+"
    }
    func reconcile(_ local: inout [String], with remote: [String], log: inout String) async -> Int {
        local += remote
        log = "merged"
        return local.count
    }
}

final class SWLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

@Suite struct RealCodeSpyForwardingSignatureTests {
    @Test func everyUncommonSignatureForwardsExactly() async throws {
        let real = SWRecordingDatabase()
        let spy = try Spy<any SWDatabase>(forwardingTo: real)
        let db: any SWDatabase = spy()

        #expect(db.withTransaction { try? $0.execute("select 1") } == 8)
        // Bound first: Swift 6.0.3's type checker crashes on a `consuming` call of a temporary inside #expect.
        let storedFirst = db.store(Data([7, 1, 2]))
        let storedSecond = db.store(Data([1]))
        #expect(storedFirst && !storedSecond)
        #expect(db.inspect([1, 2, 3, 4]) == 10)
        let bounds = db.bounds()
        #expect(bounds.min == -1.25 && bounds.max == 3.5)
        #expect(db.pair((3, "x")) == "3-x")
        #expect(db.lookup(nil) == nil)
        #expect(db.lookup("empty") == .some(nil))
        #expect(db.lookup("k") == .some("K"))
        #expect(
            db.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 5, 7, true)
                == real.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 5, 7, true))
        let users = [
            SWUser(id: UUID(), name: "a", email: "a", age: 30, tags: []),
            SWUser(id: UUID(), name: "b", email: "b", age: 12, tags: ["t"]),
        ]
        #expect(db.outcome(.success(users)) == 42)
        #expect(db.outcome(.failure(.server(code: 503, message: "down"))) == -503)
        #expect(db.track(.purchase(id: UUID(), amount: Decimal(string: "19.99")!, currency: "EUR")))
        #expect(!db.track(.tap(x: 1, y: 2)))
        let text = "hello, wide substring world"
        #expect(db.slice(text.dropFirst(7)) == real.slice(text.dropFirst(7)))
        #expect(db.elapsed(.milliseconds(250)) == .milliseconds(750))
        #expect(db.erase(users[0], real, AnyHashable(5)) == "SWUser|true|5")
        #expect(db.keyed(\SWUser.email) == "E")
        var counts = ["a": 1]
        var label = "a"
        db.bump(&counts, &label)
        #expect(counts == ["a": 2] && label == "a+")

        var local = ["x"]
        var log = ""
        #expect(await db.reconcile(&local, with: ["y"], log: &log) == 2)
        #expect(local == ["x", "y"] && log == "merged")

        #expect(real.log.all == ["transaction", "store 3", "store 1"])
        spy.verify(2...2) { $0.store(Match.any()) }
        let pairs: [(Int, String)] = spy.when { $0.pair(Match.any()) }.arguments()
        #expect(pairs.count == 1 && pairs[0].0 == 3 && pairs[0].1 == "x")
    }

    @Test func delegatesSubscriptsAndClosuresForwardExactly() async throws {
        let real = SWLiveDownloader()
        let spy = try Spy<any SWDownloader>(forwardingTo: real)
        let downloader: any SWDownloader = spy()
        let delegate = SWLiveDownloadDelegate()
        downloader.delegate = delegate
        #expect(real.delegate === delegate)
        #expect(downloader.delegate === delegate)
        #expect(downloader[4, 5] == 20)
        #expect(downloader.makeFormatter()(12) == "12")
        nonisolated(unsafe) var received: Data?
        downloader.fetch(URL(string: "https://example.com")!) { received = try? $0.get() }
        #expect(received == Data())
        let data = try await downloader.retry(times: 2) { Data([4, 2]) }
        #expect(data == Data([4, 2]))
        #expect(try await downloader.items.isEmpty)
        spy.verify { $0.delegate = Match.identical(to: delegate) }
    }
}
