import Synchronization
import Testing

@testable import TestDoubles

/// Requirements with escaping closure arguments answered by `then`
/// handlers: the call lends each closure to the recorder as its words
/// (``RequirementPlan/Route/onStackClosures``), the ledger keeps them so,
/// and a handler gets the closure made for its run alone.
protocol ClosureRelay: Sendable {
    func apply(_ body: @escaping (Int) -> Int) -> Int
    func label(_ name: String, _ body: @escaping (String) -> String) -> Int
    func fold(_ first: Int, _ second: Int, _ body: @escaping (Int, Int) -> Int) -> Int
    func render(_ body: @escaping (Int) -> String) -> String
    func attempt(_ body: @escaping (Int) -> Int) throws -> Int
}

/// The linked conformer whose witnesses describe the signatures.
struct LiveClosureRelay: ClosureRelay {
    func apply(_ body: @escaping (Int) -> Int) -> Int { body(0) }
    func label(_ name: String, _ body: @escaping (String) -> String) -> Int { body(name).count }
    func fold(_ first: Int, _ second: Int, _ body: @escaping (Int, Int) -> Int) -> Int { body(first, second) }
    func render(_ body: @escaping (Int) -> String) -> String { body(0) }
    func attempt(_ body: @escaping (Int) -> Int) throws -> Int { body(0) }
}

@Suite struct DeferredClosureHandlerTests {
    /// A class whose lifetime the tests watch, captured by the closures passed.
    private final class Token: @unchecked Sendable {
        var calls = 0
        let offset: Int
        init(offset: Int) { self.offset = offset }
    }

    /// The closures a handler keeps (the handler runs on the caller's thread).
    private final class Kept: @unchecked Sendable {
        var closures: [(Int) -> Int] = []
    }

    private struct Refusal: Error, Equatable { let code: Int }

    @Test func everyRequirementTakesTheDeferredLane() throws {
        let blueprint = try StubBlueprint.make(for: (any ClosureRelay).self, explicit: nil)
        let plans = RequirementPlan.plans(of: blueprint)
        #expect(plans.allSatisfy { $0.route == .onStackClosures })
    }

