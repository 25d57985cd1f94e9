import Foundation
import TestDoubles
import Testing

// A work scheduler and a URL-keyed cache as apps declare them: closures
// passed `sending`, `@Sendable` and with an `inout` parameter, a `sending`
// value, a completion called back, and primary associated types bound to
// Foundation types (`any SDKCache<URL, Data>`).

final class SDKDraft {
    var lines: [String]
    init(lines: [String]) { self.lines = lines }
}

struct SDKBatch: Sendable, Equatable {
    var ids: [UUID]
    var deadline: Date
}

protocol SDKWorkQueue: Sendable {
    func enqueue(_ label: String, _ work: sending @escaping () -> Void)
    func submit(_ draft: sending SDKDraft) async -> Int
    func schedule(at date: Date, _ job: @escaping @Sendable (SDKBatch) async throws -> Int) -> UUID
    func update(_ batch: inout SDKBatch, with transform: (inout SDKBatch) throws -> Void) rethrows
    func transaction(_ body: (inout [String: Int]) -> Void) async -> [String: Int]
    func completion(for id: UUID) -> @Sendable (Result<SDKBatch, any Error>) -> Void
}

protocol SDKCache<Key, Value>: Sendable {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable
    func value(for key: Key) -> Value?
    func store(_ value: Value, for key: Key, expires: Date?) throws
    func keys() async -> [Key]
}

final class SDKDiskCache: SDKCache, @unchecked Sendable {
    var entries: [URL: Data] = [:]
    func value(for key: URL) -> Data? { entries[key] }
    func store(_ value: Data, for key: URL, expires: Date?) throws {
        if let expires, expires < Date(timeIntervalSince1970: 0) { throw CocoaError(.fileWriteOutOfSpace) }
        entries[key] = value
    }
    func keys() async -> [URL] { entries.keys.sorted { $0.absoluteString < $1.absoluteString } }
}

struct SDKDispatchWorkQueue: SDKWorkQueue {
    func enqueue(_ label: String, _ work: sending @escaping () -> Void) { work() }
    func submit(_ draft: sending SDKDraft) async -> Int { draft.lines.count }
    func schedule(at date: Date, _ job: @escaping @Sendable (SDKBatch) async throws -> Int) -> UUID { UUID() }
    func update(_ batch: inout SDKBatch, with transform: (inout SDKBatch) throws -> Void) rethrows {
        try transform(&batch)
    }
    func transaction(_ body: (inout [String: Int]) -> Void) async -> [String: Int] {
        var values: [String: Int] = [:]
        body(&values)
        return values
    }
    func completion(for id: UUID) -> @Sendable (Result<SDKBatch, any Error>) -> Void { { _ in } }
}

/// Keeps the values a callback saw, for assertions after it was called.
final class SDKSeen<Value: Sendable>: Sendable {
    private let box = SDKLock<[Value]>([])
    func append(_ value: Value) { box.withLock { $0.append(value) } }
    var all: [Value] { box.withLock { $0 } }
}

/// A minimal lock, as the tests only need one.
final class SDKLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

@Suite struct RealCodeWorkQueueClosureTests {
    static let deadline = Date(timeIntervalSince1970: 1_800_000_000)
    static let first = UUID(uuidString: "F1000000-0000-4000-8000-000000000001")!

    @Test func aSendingClosureIsRunByTheHandler() throws {
        let queue = try Stub<any SDKWorkQueue>()
        queue.when { $0.enqueue(Match.any(), Match.any()) }.then { (_: String, work: @escaping () -> Void) in work() }
        let ran = SDKSeen<String>()
        queue().enqueue("sync") { ran.append("sync ran") }
        queue().enqueue("again") { ran.append("again ran") }
        #expect(ran.all == ["sync ran", "again ran"])
        let enqueued: [(String, () -> Void)] = queue.when { $0.enqueue(Match.any(), Match.any()) }.arguments()
        #expect(enqueued.map(\.0) == ["sync", "again"])
    }

    @MainActor @Test func aSendingNonSendableValueReachesTheHandler() async throws {
        let queue = try Stub<any SDKWorkQueue>()
        await queue.when { await $0.submit(Match.any(using: SDKDraft(lines: []))) }.then { (draft: SDKDraft) in
            draft.lines.append("signed")
            return draft.lines.count
        }
        let draft = SDKDraft(lines: ["Dear team,", "ship it."])
        #expect(await queue().submit(draft) == 3)
        let submitted: [SDKDraft] = await queue.when { await $0.submit(Match.any(using: SDKDraft(lines: []))) }
            .arguments()
        #expect(submitted.count == 1)
        #expect(submitted.first?.lines == ["Dear team,", "ship it.", "signed"])
    }

    @Test func anAsyncSendableJobIsCapturedAndRunLater() async throws {
        let queue = try Stub<any SDKWorkQueue>()
        let jobs = queue.when { $0.schedule(at: Match.any(), Match.any()) }
        jobs.thenReturn(Self.first)
        let batch = SDKBatch(ids: [Self.first, Self.first], deadline: Self.deadline)
        let id = queue().schedule(at: Self.deadline) { batch in
            try await Task.sleep(nanoseconds: 1_000)
            return batch.ids.count * 100
        }
        #expect(id == Self.first)
        let captured: [(Date, @Sendable (SDKBatch) async throws -> Int)] = jobs.arguments()
        #expect(captured.map(\.0) == [Self.deadline])
        let job = try #require(captured.first?.1)
        #expect(try await job(batch) == 200)
    }

