import Foundation
import TestDoublesManual
import Testing

// Many tasks draining one client's queued answers and call counts at once:
// every queued value is served exactly once and every call is counted once.

struct TicketClient: Sendable {
    var next: @Sendable () async throws -> Int
    var number: @Sendable (String) -> Int
}

@MainActor @Suite struct ClientConcurrencyTests {
    static func tickets() -> ClientStub<TicketClient> {
        ClientStub<TicketClient> { endpoints in
            TicketClient(next: endpoints.asyncThrowingFunction("next"), number: endpoints.function("number"))
        }
    }

    @Test func queuedAnswersAreServedOnceEachUnderContention() async throws {
        let tickets = Self.tickets()
        await tickets.when { try await $0.next() }.thenQueue(contentsOf: 1...300)
        let client = tickets()
        let served = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<300 { group.addTask { try await client.next() } }
            var values: [Int] = []
            for try await value in group { values.append(value) }
            return values
        }
        #expect(served.sorted() == Array(1...300))
        await tickets.verify(300...300) { try await $0.next() }
    }

    @Test func callCountsHandedToHandlersAreUnique() async {
        let tickets = Self.tickets()
        tickets.when { $0.number(Match.any()) }.thenForEachCall { (count: Int, _: String) in count }
        let client = tickets()
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<400 { group.addTask { client.number("t\(index)") } }
            var values: [Int] = []
            for await value in group { values.append(value) }
            return values
        }
        #expect(counts.sorted() == Array(1...400))
        let names: [String] = tickets.when { $0.number(Match.any()) }.arguments()
        #expect(Set(names) == Set((0..<400).map { "t\($0)" }))
    }
}
