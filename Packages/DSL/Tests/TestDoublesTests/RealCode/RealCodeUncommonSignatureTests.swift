import Foundation
import TestDoubles
import Testing

// Signatures app code writes that the other real-code files do not: `rethrows`
// generics, `consuming` / `borrowing` parameters, labelled tuples, nested
// optionals, eleven small scalars (some on the stack), `Result` and enum
// payloads, `Substring`, `Duration`, `Any` / `AnyObject` / `AnyHashable`, key
// paths, two `inout` parameters written back by one handler, a weak delegate,
// subscripts, closures returned, optional and async, and overloads told apart
// by type.

struct SWUser: Sendable, Equatable, Codable {
    var id: UUID
    var name: String
    var email: String
    var age: Int
    var tags: [String]
}

enum SWAPIError: Error, Equatable {
    case notFound
    case server(code: Int, message: String)
    case decoding(String)
}

enum SWEvent: Sendable, Equatable {
    case tap(x: Double, y: Double)
    case open(URL)
    case purchase(id: UUID, amount: Decimal, currency: String)
    case none
}

protocol SWConnection: Sendable {
    func execute(_ sql: String) throws -> Int
}

struct SWLiveConnection: SWConnection {
    func execute(_ sql: String) throws -> Int { sql.count }
}

protocol SWDatabase: Sendable {
    func withTransaction<T>(_ body: (any SWConnection) throws -> T) rethrows -> T
    func store(_ blob: consuming Data) -> Bool
    func inspect(_ rows: borrowing [Int]) -> Int
    func bounds() -> (min: Double, max: Double)
    func pair(_ value: (Int, String)) -> String
    func lookup(_ key: String?) -> String??
    func small(
        _ a: Int8, _ b: UInt8, _ c: Int16, _ d: UInt16, _ e: Int32, _ f: UInt32, _ g: Bool, _ h: Float, _ i: Int8,
        _ j: UInt16, _ k: Bool
    ) -> Int
    func outcome(_ result: Result<[SWUser], SWAPIError>) -> Int
    func track(_ event: SWEvent) -> Bool
    func slice(_ text: Substring) -> Int
    func elapsed(_ duration: Duration) -> Duration
    func erase(_ value: Any, _ object: AnyObject, _ key: AnyHashable) -> String
    func keyed(_ path: KeyPath<SWUser, String>) -> String
    func bump(_ counts: inout [String: Int], _ label: inout String)
    func reconcile(_ local: inout [String], with remote: [String], log: inout String) async -> Int
}

final class SWLiveDatabase: SWDatabase, @unchecked Sendable {
    func withTransaction<T>(_ body: (any SWConnection) throws -> T) rethrows -> T { try body(SWLiveConnection()) }
    func store(_ blob: consuming Data) -> Bool { !blob.isEmpty }
    func inspect(_ rows: borrowing [Int]) -> Int { rows.count }
    func bounds() -> (min: Double, max: Double) { (0, 1) }
    func pair(_ value: (Int, String)) -> String { "\(value.0)\(value.1)" }
    func lookup(_ key: String?) -> String?? { key }
    func small(
        _ a: Int8, _ b: UInt8, _ c: Int16, _ d: UInt16, _ e: Int32, _ f: UInt32, _ g: Bool, _ h: Float, _ i: Int8,
        _ j: UInt16, _ k: Bool
    ) -> Int { 0 }
    func outcome(_ result: Result<[SWUser], SWAPIError>) -> Int { 0 }
    func track(_ event: SWEvent) -> Bool { true }
    func slice(_ text: Substring) -> Int { text.count }
    func elapsed(_ duration: Duration) -> Duration { duration }
    func erase(_ value: Any, _ object: AnyObject, _ key: AnyHashable) -> String { "" }
    func keyed(_ path: KeyPath<SWUser, String>) -> String { "" }
    func bump(_ counts: inout [String: Int], _ label: inout String) { counts[label, default: 0] += 1 }
    func reconcile(_ local: inout [String], with remote: [String], log: inout String) async -> Int { 0 }
}

