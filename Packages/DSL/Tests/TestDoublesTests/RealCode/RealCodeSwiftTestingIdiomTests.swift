#if compiler(>=6.2)
import Foundation
import Synchronization
import TestDoubles
import Testing

// Swift Testing as 6.2 and 6.3 projects write it around doubles: parameterized
// cases each with a fresh Stub, `confirmation` for callbacks a stub makes,
// `#expect(throws:)` with typed errors, `withKnownIssue` around a misuse the
// library reports, `.timeLimit`, and exit tests proving that misusing a double
// reports issues but does not stop the process.

enum STCheckoutError: Error, Equatable {
    case declined(code: Int)
    case limitExceeded(Decimal)
}

struct STReceipt: Sendable, Equatable {
    var orderID: UUID
    var total: Decimal
    var items: [String]
}

protocol STPayments: Sendable {
    func authorize(amount: Decimal, card: String) async throws(STCheckoutError) -> UUID
    func capture(_ id: UUID) throws(STCheckoutError) -> STReceipt
    func onSettled(_ handler: @escaping @Sendable (STReceipt) -> Void)
    func limit(for card: String) -> Decimal
}

struct STLivePayments: STPayments {
    func authorize(amount: Decimal, card: String) async throws(STCheckoutError) -> UUID {
        guard amount < 1_000 else { throw .limitExceeded(1_000) }
        return UUID()
    }
    func capture(_ id: UUID) throws(STCheckoutError) -> STReceipt { STReceipt(orderID: id, total: 0, items: []) }
    func onSettled(_ handler: @escaping @Sendable (STReceipt) -> Void) {}
    func limit(for card: String) -> Decimal { 1_000 }
}

/// The checkout under test.
struct STCheckout {
    let payments: any STPayments
    func buy(_ items: [String], total: Decimal, card: String) async throws(STCheckoutError) -> STReceipt {
        guard total <= payments.limit(for: card) else { throw .limitExceeded(payments.limit(for: card)) }
        let id = try await payments.authorize(amount: total, card: card)
        return try payments.capture(id)
    }
}

/// A count several threads bump.
final class STCounter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }
}

enum STCardCase: String, CaseIterable, Sendable {
    case visa, amex, declined, overLimit

    var card: String { "card-\(rawValue)" }
}