    @Test func inoutClosuresMutateTheCallersValue() throws {
        let queue = try Stub<any SDKWorkQueue>()
        let updates = queue.when {
            var batch: SDKBatch = Match.any(using: SDKBatch(ids: [], deadline: .distantPast))
            try $0.update(&batch, with: Match.any(using: { (_: inout SDKBatch) throws in }))
        }
        updates.then { (batch: inout SDKBatch, transform: @escaping (inout SDKBatch) throws -> Void) in
            try transform(&batch)
            batch.ids.append(Self.first)
        }
        var batch = SDKBatch(ids: [], deadline: Self.deadline)
        try queue().update(&batch) { $0.deadline = Self.deadline.addingTimeInterval(60) }
        #expect(batch == SDKBatch(ids: [Self.first], deadline: Self.deadline.addingTimeInterval(60)))
        struct Refused: Error {}
        #expect(throws: Refused.self) { try queue().update(&batch) { _ in throw Refused() } }
        updates.verify(.exactly(2))
        // Recorded as it came in: the first call's value before the handler changed it.
        let seen: [(SDKBatch, (inout SDKBatch) throws -> Void)] = updates.arguments()
        #expect(seen.map(\.0) == [SDKBatch(ids: [], deadline: Self.deadline), batch])
    }

    // Nonisolated: from the main actor, Swift refuses to send the non-Sendable closure to the requirement.
    @Test func anAsyncRequirementLendsItsNonEscapingInoutClosure() async throws {
        let queue = try Stub<any SDKWorkQueue>()
        await queue.when { await $0.transaction(Match.any(using: { (_: inout [String: Int]) in })) }.then {
            (body: @escaping (inout [String: Int]) -> Void) -> [String: Int] in
            var counts = ["opened": 1]
            body(&counts)
            return counts
        }
        let result = await queue().transaction {
            $0["opened", default: 0] += 1; $0["saved"] = 3
        }
        #expect(result == ["opened": 2, "saved": 3])
    }

    @Test func aCompletionClosureResultIsCalledBack() throws {
        let queue = try Stub<any SDKWorkQueue>()
        let seen = SDKSeen<String>()
        queue.when { $0.completion(for: Match.any()) }.then { (id: UUID) in
            { @Sendable result in
                switch result {
                case .success(let batch): seen.append("\(id.uuidString.prefix(4)) ok \(batch.ids.count)")
                case .failure(let error): seen.append("failed \(error)")
                }
            }
        }
        let done = queue().completion(for: Self.first)
        done(.success(SDKBatch(ids: [Self.first], deadline: Self.deadline)))
        done(.failure(CocoaError(.userCancelled)))
        #expect(seen.all.count == 2)
        #expect(seen.all.first == "F100 ok 1")
        #expect(seen.all.last?.hasPrefix("failed ") == true)
    }

    @Test func aCacheBoundToURLAndData() async throws {
        let cache = try Stub<any SDKCache<URL, Data>>()
        let logo = URL(string: "https://cdn.example.com/logo.svg")!
        let icon = URL(string: "https://cdn.example.com/icon.png")!
        cache.when { $0.value(for: logo) }.thenReturn(Data("<svg/>".utf8))
        cache.when { $0.value(for: Match.any()) }.thenReturn(nil)
        cache.when { try $0.store(Match.any(), for: Match.any(), expires: Match.isNil()) }.thenThrow(
            CocoaError(.fileWriteNoPermission))
        cache.when { try $0.store(Match.any(), for: Match.any(), expires: Match.any()) }.thenDoNothing()
        await cache.when { await $0.keys() }.thenReturn([logo, icon])

        let images = cache()
        #expect(images.value(for: logo) == Data("<svg/>".utf8))
        #expect(images.value(for: icon) == nil)
        try images.store(Data([1, 2]), for: icon, expires: Self.deadline)
        #expect(throws: CocoaError.self) { try images.store(Data(), for: icon, expires: nil) }
        #expect(await images.keys() == [logo, icon])
        let stored: [(Data, URL, Date?)] =
            cache.when { try $0.store(Match.any(), for: Match.any(), expires: Match.any()) }.arguments()
        #expect(stored.map(\.0) == [Data([1, 2]), Data()])
        #expect(stored.map(\.1) == [icon, icon])
        #expect(stored.map(\.2) == [Self.deadline, nil])
        cache.verify(.exactly(2)) { $0.value(for: Match.any()) }

        // Generic code opened over the existential sees URL and Data.
        func firstKey<C: SDKCache>(_ cache: C) async -> String {
            "\(C.Key.self)=\(await cache.keys().first.map { "\($0)" } ?? "")"
        }
        #expect(await firstKey(images) == "URL=\(logo)")
    }

    @Test func aSpyOfTheBoundCacheForwardsToTheDiskCache() async throws {
        let disk = SDKDiskCache()
        let spy = try Spy<any SDKCache<URL, Data>>(forwardingTo: disk)
        let page = URL(string: "https://example.com/a")!
        try spy().store(Data("A".utf8), for: page, expires: nil)
        #expect(throws: CocoaError.self) {
            try spy().store(Data(), for: page, expires: Date(timeIntervalSince1970: -1))
        }
        #expect(spy().value(for: page) == Data("A".utf8))
        #expect(disk.entries == [page: Data("A".utf8)])
        #expect(await spy().keys() == [page])
        spy.verify(.exactly(2)) { try $0.store(Match.any(), for: Match.equal(page), expires: Match.any()) }
    }
}