protocol SWDownloadDelegate: AnyObject, Sendable {
    func progress(_ fraction: Double)
}

final class SWLiveDownloadDelegate: SWDownloadDelegate, @unchecked Sendable {
    func progress(_ fraction: Double) {}
}

protocol SWDownloader: AnyObject, Sendable {
    var delegate: (any SWDownloadDelegate)? { get set }
    subscript(key: String) -> String? { get set }
    subscript(row: Int, column: Int) -> Double { get }
    func makeFormatter() -> (Int) -> String
    func fetch(_ url: URL, completion: ((Result<Data, any Error>) -> Void)?)
    func retry(times: Int, _ operation: @Sendable () async throws -> Data) async throws -> Data
    func metadata() -> [String: any Sendable]
    func flags() -> Set<SWAPIErrorKind>
    func start() -> Task<Void, Never>
    var items: [SWUser] { get async throws }
}

enum SWAPIErrorKind: Hashable, Sendable { case network, auth, other }

final class SWLiveDownloader: SWDownloader, @unchecked Sendable {
    weak var delegate: (any SWDownloadDelegate)?
    subscript(key: String) -> String? {
        get { nil }
        set {}
    }
    subscript(row: Int, column: Int) -> Double { Double(row * column) }
    func makeFormatter() -> (Int) -> String { { "\($0)" } }
    func fetch(_ url: URL, completion: ((Result<Data, any Error>) -> Void)?) { completion?(.success(Data())) }
    func retry(times: Int, _ operation: @Sendable () async throws -> Data) async throws -> Data {
        try await operation()
    }
    func metadata() -> [String: any Sendable] { [:] }
    func flags() -> Set<SWAPIErrorKind> { [] }
    func start() -> Task<Void, Never> { Task {} }
    var items: [SWUser] { get async throws { [] } }
}

protocol SWDecoder: Sendable {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
    func log(_ message: String)
    func log(_ value: Int)
    func log(_ message: String, level: Int)
}

struct SWLiveDecoder: SWDecoder {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
    func log(_ message: String) {}
    func log(_ value: Int) {}
    func log(_ message: String, level: Int) {}
}

protocol SWLayoutEngine: Sendable {
    func fit(_ width: inout Int, _ title: inout String, _ columns: inout [Int])
    func balance(_ total: Int, _ left: inout Int, _ right: inout Int) async
}

struct SWLiveLayoutEngine: SWLayoutEngine {
    func fit(_ width: inout Int, _ title: inout String, _ columns: inout [Int]) { width = min(width, 80) }
    func balance(_ total: Int, _ left: inout Int, _ right: inout Int) async { left = total / 2 }
}

private func sampleUser(_ n: Int) -> SWUser {
    SWUser(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(n % 10)")!, name: "user\(n)",
        email: "u\(n)@example.com", age: 20 + n, tags: ["a\(n)", "b\(n)"])
}

@Suite struct RealCodeUncommonSignatureTests {
    @Test func rethrowsGenericTransaction() throws {
        let db = try Stub<any SWDatabase>()
        db.when { $0.withTransaction(Match.any()) as Int }.thenReturn(7)
        let service: any SWDatabase = db()
        let got: Int = service.withTransaction { _ in 1 }
        #expect(got == 7)
    }

    @Test func consumingAndBorrowingParameters() throws {
        let db = try Stub<any SWDatabase>()
        db.when { $0.store(Match.any()) }.thenReturn(true)
        db.when { $0.inspect(Match.any()) }.thenReturn(3)
        let service: any SWDatabase = db()
        let blob = Data(repeating: 7, count: 100)
        #expect(service.store(blob))
        #expect(service.inspect([1, 2, 3, 4]) == 3)
        let stored: [Data] = db.when { $0.store(Match.any()) }.arguments()
        #expect(stored == [blob])
        let rows: [[Int]] = db.when { $0.inspect(Match.any()) }.arguments()
        #expect(rows == [[1, 2, 3, 4]])
    }

