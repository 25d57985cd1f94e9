import TestDoublesManual
import Testing

/// Counts the deinitializations of the ``CustodyToken``s made with it
/// (each test runs its calls on one thread).
final class CustodyTally: @unchecked Sendable {
    private(set) var deinits = 0
    func count() { deinits += 1 }
}

/// An argument whose end is counted: the ledger must keep its own reference
/// while the call is recorded and give it up exactly once.
final class CustodyToken {
    let id: Int
    /// Nil for a recording pass's placeholder, which is not counted.
    let tally: CustodyTally?

    init(_ id: Int, _ tally: CustodyTally?) {
        self.id = id
        self.tally = tally
    }

    deinit { tally?.count() }
}

/// Requirements of one to four arguments mixing references, strings and
/// scalars: each call's arguments are boxed on the caller's stack.
protocol Custody {
    func hold(_ token: CustodyToken) -> Int
    func keep(_ token: CustodyToken)
    func label(_ name: String, _ token: CustodyToken, _ count: Int, _ other: CustodyToken) -> String
    func pair(_ name: String, _ token: CustodyToken) -> Bool
    func wide(_ value: WideCustody) -> Int
}

/// A value too wide for an `Any`'s inline buffer (four words), holding a
/// counted token: its box is a heap allocation of its own.
struct WideCustody {
    let token: CustodyToken
    let first, second, third: Int
}

struct CustodyStub: Custody, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func hold(_ token: CustodyToken) -> Int { stub.call(token) }
    func keep(_ token: CustodyToken) { stub.call(token) }
    func label(_ name: String, _ token: CustodyToken, _ count: Int, _ other: CustodyToken) -> String {
        stub.call(name, token, count, other)
    }
    func pair(_ name: String, _ token: CustodyToken) -> Bool { stub.call(name, token) }
    func wide(_ value: WideCustody) -> Int { stub.call(value) }
}

/// A string whose storage is made at run time, so the caller's copy is the
/// only owner until the ledger takes one.
private func madeString(_ base: String, _ index: Int) -> String {
    String(repeating: base, count: 3) + " #\(index)"
}

@Suite struct ManualStubArgumentCustodyTests {
    private let placeholder = CustodyToken(-1, nil)

