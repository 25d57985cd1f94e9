import TestDoubles
import Testing

// Behaviors of the seed's Getting Started and Async Behaviors articles,
// rewritten against fixtures of our own.

protocol ReportSource {
    func load() throws -> String
    func fetch(page: Int) async throws -> String
    func ping() -> Int
}

enum ReportError: Error, Equatable {
    case transient
}

struct LiveReportSource: ReportSource {
    func load() throws -> String { "" }
    func fetch(page: Int) async throws -> String { "" }
    func ping() -> Int { 0 }
}

@Suite struct SeedBehaviorTests {
    @Test func severalValuesInOneThenReturnChain() throws {
        let stub = try Stub<any ReportSource>()
        let loads = stub.when { try $0.load() }.thenReturn("cached", "stale", "fresh")
        let source = stub()
        #expect(try source.load() == "cached")
        #expect(try source.load() == "stale")
        #expect(try source.load() == "fresh")
        #expect(try source.load() == "fresh")
        loads.verify(4...4)
    }

    @Test func injectedFailuresEveryNthCall() throws {
        let stub = try Stub<any ReportSource>()
        stub.when { try $0.load() }.thenInjectFailure(
            every: 3, throwing: ReportError.transient, otherwiseReturning: "ready")
        let source = stub()
        var outcomes: [String] = []
        for _ in 1...6 {
            outcomes.append((try? source.load()) ?? "failed")
        }
        #expect(outcomes == ["ready", "ready", "failed", "ready", "ready", "failed"])
    }

    @Test func seededFailuresAreReproducible() throws {
        func run(seed: UInt64) throws -> [Bool] {
            let stub = try Stub<any ReportSource>()
            stub.when { try $0.load() }
                .thenInjectFailure(
                    probability: 0.25, seed: seed, throwing: ReportError.transient, otherwiseReturning: "ok")
            let source = stub()
            return (1...200).map { _ in (try? source.load()) == nil }
        }
        let first = try run(seed: 0xC0FFEE)
        #expect(try run(seed: 0xC0FFEE) == first)
        #expect(try run(seed: 7) != first)
        let failures = first.filter { $0 }.count
        #expect((25...75).contains(failures))  // 200 draws at 25%: 50 expected
    }

    @Test func injectingFailuresIntoANonThrowingRequirementIsRejected() throws {
        let stub = try Stub<any ReportSource>()
        withKnownIssue {
            stub.when { $0.ping() }.thenInjectFailure(every: 2, throwing: ReportError.transient, otherwiseReturning: 1)
        }
        stub.when { $0.ping() }.thenReturn(5)
        #expect(stub().ping() == 5)
    }

    @Test func queuesServeEachAnswerOnceThenFallThrough() throws {
        let stub = try Stub<any ReportSource>()
        let queue = stub.when { try $0.load() }.thenQueue("one", "two")
        let errors = stub.when { try $0.load() }.thenThrowQueue(ReportError.transient)
        stub.when { try $0.load() }.thenReturn("fallback")
        let source = stub()
        #expect(queue.remainingAnswerCount == 2)
        #expect(try source.load() == "one")
        #expect(queue.isExhausted == false)
        #expect(try source.load() == "two")
        #expect(queue.isExhausted)
        #expect(throws: ReportError.transient) { try source.load() }
        errors.assertExhausted()
        #expect(try source.load() == "fallback")
        queue.assertExhausted()
    }

    @Test func aQueueWithAnswersLeftIsReported() throws {
        let stub = try Stub<any ReportSource>()
        let queue = stub.when { try $0.load() }.thenQueue("one", "two")
        _ = try stub().load()
        #expect(queue.remainingAnswerCount == 1)
        withKnownIssue { queue.assertExhausted() }
    }

    @Test func delayedAnswersForACountOfCalls() async throws {
        let stub = try Stub<any ReportSource>()
        await stub.when { try await $0.fetch(page: Match.any()) }
            .thenReturn("slow", after: .milliseconds(5), times: 2)
            .thenReturn("fast", after: nil, times: 1...)
        let source = stub()
        #expect(try await source.fetch(page: 1) == "slow")
        #expect(try await source.fetch(page: 2) == "slow")
        #expect(try await source.fetch(page: 3) == "fast")
    }
}
