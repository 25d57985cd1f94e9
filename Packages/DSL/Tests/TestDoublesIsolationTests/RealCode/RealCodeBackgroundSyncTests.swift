import Dispatch
import Foundation
import Synchronization
import TestDoubles
import Testing

// A sync engine that fans work out the ways apps do: task-group children,
// detached tasks, `Task { @MainActor in }` hops and
// `DispatchQueue.concurrentPerform`, while the test waits for the calls
// with timeouts instead of sleeping.

struct CRChange: Sendable, Equatable {
    var table: String
    var rowID: Int
}

protocol CRSyncBackend: Sendable {
    func upload(_ change: CRChange) async throws -> Int
    func log(_ message: String)
    func checksum(of rows: Int) -> UInt64
}

struct CRHTTPSyncBackend: CRSyncBackend {
    func upload(_ change: CRChange) async throws -> Int { change.rowID }
    func log(_ message: String) {}
    func checksum(of rows: Int) -> UInt64 { UInt64(rows) }
}

@MainActor protocol CRSyncStatusView: AnyObject, Sendable {
    func show(progress: Double)
}

@MainActor final class CRBannerView: CRSyncStatusView {
    func show(progress: Double) {}
}

/// The engine under test: nonisolated, it fans out and reports on the main actor.
struct CRSyncEngine: Sendable {
    let backend: any CRSyncBackend

    func push(_ changes: [CRChange]) async -> [Int] {
        await withTaskGroup(of: Int?.self) { group in
            for change in changes {
                group.addTask { try? await backend.upload(change) }
            }
            var versions: [Int] = []
            for await version in group { if let version { versions.append(version) } }
            return versions.sorted()
        }
    }

    func startInBackground(_ changes: [CRChange], status: any CRSyncStatusView) {
        Task.detached {
            backend.log("sync started: \(changes.count)")
            for (index, change) in changes.enumerated() {
                _ = try? await backend.upload(change)
                let progress = Double(index + 1) / Double(changes.count)
                await MainActor.run { status.show(progress: progress) }
            }
            backend.log("sync finished")
        }
    }

    func verifyChecksums(blocks: Int) -> UInt64 {
        let sums = CRChecksums(count: blocks)
        DispatchQueue.concurrentPerform(iterations: blocks) { block in
            sums.set(block, backend.checksum(of: block))
        }
        return sums.total
    }
}

/// Lock-protected results written by `concurrentPerform`'s threads.
final class CRChecksums: Sendable {
    private let values: Mutex<[UInt64]>
    init(count: Int) { values = Mutex(Array(repeating: 0, count: count)) }
    func set(_ index: Int, _ value: UInt64) { values.withLock { $0[index] = value } }
    var total: UInt64 { values.withLock { $0.reduce(0, &+) } }
}

@Suite struct RealCodeBackgroundSyncTests {
    @Test func taskGroupChildrenGetTheirOwnAnswers() async throws {
        let backend = try Stub<any CRSyncBackend>()
        await backend.when { try await $0.upload(Match.any()) }.then { (change: CRChange) async throws -> Int in
            if change.rowID.isMultiple(of: 5) { throw URLError(.networkConnectionLost) }
            return change.rowID * 100
        }
        let engine = CRSyncEngine(backend: backend())
        let changes = (1...30).map { CRChange(table: "notes", rowID: $0) }
        let versions = await engine.push(changes)
        #expect(versions == (1...30).filter { !$0.isMultiple(of: 5) }.map { $0 * 100 })
        await backend.verify(30...30) { try await $0.upload(Match.any()) }
    }

    @MainActor @Test func aDetachedSyncIsVerifiedEventuallyFromTheMainActor() async throws {
        let backend = try Stub<any CRSyncBackend>()
        let uploads = await backend.when { try await $0.upload(Match.any()) }
        uploads.then { (change: CRChange) async throws -> Int in change.rowID }
        let logs = backend.when { $0.log(Match.any()) }
        logs.thenDoNothing()
        let status = try Stub<any CRSyncStatusView>()
        var shown: [Double] = []  // main-actor state, touched by the synchronous handler
        status.when { $0.show(progress: Match.any()) }.then { (progress: Double) in shown.append(progress) }

        let engine = CRSyncEngine(backend: backend())
        engine.startInBackground([CRChange(table: "a", rowID: 1), CRChange(table: "b", rowID: 2)], status: status())

        #expect(await logs.verify(2..., within: .seconds(30)))
        #expect(await uploads.verify(2..., within: .seconds(30)))
        #expect(shown == [0.5, 1.0])
        let messages: [String] = logs.arguments()
        #expect(messages == ["sync started: 2", "sync finished"])
        backend.verifyInOrder {
            $0.log(Match.equal("sync started: 2"))
            $0.log(Match.equal("sync finished"))
        }
    }

    @Test func concurrentPerformThreadsAreAnsweredAndCounted() async throws {
        let backend = try Stub<any CRSyncBackend>()
        backend.when { $0.checksum(of: Match.any()) }.then { @Sendable (rows: Int) -> UInt64 in
            UInt64(rows) * 31 + 7
        }
        let engine = CRSyncEngine(backend: backend())
        // concurrentPerform blocks its thread until every iteration ran: run it
        // on a dispatch thread, never on the cooperative pool.
        let total = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: engine.verifyChecksums(blocks: 64)) }
        }
        let expected = (0..<64).map { UInt64($0) * 31 + 7 }.reduce(0, +)
        #expect(total == expected)
        backend.verify(64...64) { $0.checksum(of: Match.any()) }
        let rows: [Int] = backend.when { $0.checksum(of: Match.any()) }.arguments()
        #expect(rows.sorted() == Array(0..<64))
    }

    @Test func anInvocationStreamDeliversCallsFromAnotherTaskInOrder() async throws {
        let backend = try Stub<any CRSyncBackend>()
        let logs = backend.when { $0.log(Match.any()) }
        logs.thenDoNothing()
        let stream: InvocationStream<String> = logs.stream()
        var messages = stream.makeAsyncIterator()
        let sink = backend()
        let producer = Task.detached {
            for step in 1...5 { sink.log("step \(step)") }
        }
        var received: [String] = []
        for _ in 1...5 {
            guard let message = await messages.next(within: .seconds(30)) else { break }
            received.append(message)
        }
        await producer.value
        #expect(received == (1...5).map { "step \($0)" })
    }
}