    @Test func argumentsAnsweredInOneHoldAreKeptByTheLedgerAndReleasedOnce() {
        let tally = CustodyTally()
        do {
            let custody = ManualStub<CustodyStub>()
            let holds = custody.when { $0.hold(Match.any(using: placeholder)) }
            holds.thenReturn(5)
            custody.when { $0.keep(Match.any(using: placeholder)) }.thenDoNothing()
            let labels = custody.when {
                $0.label(Match.any(), Match.any(using: placeholder), Match.any(), Match.any(using: placeholder))
            }
            labels.thenReturn("labelled")
            do {
                let service: any Custody = custody()
                #expect(service.hold(CustodyToken(1, tally)) == 5)
                service.keep(CustodyToken(2, tally))
                #expect(
                    service.label(madeString("name", 3), CustodyToken(3, tally), 9, CustodyToken(4, tally))
                        == "labelled")
            }
            // The callers' references are gone; the ledger's copies are not.
            #expect(tally.deinits == 0)
            let held: [CustodyToken] = holds.arguments()
            #expect(held.map(\.id) == [1])
            let labelled: [(String, CustodyToken, Int, CustodyToken)] = labels.arguments()
            #expect(labelled.map(\.0) == [madeString("name", 3)])
            #expect(labelled.map(\.1.id) == [3])
            #expect(labelled.map(\.2) == [9])
            #expect(labelled.map(\.3.id) == [4])
            custody.verify { $0.keep(Match.matching(using: placeholder) { $0.id == 2 }) }
        }
        #expect(tally.deinits == 4)
    }

    @Test func argumentsOfAHandlerOrTheGeneralPathAreKeptAndReleasedOnce() {
        let tally = CustodyTally()
        do {
            let custody = ManualStub<CustodyStub>()
            // A handler is answered after the hold, on the ledger's own copy.
            let holds = custody.when { $0.hold(Match.any(using: placeholder)) }
            holds.then { (token: CustodyToken) in token.id * 10 }
            // A matcher first: the call is declined in one hold and takes the general path.
            custody.when { $0.pair(Match.equal("never"), Match.any(using: placeholder)) }.thenReturn(false)
            let pairs = custody.when { $0.pair(Match.any(), Match.any(using: placeholder)) }
            pairs.thenReturn(true)
            do {
                let service: any Custody = custody()
                #expect(service.hold(CustodyToken(1, tally)) == 10)
                #expect(service.pair(madeString("pair", 2), CustodyToken(2, tally)))
                #expect(service.pair(madeString("pair", 3), CustodyToken(3, tally)))
            }
            #expect(tally.deinits == 0)
            let held: [CustodyToken] = holds.arguments()
            #expect(held.map(\.id) == [1])
            let paired: [(String, CustodyToken)] = pairs.arguments()
            #expect(paired.map(\.0) == [madeString("pair", 2), madeString("pair", 3)])
            #expect(paired.map(\.1.id) == [2, 3])
        }
        #expect(tally.deinits == 3)
    }

    @Test func wideArgumentsAreKeptByTheLedgerAndReleasedOnceOnEveryPath() {
        let tally = CustodyTally()
        let wide = WideCustody(token: placeholder, first: 0, second: 0, third: 0)
        do {
            // A catch-all first: a value answered in one hold, then a handler on the ledger's copy.
            let oneHold = ManualStub<CustodyStub>()
            let values = oneHold.when { $0.wide(Match.any(using: wide)) }
            values.thenReturn(1).then { (value: WideCustody) in value.token.id + value.third }
            // A matcher first: every call is declined in one hold and takes the general path.
            let general = ManualStub<CustodyStub>()
            general.when { $0.wide(Match.matching(using: wide) { $0.first == 7 }) }.thenReturn(70)
            general.when { $0.wide(Match.any(using: wide)) }.thenReturn(0)
            do {
                let service: any Custody = oneHold()
                #expect(service.wide(WideCustody(token: CustodyToken(1, tally), first: 1, second: 2, third: 3)) == 1)
                #expect(service.wide(WideCustody(token: CustodyToken(2, tally), first: 4, second: 5, third: 6)) == 8)
                let other: any Custody = general()
                #expect(other.wide(WideCustody(token: CustodyToken(3, tally), first: 7, second: 8, third: 9)) == 70)
                #expect(other.wide(WideCustody(token: CustodyToken(4, tally), first: 1, second: 1, third: 1)) == 0)
            }
            // The callers' values are gone; the ledgers' copies are not.
            #expect(tally.deinits == 0)
            let recorded: [WideCustody] = values.arguments()
            #expect(recorded.map(\.token.id) == [1, 2])
            #expect(recorded.map(\.third) == [3, 6])
            general.verify { $0.wide(Match.matching(using: wide) { $0.token.id == 3 && $0.second == 8 }) }
            general.verify { $0.wide(Match.matching(using: wide) { $0.token.id == 4 }) }
        }
        #expect(tally.deinits == 4)
    }

    @Test func clearingTheLedgerReleasesEachRecordedArgumentOnce() {
        let tally = CustodyTally()
        let custody = ManualStub<CustodyStub>()
        custody.when { $0.hold(Match.any(using: placeholder)) }.thenReturn(1)
        let service: any Custody = custody()
        for id in 0..<50 { #expect(service.hold(CustodyToken(id, tally)) == 1) }
        #expect(tally.deinits == 0)
        custody.clearRecordedInvocations()
        #expect(tally.deinits == 50)
        #expect(service.hold(CustodyToken(50, tally)) == 1)
        #expect(tally.deinits == 50)
    }
}
