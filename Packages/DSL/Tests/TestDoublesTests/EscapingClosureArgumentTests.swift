import TestDoubles
import Testing

protocol Scheduling {
    func schedule(_ job: @escaping (Int) -> Int) -> Int
    func maybe(_ job: ((String) -> String)?) -> Int
    func pair(_ label: String, _ job: @escaping @Sendable () -> Void) -> Bool
}

struct LiveScheduling: Scheduling {
    func schedule(_ job: @escaping (Int) -> Int) -> Int { job(0) }
    func maybe(_ job: ((String) -> String)?) -> Int { job == nil ? 0 : 1 }
    func pair(_ label: String, _ job: @escaping @Sendable () -> Void) -> Bool { !label.isEmpty }
}

/// Escaping closure arguments read through their bridge's reader (worked
/// out once per requirement, the call decoded like any other argument): the
/// recorded closure calls the caller's, keeps its context alive exactly as
/// long as the ledger holds it, and answers `thenReturn`, `then`,
/// `arguments()` and `verify` as before.
@Suite struct EscapingClosureArgumentTests {
    private final class Counter: @unchecked Sendable {
        var value = 0
    }

    @Test func aRecordedClosureCallsTheCallersAndIsMatched() throws {
        let stub = try Stub<any Scheduling>()
        let jobs = stub.when { $0.schedule(Match.any(using: { $0 })) }
        jobs.thenReturn(7)
        let counter = Counter()
        let doubled = stub().schedule {
            counter.value += $0
            return $0 * 2
        }
        #expect(doubled == 7)
        #expect(stub().schedule { $0 + 1 } == 7)
        let recorded: [(Int) -> Int] = jobs.arguments()
        #expect(recorded.count == 2)
        #expect(recorded.first?(5) == 10)
        #expect(counter.value == 5)
        #expect(recorded.last?(5) == 6)
        #expect(stub.verify(2...2) { $0.schedule(Match.any(using: { $0 })) })
    }

    @Test func aHandlerReceivesTheClosure() throws {
        let stub = try Stub<any Scheduling>()
        stub.when { $0.schedule(Match.any(using: { $0 })) }.then { (job: @escaping (Int) -> Int) in job(20) + 1 }
        #expect(stub().schedule { $0 * 3 } == 61)
        let noop: @Sendable () -> Void = {}
        let labels = stub.when { $0.pair(Match.any(), Match.any(using: noop)) }
        labels.then { (label: String, job: @escaping @Sendable () -> Void) in
            job()
            return label == "go"
        }
        let counter = Counter()
        #expect(stub().pair("go") { counter.value += 1 })
        #expect(counter.value == 1)
    }

    @Test func theLedgerKeepsTheClosuresContextAliveUntilItIsCleared() throws {
        let stub = try Stub<any Scheduling>()
        stub.when { $0.schedule(Match.any(using: { $0 })) }.thenReturn(1)
        weak var weakCounter: Counter?
        do {
            let counter = Counter()
            weakCounter = counter
            for _ in 0..<100 {
                _ = stub().schedule {
                    counter.value += $0
                    return counter.value
                }
            }
        }
        #expect(weakCounter != nil)
        stub.recorder.clearInvocations()
        #expect(weakCounter == nil)
    }

    @Test func anOptionalClosureIsReadAsItsValueOrNil() throws {
        let stub = try Stub<any Scheduling>()
        let maybes = stub.when { $0.maybe(Match.any()) }
        maybes.thenReturn(3)
        #expect(stub().maybe(nil) == 3)
        #expect(stub().maybe { $0 + "!" } == 3)
        let recorded: [((String) -> String)?] = maybes.arguments()
        #expect(recorded.count == 2)
        #expect(recorded.first.map { $0 == nil } == true)
        #expect(recorded.last??("hi") == "hi!")
    }
}
