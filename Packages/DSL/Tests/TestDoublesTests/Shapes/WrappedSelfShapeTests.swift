import TestDoubles
import Testing

// `Self` inside `Optional` and `Array`, and `inout Self` (issue 19): `Self?` and `[Self]` arguments
// (methods, throwing, typed-throwing, async, static, `consuming`) and `inout Self`, in opaque and
// class-bound protocols. As with a bare `Self`, a caller reaches them through a generic parameter.
// A `[Self]` result: `SelfArrayResultTests`.

struct RankingFailure: Error, Equatable {
    var code: Int
}

protocol Ranking {
    func better(than other: Self?) -> Bool
    func best(of candidates: [Self]) throws -> Int
    func replace(_ value: inout Self)
    func later(_ candidates: [Self], fallback: Self?) async throws -> Int
    func strict(_ candidate: Self?) throws(RankingFailure) -> Int
    static func rank(_ values: [Self]) -> Int
    func copy() -> Self
    func identifier() -> Int
}

struct LiveRanking: Ranking {
    var id: Int
    func better(than other: Self?) -> Bool { id > (other?.id ?? 0) }
    func best(of candidates: [Self]) throws -> Int { candidates.map(\.id).max() ?? 0 }
    func replace(_ value: inout Self) { value = self }
    func later(_ candidates: [Self], fallback: Self?) async throws -> Int { candidates.count }
    func strict(_ candidate: Self?) throws(RankingFailure) -> Int { candidate?.id ?? 0 }
    static func rank(_ values: [Self]) -> Int { values.count }
    func copy() -> Self { self }
    func identifier() -> Int { id }
}

protocol TreeNode: AnyObject {
    func adopt(_ child: Self?) -> Int
    func children(of parents: [Self]) async -> Int
    func graft(_ branches: consuming [Self]) -> Int
    func swap(_ other: inout Self)
    func copy() -> Self
    func identifier() -> Int
}

final class LiveTreeNode: TreeNode {
    let id: Int
    init(id: Int) { self.id = id }
    func adopt(_ child: LiveTreeNode?) -> Int { child?.id ?? -1 }
    func children(of parents: [LiveTreeNode]) async -> Int { parents.count }
    func graft(_ branches: consuming [LiveTreeNode]) -> Int { branches.count }
    func swap(_ other: inout LiveTreeNode) {}
    func copy() -> Self { self }
    func identifier() -> Int { id }
}

private func better<T: Ranking>(_ receiver: T, _ other: (any Ranking)?) -> Bool {
    receiver.better(than: other.map { $0 as! T })
}
private func betterAny<T: Ranking>(_ receiver: T) -> Bool { receiver.better(than: Match.any()) }
private func best<T: Ranking>(_ receiver: T, _ candidates: [any Ranking]) throws -> Int {
    try receiver.best(of: candidates.map { $0 as! T })
}
private func bestAny<T: Ranking>(_ receiver: T) throws -> Int { try receiver.best(of: Match.any()) }
/// Runs `call` on `value` as the receiver's type `T`, then stores the result back, erased statically by `erase`.
private func withConcrete<T, Erased>(
    _ value: inout Erased, as _: T.Type, erase: (T) -> Erased, _ call: (inout T) -> Void
) {
    var typed = value as! T
    call(&typed)
    value = erase(typed)
}
private func replace<T: Ranking>(_ receiver: T, _ value: inout any Ranking) {
    withConcrete(&value, as: T.self, erase: { $0 }) { receiver.replace(&$0) }
}
private func replaceAny<T: Ranking>(_ receiver: T) {
    var value: T = Match.any(using: receiver)
    receiver.replace(&value)
}
private func strict<T: Ranking>(_ receiver: T, _ candidate: (any Ranking)?) throws(RankingFailure) -> Int {
    try receiver.strict(candidate.map { $0 as! T })
}
private func strictAny<T: Ranking>(_ receiver: T) throws(RankingFailure) -> Int { try receiver.strict(Match.any()) }
private func later<T: Ranking>(
    _ receiver: T, _ candidates: [any Ranking], _ fallback: (any Ranking)?
) async throws
    -> Int
{
    try await receiver.later(candidates.map { $0 as! T }, fallback: fallback.map { $0 as! T })
}
private func laterAny<T: Ranking>(_ receiver: T) async throws -> Int {
    try await receiver.later(Match.any(), fallback: Match.any())
}
private func children<T: TreeNode>(_ receiver: T, _ parents: [any TreeNode]) async -> Int {
    await receiver.children(of: parents.map { $0 as! T })
}
private func childrenAny<T: TreeNode>(_ receiver: T) async -> Int { await receiver.children(of: Match.any()) }
private func rank<T: Ranking>(_ receiver: T, _ values: [any Ranking]) -> Int { T.rank(values.map { $0 as! T }) }
private func rankAny<T: Ranking>(_ receiver: T) -> Int { T.rank(Match.any()) }
private func adopt<T: TreeNode>(_ receiver: T, _ child: (any TreeNode)?) -> Int {
    receiver.adopt(child.map { $0 as! T })
}
private func adoptAny<T: TreeNode>(_ receiver: T) -> Int { receiver.adopt(Match.any()) }
private func graft<T: TreeNode>(_ receiver: T, _ branches: [any TreeNode]) -> Int {
    receiver.graft(branches.map { $0 as! T })
}
private func graftAny<T: TreeNode>(_ receiver: T) -> Int { receiver.graft(Match.any()) }
private func swap<T: TreeNode>(_ receiver: T, _ other: inout any TreeNode) {
    withConcrete(&other, as: T.self, erase: { $0 }) { receiver.swap(&$0) }
}
private func swapAny<T: TreeNode>(_ receiver: T) {
    var value: T = Match.any(using: receiver)
    receiver.swap(&value)
}

