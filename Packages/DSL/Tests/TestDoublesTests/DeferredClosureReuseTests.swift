import Dispatch
import Synchronization
import Testing

@testable import TestDoubles

/// The closure a `then` handler gets for a closure argument is reused by a
/// later run when the handler kept none of it: every run still sees its
/// own caller's closure, a closure a handler kept keeps calling its own
/// caller's forever, runs on several threads at once each see their own,
/// and no caller's context outlives the double.
@Suite struct DeferredClosureReuseTests {
    /// Closures a handler keeps, each with the answer it must give, under a lock.
    private final class Kept: @unchecked Sendable {
        private let lock = Mutex<Void>(())
        private var kept: [(answer: Int, body: (Int) -> Int)] = []
        func append(_ answer: Int, _ body: @escaping (Int) -> Int) {
            lock.withLock { _ in kept.append((answer, body)) }
        }
        var all: [(answer: Int, body: (Int) -> Int)] { lock.withLock { _ in kept } }
        var last: ((Int) -> Int)? { all.last?.body }
    }

    /// How many ``Counted`` instances of one test are alive.
    private final class LiveCount: Sendable {
        let alive = Atomic<Int>(0)
    }

    /// A count closures share (Swift 6.0 cannot capture a local `Atomic`, which is not copyable).
    private final class Tally: Sendable {
        let value = Atomic<Int>(0)
    }

    /// What the callers' closures capture: their contexts, counted while alive.
    private final class Counted: Sendable {
        let value: Int
        let count: LiveCount
        init(_ value: Int, counting count: LiveCount) {
            self.value = value
            self.count = count
            count.alive.add(1, ordering: .relaxed)
        }
        deinit { count.alive.subtract(1, ordering: .relaxed) }
    }

    @Test func aClosureKeptByOneRunStillCallsItsCallersAfterLaterRuns() throws {
        let stub = try Stub<any ClosureRelay>()
        let kept = Kept()
        let runs = Tally()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in
            let run = runs.value.add(1, ordering: .relaxed).newValue - 1
            // Every third run keeps its closure; the others only call it.
            if run % 3 == 0 { kept.append(2 + 1_000 * run, body) }
            return body(1)
        }
        let relay = stub()
        for index in 0..<60 {
            let offset = 1_000 * index
            #expect(relay.apply { $0 + offset } == 1 + offset)
            // Every closure kept so far still calls its own caller's, after this later run.
            for (answer, body) in kept.all { #expect(body(2) == answer) }
        }
        #expect(kept.all.count == 20)
    }

    @Test func aClosureKeptAndCalledDuringItsRunIsNotReusedWhileKept() throws {
        let stub = try Stub<any ClosureRelay>()
        let kept = Kept()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in
            // The previous run's closure, kept, is called during this run (after this run's was made).
            let previous = kept.last.map { $0(0) } ?? -1
            kept.append(0, body)
            return body(0) * 10_000 + previous
        }
        let relay = stub()
        for index in 1...30 {
            // This run's closure answers `index`; the previous run's closure still answers `index - 1`.
            #expect(relay.apply { _ in index } == index * 10_000 + (index == 1 ? -1 : index - 1))
        }
    }

    @Test func runsOnSeveralThreadsAtOnceEachSeeTheirOwnCallersClosure() throws {
        let stub = try Stub<any ClosureRelay>()
        let kept = Kept()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in
            let answer = body(0)
            if answer % 97 == 0 { kept.append(answer, body) }
            return answer
        }
        let relay = stub()
        let threads = 6
        let callsPerThread = 300
        let wrong = Tally()
        let count = LiveCount()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for call in 0..<callsPerThread {
                let token = Counted(thread * 100_000 + call, counting: count)
                if relay.apply({ $0 + token.value }) != token.value { wrong.value.add(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.value.load(ordering: .relaxed) == 0)
        let closures = kept.all
        #expect(!closures.isEmpty)
        for (answer, body) in closures { #expect(body(0) == answer) }
        #expect(
            stub.verify((threads * callsPerThread)...(threads * callsPerThread)) {
                $0.apply(Match.any(using: { $0 }))
            })
    }

    @Test func noCallersContextOutlivesTheLedgerAfterReusedRuns() throws {
        let count = LiveCount()
        do {
            let stub = try Stub<any ClosureRelay>()
            stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in body(3) }
            let relay = stub()
            for index in 0..<50 {
                let token = Counted(index, counting: count)
                #expect(relay.apply { $0 * token.value } == 3 * index)
            }
            // The ledger keeps each call's closure, with its context; the closure kept for the next run keeps none.
            #expect(count.alive.load(ordering: .relaxed) == 50)
            stub.clearRecordedInvocations()
            #expect(count.alive.load(ordering: .relaxed) == 0)
            do {
                let token = Counted(7, counting: count)
                #expect(relay.apply { $0 * token.value } == 21)
            }
            #expect(count.alive.load(ordering: .relaxed) == 1)
        }
        #expect(count.alive.load(ordering: .relaxed) == 0)
    }
}