    @Test func tuplesAndNestedOptionals() throws {
        let db = try Stub<any SWDatabase>()
        db.when { $0.bounds() }.thenReturn((min: -2.5, max: 9.75))
        db.when { $0.pair(Match.any()) }.thenReturn("pair")
        db.when { $0.lookup("a") }.thenReturn(.some(nil))
        db.when { $0.lookup("b") }.thenReturn(.some("B"))
        db.when { $0.lookup(nil) }.thenReturn(nil)
        let service: any SWDatabase = db()
        let bounds = service.bounds()
        #expect(bounds.min == -2.5 && bounds.max == 9.75)
        #expect(service.pair((4, "four")) == "pair")
        #expect(service.lookup("a") == .some(nil))
        #expect(service.lookup("b") == .some("B"))
        #expect(service.lookup(nil) == nil)
        let pairs: [(Int, String)] = db.when { $0.pair(Match.any()) }.arguments()
        #expect(pairs.count == 1 && pairs[0].0 == 4 && pairs[0].1 == "four")
    }

    @Test func manySmallScalarsSpillToTheStack() throws {
        let db = try Stub<any SWDatabase>()
        db.when { $0.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 5, 7, false) }.thenReturn(11)
        db.when {
            $0.small(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any())
        }
        .thenReturn(-1)
        let service: any SWDatabase = db()
        #expect(service.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 5, 7, false) == 11)
        #expect(service.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 5, 7, true) == -1)
        #expect(service.small(-3, 250, -300, 60000, -70000, 4_000_000_000, true, 1.5, 6, 7, false) == -1)
        db.verify(3...3) {
            $0.small(
                Match.equal(-3), Match.equal(250), Match.equal(-300), Match.equal(60000), Match.equal(-70000),
                Match.equal(4_000_000_000), Match.equal(true), Match.equal(1.5), Match.any(), Match.equal(7),
                Match.any())
        }
    }

    @Test func resultAndEnumPayloadArguments() throws {
        let db = try Stub<any SWDatabase>()
        let users = [sampleUser(1), sampleUser(2)]
        db.when { $0.outcome(.success(users)) }.thenReturn(2)
        db.when { $0.outcome(.failure(.server(code: 503, message: "down"))) }.thenReturn(503)
        db.when { $0.outcome(Match.any()) }.thenReturn(-1)
        db.when { $0.track(.purchase(id: sampleUser(3).id, amount: Decimal(string: "19.99")!, currency: "EUR")) }
            .thenReturn(false)
        db.when { $0.track(Match.any()) }.thenReturn(true)
        let service: any SWDatabase = db()
        #expect(service.outcome(.success(users)) == 2)
        #expect(service.outcome(.failure(.server(code: 503, message: "down"))) == 503)
        #expect(service.outcome(.failure(.notFound)) == -1)
        #expect(
            service.track(.purchase(id: sampleUser(3).id, amount: Decimal(string: "19.99")!, currency: "EUR")) == false)
        #expect(service.track(.tap(x: 1, y: 2)) == true)
        #expect(service.track(.open(URL(string: "https://example.com")!)) == true)
        let events: [SWEvent] = db.when { $0.track(Match.any()) }.arguments()
        #expect(
            events == [
                .purchase(id: sampleUser(3).id, amount: Decimal(string: "19.99")!, currency: "EUR"), .tap(x: 1, y: 2),
                .open(URL(string: "https://example.com")!),
            ])
    }

    @Test func substringDurationAndErasedValues() throws {
        let db = try Stub<any SWDatabase>()
        db.when { $0.slice(Match.any()) }.thenReturn(42)
        db.when { $0.elapsed(.seconds(2)) }.thenReturn(.milliseconds(1500))
        db.when { $0.erase(Match.any(), Match.any(), Match.any()) }.thenReturn("erased")
        db.when { $0.keyed(\SWUser.email) }.thenReturn("email")
        db.when { $0.keyed(Match.any()) }.thenReturn("other")
        let service: any SWDatabase = db()
        let text = "hello, wide substring world"
        #expect(service.slice(text.dropFirst(7)) == 42)
        let slices: [Substring] = db.when { $0.slice(Match.any()) }.arguments()
        #expect(slices == ["wide substring world"])
        #expect(service.elapsed(.seconds(2)) == .milliseconds(1500))
        let object = SWLiveDatabase()
        #expect(service.erase(sampleUser(4), object, AnyHashable("k")) == "erased")
        let erased: [(Any, AnyObject, AnyHashable)] = db.when { $0.erase(Match.any(), Match.any(), Match.any()) }
            .arguments()
        #expect((erased.first?.0 as? SWUser) == sampleUser(4))
        #expect(erased.first?.1 === object)
        #expect(erased.first?.2 == AnyHashable("k"))
        #expect(service.keyed(\SWUser.email) == "email")
        #expect(service.keyed(\SWUser.name) == "other")
    }

    @Test func twoInoutParametersAreWrittenBackByOneHandler() async throws {
        let db = try Stub<any SWDatabase>()
        db.when {
            var counts: [String: Int] = Match.any()
            var label: String = Match.any()
            $0.bump(&counts, &label)
        }.then { (counts: inout [String: Int], label: inout String) in
            counts[label, default: 0] += 10
            label += "!"
        }
        await db.when {
            var local: [String] = Match.any()
            var log: String = Match.any()
            return await $0.reconcile(&local, with: Match.any(), log: &log)
        }.then { (local: inout [String], remote: [String], log: inout String) async -> Int in
            let added = remote.filter { !local.contains($0) }
            local += added
            log = "added \(added.count)"
            return added.count
        }
        let service: any SWDatabase = db()
        var counts = ["a": 1]
        var label = "a"
        service.bump(&counts, &label)
        #expect(counts == ["a": 11])
        #expect(label == "a!")
        var local = ["x"]
        var log = ""
        #expect(await service.reconcile(&local, with: ["x", "y", "z"], log: &log) == 2)
        #expect(local == ["x", "y", "z"])
        #expect(log == "added 2")
        // The ledger keeps the values the call brought, not the handler's.
        let calls: [([String: Int], String)] = db.when {
            var counts: [String: Int] = Match.any()
            var label: String = Match.any()
            $0.bump(&counts, &label)
        }.arguments()
        #expect(calls.count == 1 && calls[0].0 == ["a": 1] && calls[0].1 == "a")
    }

    @Test func threeInoutAndTwoTrailingInoutParametersAreWrittenBack() async throws {
        let layout = try Stub<any SWLayoutEngine>()
        layout.when {
            var width: Int = Match.any()
            var title: String = Match.any()
            var columns: [Int] = Match.any()
            $0.fit(&width, &title, &columns)
        }.then { (width: inout Int, title: inout String, columns: inout [Int]) in
            width -= 1
            title = title.uppercased()
            columns.append(width)
        }
        await layout.when {
            var left: Int = Match.any()
            var right: Int = Match.any()
            return await $0.balance(Match.any(), &left, &right)
        }.then { (total: Int, left: inout Int, right: inout Int) async in
            left = total / 3
            right = total - left
        }
        let engine: any SWLayoutEngine = layout()
        var width = 120
        var title = "home"
        var columns = [40]
        engine.fit(&width, &title, &columns)
        #expect(width == 119 && title == "HOME" && columns == [40, 119])
        var left = 0
        var right = 0
        await engine.balance(10, &left, &right)
        #expect(left == 3 && right == 7)
    }

    @Test func weakDelegatePropertyAndSubscripts() throws {
        let downloader = try Stub<any SWDownloader>()
        let delegate = SWLiveDownloadDelegate()
        downloader.when { $0.delegate }.thenReturn(delegate)
        downloader.when { $0["x"] }.thenReturn("X")
        downloader.when { $0[2, 3] }.thenReturn(6.5)
        downloader.when { $0.delegate = Match.any() }.thenReturn(())
        downloader.when { $0[Match.any()] = Match.any() }.thenReturn(())
        let service: any SWDownloader = downloader()
        #expect(service.delegate === delegate)
        #expect(service["x"] == "X")
        #expect(service[2, 3] == 6.5)
        service.delegate = nil
        service["y"] = "Y"
        downloader.verify { $0.delegate = nil }
        downloader.verify { $0["y"] = "Y" }
    }

    @Test func closuresReturnedOptionalAndAsync() async throws {
        let downloader = try Stub<any SWDownloader>()
        downloader.when { $0.makeFormatter() }.thenReturn({ "#\($0)" })
        downloader.when { $0.fetch(Match.any(), completion: Match.any()) }
            // `-> Void` named: Swift 6.0 reads a handler whose one expression is an optional chain as
            // answering `()??` (see CallPattern+OptionalResults.swift); later compilers need no annotation.
            .then { (_: URL, completion: ((Result<Data, any Error>) -> Void)?) -> Void in
                completion?(.success(Data([1, 2, 3])))
            }
        await downloader.when { try await $0.retry(times: Match.any(), Match.any()) }
            .then { (times: Int, operation: @Sendable () async throws -> Data) in
                var last = Data()
                for _ in 0..<times { last = try await operation() }
                return last
            }
        let service: any SWDownloader = downloader()
        #expect(service.makeFormatter()(5) == "#5")
        nonisolated(unsafe) var received: Data?
        service.fetch(URL(string: "https://example.com/a")!) { result in received = try? result.get() }
        #expect(received == Data([1, 2, 3]))
        service.fetch(URL(string: "https://example.com/b")!, completion: nil)
        let counter = SWCounter()
        let data = try await service.retry(times: 3) {
            await counter.increment()
            return Data([9])
        }
        #expect(data == Data([9]))
        #expect(await counter.value == 3)
    }

    @Test func collectionsOfExistentialsSetsTasksAndAsyncProperties() async throws {
        let downloader = try Stub<any SWDownloader>()
        downloader.when { $0.metadata() }.thenReturn(["count": 3, "name": "n"])
        downloader.when { $0.flags() }.thenReturn([.auth, .network])
        downloader.when { $0.start() }.thenReturn(Task {})
        await downloader.when { try await $0.items }.thenReturn([sampleUser(5)])
        let service: any SWDownloader = downloader()
        let metadata = service.metadata()
        #expect(metadata["count"] as? Int == 3)
        #expect(metadata["name"] as? String == "n")
        #expect(service.flags() == [.auth, .network])
        await service.start().value
        #expect(try await service.items == [sampleUser(5)])
    }

    @Test func genericDecodeAndOverloads() throws {
        let decoder = try Stub<any SWDecoder>()
        decoder.when { try $0.decode(Match.equal(SWUser.self), from: Match.any()) }.thenReturn(sampleUser(6))
        decoder.when { try $0.decode(Match.equal(Int.self), from: Match.any()) }.thenThrow(SWAPIError.decoding("int"))
        decoder.when { $0.log(Match.any() as String) }.thenReturn(())
        decoder.when { $0.log(Match.any() as Int) }.thenReturn(())
        decoder.when { $0.log(Match.any(), level: Match.any()) }.thenReturn(())
        let service: any SWDecoder = decoder()
        #expect(try service.decode(SWUser.self, from: Data()) == sampleUser(6))
        #expect(throws: SWAPIError.decoding("int")) { try service.decode(Int.self, from: Data()) }
        service.log("a")
        service.log(1)
        service.log("b", level: 2)
        decoder.verify { $0.log("a") }
        decoder.verify { $0.log(1) }
        decoder.verify { $0.log("b", level: 2) }
        decoder.verify(0...0) { $0.log("b") }
    }
}

actor SWCounter {
    var value = 0
    func increment() { value += 1 }
}