private func same(_ first: Any, _ second: Any) -> Bool { (first as AnyObject) === (second as AnyObject) }
/// Whether `value` is of the receiver's own type, as generic code asks before passing it as `Self`.
private func isSelf<T: Ranking>(_ receiver: T, _ value: any Ranking) -> Bool { value is T }

@Suite struct WrappedSelfShapeTests {
    @Test func optionalSelfArgumentsReachTheHandlerAsOptionalValuesOfTheStub() throws {
        let stub = try Stub<any Ranking>()
        let receiver = stub()
        let comparisons = stub.when { betterAny($0) }
        comparisons.then { (other: (any Ranking)?) in other.map { same($0, receiver) } ?? true }
        stub.when { $0.identifier() }.thenReturn(1)
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        // Another value of this stub: a value of another stub is of another type, which generic code
        // cannot pass as this one's Self (`as! T` traps, as for two real conformers).
        let other = receiver.copy()
        let ownValueIsSelf = isSelf(receiver, other)
        let foreignValueIsSelf = isSelf(receiver, try Stub<any Ranking>()())
        #expect(ownValueIsSelf && !foreignValueIsSelf)
        let answers = [better(receiver, nil), better(receiver, other), better(receiver, receiver)]
        #expect(answers == [true, false, true])
        let values: [(any Ranking)?] = comparisons.arguments()
        #expect(values.count == 3)
        #expect(values[0] == nil)
        #expect(values[1].map { same($0, other) } == true)
        #expect(values[2].map { same($0, receiver) } == true)
        // A received value is a working value of the stub.
        #expect(values[1]?.identifier() == 1)
    }

    @Test func asyncSelfArrayAndOptionalSelfArguments() async throws {
        let stub = try Stub<any Ranking>()
        stub.when { $0.identifier() }.thenReturn(3)
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let calls = await stub.when { try await laterAny($0) }
        calls.then { (candidates: [any Ranking], fallback: (any Ranking)?) async throws -> Int in
            await Task.yield()
            return candidates.map { $0.identifier() }.reduce(0, +) + (fallback?.identifier() ?? 100)
        }
        let receiver = stub()
        let other = receiver.copy()
        #expect(!same(receiver, other))
        #expect(try await later(receiver, [receiver, other], nil) == 106)
        #expect(try await later(receiver, [], other) == 3)
        let recorded: [([any Ranking], (any Ranking)?)] = calls.arguments()
        #expect(recorded.count == 2)
        #expect(recorded[0].0.count == 2 && same(recorded[0].0[1], other) && recorded[0].1 == nil)
        #expect(recorded[1].0.isEmpty && recorded[1].1.map { same($0, other) } == true)
    }

