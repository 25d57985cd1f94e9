import Synchronization
import Testing

@testable import TestDoubles

/// Requirements with escaping closure arguments: a `Stub` lends each plain
/// one to the recorder as its raw words and a reference to its context
/// (``RequirementPlan/Route/onStackClosures``), and every reader gets the
/// closure made then, which calls the caller's.
protocol ClosureLane: Sendable {
    func map(_ body: @escaping (Int) -> Int) -> Int
    func pair(_ label: String, _ body: @escaping @Sendable (String) -> String) -> Int
    func run(_ body: @escaping () -> Void) -> Int
    func maybe(_ body: ((Int) -> Int)?) -> Int
}

/// The linked conformer whose witnesses describe the signatures.
struct LiveClosureLane: ClosureLane {
    func map(_ body: @escaping (Int) -> Int) -> Int { body(0) }
    func pair(_ label: String, _ body: @escaping @Sendable (String) -> String) -> Int { 0 }
    func run(_ body: @escaping () -> Void) -> Int { 0 }
    func maybe(_ body: ((Int) -> Int)?) -> Int { 0 }
}

@Suite struct DeferredClosureLaneTests {
    /// A class whose lifetime the tests watch, captured by the closures passed.
    private final class Token: @unchecked Sendable {
        var calls = 0
        let offset: Int
        init(offset: Int) { self.offset = offset }
    }

    /// A placeholder for a `@Sendable (String) -> String` argument.
    private static let same: @Sendable (String) -> String = { $0 }

    /// Matches a closure whose value at `input` satisfies `test`.
    private static func calling(_ input: Int, gives test: @escaping (Int) -> Bool) -> (Int) -> Int {
        Match.matching(description: "calling(\(input))", using: { $0 }) { (body: @escaping (Int) -> Int) in
            test(body(input))
        }
    }

    @Test func plainEscapingClosuresTakeTheDeferredLaneAndOptionalsDoNot() throws {
        let blueprint = try StubBlueprint.make(for: (any ClosureLane).self, explicit: nil)
        let plans = RequirementPlan.plans(of: blueprint)
        let routes = plans.map(\.route)
        #expect(routes.filter { $0 == .onStackClosures }.count == 3)
        // The optional closure is read as before: no argument of its plan is lent.
        #expect(plans.filter { $0.route != .onStackClosures }.allSatisfy { $0.deferredClosures == 0 })
        #expect(plans.filter { $0.route == .onStackClosures }.map(\.deferredClosures).sorted() == [1, 1, 2])
    }

    @Test func closuresReadAfterTheCallsCallTheCallers() throws {
        let stub = try Stub<any ClosureLane>()
        let maps = stub.when { $0.map(Match.any(using: { $0 })) }
        maps.thenReturn(7)
        let token = Token(offset: 1_000)
        let lane = stub()
        for seed in 0..<40 {
            #expect(
                lane.map {
                    token.calls += 1
                    return $0 * 2 + seed + token.offset
                } == 7)
        }
        #expect(token.calls == 0)
        let recorded: [(Int) -> Int] = maps.arguments()
        #expect(recorded.map { $0(5) } == (0..<40).map { 10 + $0 + 1_000 })
        #expect(token.calls == 40)
        // Read again: each read gets a closure that still calls the caller's.
        let again: [(Int) -> Int] = maps.arguments()
        #expect(again.map { $0(-1) } == (0..<40).map { -2 + $0 + 1_000 })
        let boxed = try #require(maps.invocations.first?.arguments.first)
        #expect(type(of: boxed) == ((Int) -> Int).self)
        #expect(stub.verify(40...40) { $0.map(Match.any(using: { $0 })) })
        #expect(stub.verify(1...1) { $0.map(Self.calling(0, gives: { $0 == 1_007 })) })
        #expect(stub.verify(.never) { $0.map(Self.calling(0, gives: { $0 < 1_000 })) })
    }

    @Test func theContextLivesAsLongAsTheLedgerKeepsTheCall() throws {
        let stub = try Stub<any ClosureLane>()
        stub.when { $0.run(Match.any(using: {})) }.thenReturn(1)
        stub.when { $0.pair(Match.any(), Match.any(using: Self.same)) }.thenReturn(2)
        weak var watched: Token?
        weak var watchedPair: Token?
        do {
            let token = Token(offset: 0)
            watched = token
            let other = Token(offset: 3)
            watchedPair = other
            for _ in 0..<20 {
                #expect(stub().run { token.calls += 1 } == 1)
                #expect(stub().pair("x") { "\($0)\(other.offset)" } == 2)
            }
        }
        #expect(watched != nil)
        #expect(watchedPair != nil)
        stub.clearRecordedInvocations()
        #expect(watched == nil)
        #expect(watchedPair == nil)
    }

    @Test func droppingTheStubReleasesTheContexts() throws {
        weak var watched: Token?
        do {
            let stub = try Stub<any ClosureLane>()
            stub.when { $0.map(Match.any(using: { $0 })) }.thenReturn(3)
            let token = Token(offset: 4)
            watched = token
            #expect(stub().map { $0 + token.offset } == 3)
            #expect(watched != nil)
        }
        #expect(watched == nil)
    }

    @Test func aMatcherDeclinesTheLaneAndSeesTheClosure() throws {
        let stub = try Stub<any ClosureLane>()
        // A matcher to run: the general path, with the closure made at the call.
        stub.when { $0.map(Self.calling(1, gives: { $0 == 2 })) }.thenReturn(20)
        let rest = stub.when { $0.map(Match.any(using: { $0 })) }
        rest.thenReturn(-1)
        let token = Token(offset: 1)
        #expect(stub().map { $0 + token.offset } == 20)
        #expect(stub().map { $0 * 10 } == -1)
        let recorded: [(Int) -> Int] = rest.arguments()
        #expect(recorded.map { $0(3) } == [4, 30])
    }

    @Test func aHandlerReceivesTheClosureAndTheLedgerKeepsIt() throws {
        let stub = try Stub<any ClosureLane>()
        let pairs = stub.when { $0.pair(Match.any(), Match.any(using: Self.same)) }
        pairs.then { (label: String, body: @escaping @Sendable (String) -> String) in body(label).count }
        let seen = Mutex<[Int]>([])
        stub.when { $0.map(Match.any(using: { $0 })) }.then { (body: @escaping (Int) -> Int) in
            let value = body(20)
            seen.withLock { $0.append(value) }
            return value + 1
        }
        #expect(stub().map { $0 * 3 } == 61)
        #expect(seen.withLock { $0 } == [60])
        #expect(stub().pair("abc") { $0 + $0 } == 6)
        let recorded: [(String, @Sendable (String) -> String)] = pairs.arguments()
        #expect(recorded.map { $0.1($0.0) } == ["abcabc"])
    }
}