    @Test func aTypedHandlerCallsEachCallersClosureWithItsArguments() throws {
        let stub = try Stub<any ClosureRelay>()
        let calls = stub.when { $0.apply(Match.any(using: { $0 })) }
        let seen = Mutex<[Int]>([])
        calls.then { (body: @escaping (Int) -> Int) in
            let value = body(seen.withLock { $0.count })
            seen.withLock { $0.append(value) }
            return value * 2
        }
        let token = Token(offset: 1_000)
        let relay = stub()
        for seed in 0..<40 {
            let answer = relay.apply {
                token.calls += 1
                return $0 * 3 + seed + token.offset
            }
            // The handler called this call's closure, with the argument it chose.
            #expect(answer == 2 * (seed * 3 + seed + 1_000))
        }
        #expect(seen.withLock { $0 } == (0..<40).map { $0 * 4 + 1_000 })
        #expect(token.calls == 40)
        // The ledger still gives each call's closure, which still calls the caller's.
        let recorded: [(Int) -> Int] = calls.arguments()
        #expect(recorded.map { $0(1) } == (0..<40).map { 3 + $0 + 1_000 })
        #expect(token.calls == 80)
        let boxed = try #require(calls.invocations.last?.arguments.first)
        #expect(type(of: boxed) == ((Int) -> Int).self)
        #expect(stub.verify(40...40) { $0.apply(Match.any(using: { $0 })) })
        #expect(
            stub.verify(1...1) {
                $0.apply(
                    Match.matching(description: "gives 1_029 at 0", using: { $0 }) {
                        (body: @escaping (Int) -> Int) in body(0) == 1_029
                    })
            })
    }

    @Test func aHandlerThatDropsTheClosureLeavesItsContextToTheLedger() throws {
        let stub = try Stub<any ClosureRelay>()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in body(2) }
        weak var watched: Token?
        do {
            let token = Token(offset: 5)
            watched = token
            for _ in 0..<20 { #expect(stub().apply { $0 + token.offset } == 7) }
        }
        // Kept by the ledger's calls alone: the closures made for the handler are gone.
        #expect(watched != nil)
        stub.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aHandlerThatKeepsTheClosureKeepsItsContextAlive() throws {
        let stub = try Stub<any ClosureRelay>()
        let kept = Kept()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in
            kept.closures.append(body)
            return 1
        }
        weak var watched: Token?
        do {
            let token = Token(offset: 9)
            watched = token
            for index in 0..<10 { #expect(stub().apply { $0 * index + token.offset } == 1) }
        }
        stub.clearRecordedInvocations()
        // The ledger let go; the handler's closures still call the callers'.
        #expect(watched != nil)
        #expect(kept.closures.map { $0(3) } == (0..<10).map { 3 * $0 + 9 })
        kept.closures.removeAll()
        #expect(watched == nil)
    }

    @Test func aTwoParameterHandlerGetsTheLabelAndTheClosure() throws {
        let stub = try Stub<any ClosureRelay>()
        let labels = stub.when { $0.label(Match.any(), Match.any(using: { $0 })) }
        labels.then { (name: String, body: @escaping (String) -> String) in body(name + "!").count }
        let suffix = Token(offset: 4)
        #expect(stub().label("abc") { $0 + String(repeating: "x", count: suffix.offset) } == 8)
        #expect(stub().label("") { $0 + $0 } == 2)
        let recorded: [(String, (String) -> String)] = labels.arguments()
        #expect(recorded.map { $0.1($0.0) } == ["abcxxxx", ""])
    }

    @Test func aThreeParameterHandlerGetsTheClosureMadeForItsRun() throws {
        let stub = try Stub<any ClosureRelay>()
        let folds = stub.when { $0.fold(Match.any(), Match.any(), Match.any(using: { $0 + $1 })) }
        folds.then { (first: Int, second: Int, body: @escaping (Int, Int) -> Int) in body(second, first) }
        weak var watched: Token?
        do {
            let token = Token(offset: 100)
            watched = token
            #expect(stub().fold(3, 40) { $0 * 10 + $1 + token.offset } == 503)
            #expect(stub().fold(1, 2) { $0 - $1 } == 1)
        }
        do {
            // Read in a scope of its own: the closures read keep the context too.
            let recorded: [(Int, Int, (Int, Int) -> Int)] = folds.arguments()
            #expect(recorded.map { $0.2($0.0, $0.1) } == [170, -1])
        }
        stub.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aHandlerWithABoxedAnswerGetsTheClosure() throws {
        let stub = try Stub<any ClosureRelay>()
        stub.when { $0.render(Match.any(using: { "\($0)" })) }.then { (body: @escaping (Int) -> String) in
            body(7) + body(8)
        }
        weak var watched: Token?
        do {
            let token = Token(offset: 1)
            watched = token
            #expect(stub().render { "<\($0 + token.offset)>" } == "<8><9>")
        }
        #expect(watched != nil)
        stub.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aThrowingHandlerThrowsAndTheCallIsKept() throws {
        let stub = try Stub<any ClosureRelay>()
        let attempts = stub.when { try $0.attempt(Match.any(using: { $0 })) }
        attempts.then { (body: @escaping (Int) -> Int) throws -> Int in
            let value = body(1)
            guard value > 0 else { throw Refusal(code: value) }
            return value
        }
        #expect(try stub().attempt { $0 + 1 } == 2)
        #expect(throws: Refusal(code: -4)) { try stub().attempt { $0 - 5 } }
        let recorded: [(Int) -> Int] = attempts.arguments()
        #expect(recorded.map { $0(10) } == [11, 5])
    }

    @Test func aHandlerOfAnotherClosureTypeIsAnIssueNamingTheCallsClosure() throws {
        let stub = try Stub<any ClosureRelay>()
        stub.when { $0.apply(Match.any(using: { $0 })) }.then { (_: @escaping (String) -> Int) in 5 }
        var answer: Int?
        withKnownIssue {
            answer = stub().apply { $0 }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("(String) -> Int") && text.contains("(Int) -> Int")
                && !text.contains("DeferredArgument")
        }
        #expect(answer == 0)
        #expect(stub.verify(1...1) { $0.apply(Match.any(using: { $0 })) })
    }
}