    @Test func selfArrayArgumentsStaticAndTypedThrows() throws {
        let stub = try Stub<any Ranking>()
        stub.when { $0.identifier() }.thenReturn(5)
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let bests = stub.when { try bestAny($0) }
        bests.then { (candidates: [any Ranking]) in candidates.map { $0.identifier() }.reduce(0, +) }
        stub.when { rankAny($0) }.then { (values: [any Ranking]) in values.count * 10 }
        let receiver = stub()
        let other = receiver.copy()
        #expect(try best(receiver, [receiver, other, other]) == 15)
        #expect(try best(receiver, []) == 0)
        #expect(rank(receiver, [other, other]) == 20)
        let recorded: [[any Ranking]] = bests.arguments()
        #expect(recorded.map(\.count) == [3, 0])
        #expect(same(recorded[0][0], receiver) && same(recorded[0][1], other))

        let strictCalls = stub.when { try strictAny($0) }
        strictCalls.then { (candidate: (any Ranking)?) throws -> Int in
            guard let candidate else { throw RankingFailure(code: 7) }
            return candidate.identifier() * 2
        }
        let answered = try strict(receiver, other)
        #expect(answered == 10)
        #expect(throws: RankingFailure(code: 7)) { try strict(receiver, nil) }
    }

    @Test func inoutSelfIsWrittenBackAsAValueOfTheStub() throws {
        let stub = try Stub<any Ranking>()
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let receiver = stub()
        let replacement = receiver.copy()
        let replaced = stub.when { replaceAny($0) }
        replaced.then { (value: inout any Ranking) in value = replacement }
        let original = receiver.copy()
        var value: any Ranking = original
        #expect(!same(value, replacement))
        replace(receiver, &value)
        #expect(same(value, replacement))
        let received: [any Ranking] = replaced.arguments()
        #expect(received.count == 1 && same(received[0], original))
        // A handler that leaves the value alone leaves the caller's variable alone.
        let untouched = try Stub<any Ranking>()
        untouched.when(returningSelf: { $0.copy() }).thenReturnValue()
        untouched.when { replaceAny($0) }.thenDoNothing()
        let holder = untouched()
        var kept: any Ranking = holder.copy()
        let before = kept
        replace(holder, &kept)
        #expect(same(kept, before))
    }

    @Test func inoutSelfGivenAValueOfAnotherStubIsAnIssueAndKeepsTheVariable() throws {
        let stub = try Stub<any Ranking>()
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let foreign = try Stub<any Ranking>()()
        stub.when { replaceAny($0) }.then { (value: inout any Ranking) in value = foreign }
        let receiver = stub()
        let original = receiver.copy()
        var value: any Ranking = original
        withKnownIssue {
            replace(receiver, &value)
        }
        #expect(same(value, original))
    }

    @Test func classBoundWrappedSelf() async throws {
        let stub = try Stub<any TreeNode>()
        stub.when { $0.identifier() }.thenReturn(2)
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let adoptions = stub.when { adoptAny($0) }
        adoptions.then { (child: (any TreeNode)?) in child?.identifier() ?? -1 }
        stub.when { graftAny($0) }.then { (branches: [any TreeNode]) in branches.count }
        let node = stub()
        let child = node.copy()
        #expect(child !== node)
        #expect(adopt(node, child) == 2)
        #expect(adopt(node, nil) == -1)
        for _ in 0..<50 { #expect(graft(node, [child, node.copy()]) == 2) }
        await stub.when { await childrenAny($0) }.then { (parents: [any TreeNode]) async in
            parents.filter { $0 === child }.count
        }
        let count = await children(node, [child, node, child])
        #expect(count == 2)
        let replacement = node.copy()
        stub.when { swapAny($0) }.then { (other: inout any TreeNode) in other = replacement }
        var other: any TreeNode = node.copy()
        #expect(other !== replacement)
        swap(node, &other)
        #expect(other === replacement)
        #expect(other.identifier() == 2)
    }

    @Test func aSpyServesConfiguredWrappedSelfAndForwardsTheRest() throws {
        let spy = try Spy<any Ranking>(forwardingTo: LiveRanking(id: 6))
        let value = spy()
        spy.when { betterAny($0) }.then { (other: (any Ranking)?) in other == nil }
        spy.when { try bestAny($0) }.then { (candidates: [any Ranking]) in candidates.count }
        let answers = [better(value, nil), better(value, value)]
        #expect(answers == [true, false])
        #expect(try best(value, [value, value]) == 2)
        // Requirements without wrapped Self still reach the real implementation.
        #expect(value.identifier() == 6)
    }

    #if compiler(>=6.2)
    @Test func aSpyStopsRatherThanForwardAWrappedSelfItCannotTranslate() async {
        // The real implementation would receive the spy's payloads, which are not of its type.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let spy = try Spy<any Ranking>(forwardingTo: LiveRanking(id: 6))
            let value = spy()
            _ = better(value, value)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("cannot be forwarded") && output.contains("Self?"))
    }
    #endif
}