// Five minutes, as the other suites with a limit: its exit test starts a child process, which took more than
// one minute on a loaded 2-core machine (seen twice in session 42's full runs).
@Suite(.timeLimit(.minutes(5))) struct RealCodeSwiftTestingIdiomTests {
    @Test(arguments: STCardCase.allCases) func eachCaseGetsAFreshStub(_ card: STCardCase) async throws {
        let payments = try Stub<any STPayments>()
        let id = UUID()
        payments.when { $0.limit(for: Match.any()) }.thenReturn(card == .overLimit ? 5 : 500)
        await payments.when { try await $0.authorize(amount: Match.any(), card: Match.equal(card.card)) }.then {
            (amount: Decimal, _: String) throws(STCheckoutError) -> UUID in
            if card == .declined { throw .declined(code: 51) }
            return id
        }
        payments.when { try $0.capture(id) }.then { (id: UUID) in
            STReceipt(orderID: id, total: 42, items: [card.rawValue])
        }
        let checkout = STCheckout(payments: payments())
        switch card {
        case .visa, .amex:
            let receipt = try await checkout.buy(["book"], total: 42, card: card.card)
            #expect(receipt == STReceipt(orderID: id, total: 42, items: [card.rawValue]))
            await payments.verify(.once) { try await $0.authorize(amount: 42, card: card.card) }
        case .declined:
            await #expect(throws: STCheckoutError.declined(code: 51)) {
                try await checkout.buy(["book"], total: 42, card: card.card)
            }
            payments.verify(.never) { try $0.capture(Match.any()) }
        case .overLimit:
            await #expect(throws: STCheckoutError.self) { try await checkout.buy(["tv"], total: 42, card: card.card) }
            await payments.verify(.never) { try await $0.authorize(amount: Match.any(), card: Match.any()) }
        }
        // Every case saw its own double only.
        payments.verify(1...) { $0.limit(for: card.card) }
        payments.verify(.never) { $0.limit(for: Match.notEqual(card.card)) }
    }

    @Test(arguments: zip([Decimal(1), 250, 999], ["a", "b", "c"]))
    func zippedArgumentsReachTheHandler(amount: Decimal, card: String) async throws {
        let payments = try Stub<any STPayments>()
        await payments.when { try await $0.authorize(amount: Match.any(), card: Match.any()) }.then {
            (amount: Decimal, card: String) in
            UUID(uuidString: "00000000-0000-0000-0000-00000000000\(card == "a" ? 1 : 2)")!
        }
        _ = try await payments().authorize(amount: amount, card: card)
        let seen: [(Decimal, String)] = await payments.when {
            try await $0.authorize(amount: Match.any(), card: Match.any())
        }.arguments()
        #expect(seen.count == 1 && seen[0].0 == amount && seen[0].1 == card)
    }

    @Test func confirmationOfCallbacksTheStubMakes() async throws {
        let payments = try Stub<any STPayments>()
        let receipt = STReceipt(orderID: UUID(), total: 3, items: ["pen"])
        payments.when { $0.onSettled(Match.any()) }.then { (handler: @escaping @Sendable (STReceipt) -> Void) in
            handler(receipt)
            Task.detached { handler(receipt) }
        }
        await confirmation("settled twice", expectedCount: 2) { settled in
            let done = AsyncStream<Void>.makeStream()
            let count = STCounter()
            payments().onSettled { got in
                guard got == receipt else { return }
                settled()
                if count.increment() == 2 { done.continuation.finish() }
            }
            for await _ in done.stream {}
        }
        let quiet = try Stub<any STPayments>()
        quiet.when { $0.onSettled(Match.any()) }.thenDoNothing()
        await confirmation("never settled", expectedCount: 0) { settled in
            quiet().onSettled { _ in settled() }
        }
    }

    @Test func typedErrorsThroughExpectThrows() async throws {
        let payments = try Stub<any STPayments>()
        payments.when { try $0.capture(Match.any()) }.thenThrow(STCheckoutError.declined(code: 5))
        await payments.when { try await $0.authorize(amount: Match.greaterThan(100), card: Match.any()) }
            .thenThrow(STCheckoutError.limitExceeded(100))
        #expect(throws: STCheckoutError.declined(code: 5)) { try payments().capture(UUID()) }
        let error = await #expect(throws: STCheckoutError.self) {
            try await payments().authorize(amount: 101, card: "x")
        }
        #expect(error == .limitExceeded(100))
        // A typed-throwing caller sees the error as the requirement's type, no cast.
        do {
            _ = try payments().capture(UUID())
        } catch {
            let typed: STCheckoutError = error
            #expect(typed == .declined(code: 5))
        }
    }

    @Test func anUnstubbedCallIsAKnownIssueAndAnswersAPlaceholder() async throws {
        let payments = try Stub<any STPayments>()
        var limit: Decimal?
        withKnownIssue("limit(for:) is not stubbed") {
            limit = payments().limit(for: "x")
        } matching: { issue in
            "\(issue)".contains("limit(for:)")
        }
        #expect(limit == 0)
        await withKnownIssue("authorize(amount:card:) is not stubbed") {
            _ = try await payments().authorize(amount: 1, card: "y")
        }
        payments.verify(.once) { $0.limit(for: "x") }
    }

    @Test func aFailedVerificationIsAKnownIssueAtTheVerifyLine() throws {
        let payments = try Stub<any STPayments>()
        payments.when { $0.limit(for: Match.any()) }.thenReturn(1)
        _ = payments().limit(for: "a")
        let line = #line + 2
        withKnownIssue {
            payments.verify(.exactly(2)) { $0.limit(for: "a") }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func misusingADoubleReportsButDoesNotStopTheProcess() async {
        await #expect(processExitsWith: .success) {
            guard let payments = try? Stub<any STPayments>() else { exit(2) }
            // Unstubbed calls, a verification that fails, a `thenFatalError`: each is an issue, none stops.
            await withKnownIssue(isIntermittent: true) {
                _ = payments().limit(for: "unstubbed")
                _ = try? payments().capture(UUID())
                _ = try? await payments().authorize(amount: 1, card: "z")
                payments().onSettled { _ in }
                payments.verify(.never) { $0.limit(for: Match.any()) }
                payments.when { $0.limit(for: "boom") }.thenFatalError("not in this test")
                _ = payments().limit(for: "boom")
            }
            payments.when { $0.limit(for: Match.any()) }.thenReturn(7)
            guard payments().limit(for: "after") == 7 else { exit(3) }
        }
    }
}
#endif
