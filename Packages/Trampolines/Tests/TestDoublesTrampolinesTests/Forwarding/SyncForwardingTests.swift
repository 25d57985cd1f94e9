import Testing

@testable import TestDoublesTrampolines

enum LedgerFailure: Error, Equatable {
    case insufficient(needed: Int)
}

protocol Ledger {
    func deposit(_ amount: Int) -> Int
    func withdraw(_ amount: Int) throws -> Int
    func weighted(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double
    func snapshot(_ seed: Int) -> FiveWords
    var balance: Int { get set }
}

/// A real conformer with reference semantics: its state shows what forwarded calls did.
final class RealLedger: Ledger, @unchecked Sendable {
    var balance = 0

    func deposit(_ amount: Int) -> Int {
        balance += amount
        return balance
    }

    func withdraw(_ amount: Int) throws -> Int {
        guard amount <= balance else { throw LedgerFailure.insufficient(needed: amount - balance) }
        balance -= amount
        return balance
    }

    func weighted(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        let values = [i0, i1, i2, i3, i4, i5, i6, i7].map(Double.init) + [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9]
        return values.indices.reduce(0.0) { $0 + Double($1 + 1) * values[$1] } + Double(balance)
    }

    func snapshot(_ seed: Int) -> FiveWords {
        FiveWords(a: seed, b: balance, c: seed * 3, d: seed * 4, e: seed * 5)
    }
}

/// A real conformer with value semantics, too big for the inline buffer (boxed).
struct BoxedLedger: Ledger {
    var balance = 0
    var padding = (1, 2, 3, 4)

    func deposit(_ amount: Int) -> Int { balance + amount + padding.3 }
    func withdraw(_ amount: Int) throws -> Int {
        guard amount <= balance else { throw LedgerFailure.insufficient(needed: amount - balance) }
        return balance - amount
    }
    func weighted(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double { Double(i7) + d9 }
    func snapshot(_ seed: Int) -> FiveWords {
        FiveWords(a: padding.0, b: padding.1, c: padding.2, d: padding.3, e: seed)
    }
}

/// Sync calls on a fabricated conformance re-issued to a real conformer's witnesses.
@Suite struct SyncForwardingTests {
    static func requirements() throws -> [Int: ForwardedRequirement] {
        [
            0: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .word)),
            1: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .word)),
            2: ForwardedRequirement(plan: try CallPlan(arguments: eightIntsTenDoubles, result: .double)),
            3: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .indirect)),
            4: ForwardedRequirement(plan: try CallPlan(arguments: [], result: .word)),
            5: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .empty)),
        ]
    }

    static let expectedWeighted: Double = {
        let values: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
        return values.indices.reduce(0.0) { $0 + Double($1 + 1) * values[$1] }
    }()

    func make(_ real: any Ledger, observed: Observations<Int>? = nil) throws -> (any Ledger, ForwardingTarget) {
        let target = try ForwardingTarget(real, as: (any Ledger).self)
        let double = try forwardingDouble(
            (any Ledger).self, to: target, requirements: Self.requirements(), observed: observed)
        return (double.value, target)
    }

    @Test func ledgerRequirementOrder() throws {
        #expect(
            try ProtocolProbe.requirementKinds(of: (any Ledger).self)
                == [.method, .method, .method, .method, .getter, .setter, .modifyCoroutine])
    }

    @Test func plainCallReachesTheRealObject() throws {
        let real = RealLedger()
        let observed = Observations<Int>()
        let (ledger, _) = try make(real, observed: observed)
        #expect(ledger.deposit(40) == 40)
        #expect(ledger.deposit(2) == 42)
        #expect(real.balance == 42)
        #expect(observed.all == [0, 0])
    }

    @Test func thrownErrorPropagatesAndSuccessReturns() throws {
        let real = RealLedger()
        real.balance = 10
        let (ledger, _) = try make(real)
        #expect(try ledger.withdraw(3) == 7)
        #expect(throws: LedgerFailure.insufficient(needed: 93)) { try ledger.withdraw(100) }
        #expect(try ledger.withdraw(7) == 0)
        #expect(real.balance == 0)
    }

    @Test func eightIntsAndTenDoublesIncludingStackWords() throws {
        let real = RealLedger()
        real.balance = 1000
        let (ledger, _) = try make(real)
        for _ in 0..<3 {
            let answer = ledger.weighted(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
            #expect(answer == Self.expectedWeighted + 1000)
        }
    }

    @Test func fiveWordResultIsWrittenThroughTheIndirectResult() throws {
        let real = RealLedger()
        real.balance = 9
        let (ledger, _) = try make(real)
        #expect(ledger.snapshot(2) == FiveWords(a: 2, b: 9, c: 6, d: 8, e: 10))
    }

    @Test func getterAndSetterChangeTheRealObject() throws {
        let real = RealLedger()
        var (ledger, _) = try make(real)
        ledger.balance = 17
        #expect(real.balance == 17)
        #expect(ledger.balance == 17)
        real.balance = 5
        #expect(ledger.balance == 5)
    }

    @Test func boxedValueTargetIsProjectedAndMutatedInItsOwnCopy() throws {
        let real = BoxedLedger(balance: 3, padding: (10, 20, 30, 40))
        var (ledger, target) = try make(real)
        #expect(MemoryLayout<BoxedLedger>.size > 3 * MemoryLayout<Int>.size)
        #expect(ledger.deposit(1) == 44)
        #expect(ledger.snapshot(7) == FiveWords(a: 10, b: 20, c: 30, d: 40, e: 7))
        #expect(ledger.weighted(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5) == 17.5)
        ledger.balance = 50
        #expect(ledger.balance == 50)
        #expect((target.value(as: (any Ledger).self) as? BoxedLedger)?.balance == 50)
        #expect(real.balance == 3, "the original value is not shared with the target")
        #expect(throws: LedgerFailure.insufficient(needed: 1)) { try ledger.withdraw(51) }
    }
}
