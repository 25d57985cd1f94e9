import TestDoubles
import Testing

/// An async protocol the concurrency tests call from many tasks at once.
protocol AsyncLedger: Sendable {
    func post(_ amount: Int) async -> Int
    func settle(_ account: String) async throws -> String
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveAsyncLedger: AsyncLedger {
    func post(_ amount: Int) async -> Int { amount }
    func settle(_ account: String) async throws -> String { account }
}

/// Many concurrent async calls through one fabricated `Stub`, parked and
/// resumed calls, and calls resumed from another task.
@Suite struct AsyncConcurrencyTests {
    static let callCount = 1_000

    @Test func thousandConcurrentCallsAreAllRecordedAndAnswered() async throws {
        let stub = try Stub<any AsyncLedger>()
        let posts = await stub.when { await $0.post(Match.any()) }
        posts.then { (amount: Int) in amount * 3 + 1 }
        let ledger = stub()

        let answers = await withTaskGroup(of: (Int, Int).self) { group in
            for amount in 0..<Self.callCount {
                group.addTask { (amount, await ledger.post(amount)) }
            }
            var all: [(Int, Int)] = []
            for await answer in group { all.append(answer) }
            return all
        }

        #expect(answers.count == Self.callCount)
        // Each call got the answer to its own argument, not another call's.
        #expect(answers.allSatisfy { $0.1 == $0.0 * 3 + 1 })
        posts.verify(.exactly(Self.callCount))
        let recorded: [Int] = posts.arguments()
        #expect(recorded.sorted() == Array(0..<Self.callCount))
        await stub.verify(.exactly(Self.callCount)) { await $0.post(Match.any()) }
    }

    @Test func thousandConcurrentThrowingCallsAreAllRecordedAndAnswered() async throws {
        let stub = try Stub<any AsyncLedger>()
        await stub.when { try await $0.settle(Match.hasPrefix("bad")) }.thenThrow(NetworkError(code: 7))
        await stub.when { try await $0.settle(Match.any()) }.then { (account: String) in account + "!" }
        let ledger = stub()

        let outcomes = await withTaskGroup(of: (Int, Result<String, NetworkError>).self) { group in
            for index in 0..<Self.callCount {
                let account = index.isMultiple(of: 4) ? "bad-\(index)" : "ok-\(index)"
                group.addTask {
                    do {
                        return (index, .success(try await ledger.settle(account)))
                    } catch let error as NetworkError {
                        return (index, .failure(error))
                    } catch {
                        return (index, .failure(NetworkError(code: -1)))
                    }
                }
            }
            var all: [(Int, Result<String, NetworkError>)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }

        #expect(outcomes.count == Self.callCount)
        for (index, outcome) in outcomes {
            if index.isMultiple(of: 4) {
                #expect(outcome == .failure(NetworkError(code: 7)))
            } else {
                #expect(outcome == .success("ok-\(index)!"))
            }
        }
        await stub.verify(.exactly(Self.callCount / 4)) { try await $0.settle(Match.hasPrefix("bad")) }
        await stub.verify(.exactly(Self.callCount)) { try await $0.settle(Match.any()) }
    }

    @Test func thousandParkedCallsAreAllResumed() async throws {
        let stub = try Stub<any AsyncLedger>()
        let suspension = await stub.when { await $0.post(Match.any()) }.thenSuspend()
        let ledger = stub()

        let answers = await withTaskGroup(of: Int.self) { group in
            for amount in 0..<Self.callCount {
                group.addTask { await ledger.post(amount) }
            }
            // Every call is parked (suspended, not blocking a thread) before any is resumed.
            #expect(await suspension.waitForCall(count: Self.callCount, within: .seconds(120)))
            #expect(suspension.pendingCount == Self.callCount)
            let arrivals: [Int] = suspension.interactions.arguments()
            #expect(arrivals.sorted() == Array(0..<Self.callCount))

            // Each resume completes exactly one parked call with its own value.
            for value in 0..<Self.callCount { suspension.resume(returning: -value) }
            var all: [Int] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(answers.sorted() == (0..<Self.callCount).map { -$0 }.sorted())
        #expect(suspension.pendingCount == 0)
    }

    @Test func suspendedCallIsResumedFromAnotherTask() async throws {
        let stub = try Stub<any AsyncLedger>()
        let suspension = await stub.when { try await $0.settle(Match.any()) }.thenSuspend()
        let ledger = stub()

        let call = Task { try await ledger.settle("acct-1") }
        #expect(await suspension.waitForCall(within: .seconds(60)))

        // A detached task (no inheritance from this one) completes the parked call.
        await Task.detached { suspension.resume(returning: "settled by another task") }.value
        #expect(try await call.value == "settled by another task")

        let failing = Task { try await ledger.settle("acct-2") }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        await Task.detached { suspension.resume(throwing: NetworkError(code: 42)) }.value
        await #expect(throws: NetworkError(code: 42)) { try await failing.value }

        let settled: [String] = suspension.interactions.arguments()
        #expect(settled == ["acct-1", "acct-2"])
    }

    @Test func callerResumesParkedCallWhileItRunsOnAnotherTask() async throws {
        let stub = try Stub<any AsyncLedger>()
        let suspension = await stub.when { await $0.post(Match.any()) }.thenSuspend()
        let ledger = stub()

        // The waiting and the resuming both happen on other tasks; this task only awaits the answer.
        let resumer = Task.detached {
            guard await suspension.waitForCall(within: .seconds(60)) else { return }
            let arguments: [Int] = suspension.interactions.arguments()
            suspension.resume(returning: (arguments.first ?? 0) * 10)
        }
        #expect(await ledger.post(5) == 50)
        await resumer.value
    }
}
