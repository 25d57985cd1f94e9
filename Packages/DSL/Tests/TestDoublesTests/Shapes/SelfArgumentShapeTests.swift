import TestDoubles
import Testing

// Requirements taking `Self` (issue 19): `func accept(_ value: Self) throws`, its `borrowing` and
// `consuming` forms, async and static ones, and class-bound protocols. A caller can only reach them
// through a generic parameter (an existential cannot be passed as `Self`), so the calls go through
// the generic helpers below, as an app's generic code would call them.

protocol Accepting {
    func accept(_ value: Self) throws
    func merge(_ value: borrowing Self) -> Int
    func absorb(_ value: consuming Self) -> Int
    func acceptLater(_ value: Self) async throws -> Int
    static func pair(_ first: Self, _ second: Self) -> Int
    func identifier() -> Int
}

struct LiveAccepting: Accepting {
    var id: Int
    func accept(_ value: Self) throws {}
    func merge(_ value: borrowing Self) -> Int { value.id * 10 + id }
    func absorb(_ value: consuming Self) -> Int { value.id * 100 + id }
    func acceptLater(_ value: Self) async throws -> Int { value.id + id }
    static func pair(_ first: Self, _ second: Self) -> Int { first.id - second.id }
    func identifier() -> Int { id }
}

protocol Linking: AnyObject {
    func link(_ other: Self) -> Bool
    func adopt(_ other: consuming Self) -> Int
    func identifier() -> Int
}

final class LiveLinking: Linking {
    let id: Int
    init(id: Int) { self.id = id }
    func link(_ other: LiveLinking) -> Bool { other === self }
    func adopt(_ other: consuming LiveLinking) -> Int { other.id + 1 }
    func identifier() -> Int { id }
}

private func accept<T: Accepting>(_ receiver: T, _ value: any Accepting) throws { try receiver.accept(value as! T) }
private func acceptAny<T: Accepting>(_ receiver: T) throws { try receiver.accept(Match.any(using: receiver)) }
private func merge<T: Accepting>(_ receiver: T, _ value: any Accepting) -> Int { receiver.merge(value as! T) }
private func mergeAny<T: Accepting>(_ receiver: T) -> Int { receiver.merge(Match.any(using: receiver)) }
private func absorb<T: Accepting>(_ receiver: T, _ value: any Accepting) -> Int { receiver.absorb(value as! T) }
private func absorbAny<T: Accepting>(_ receiver: T) -> Int { receiver.absorb(Match.any(using: receiver)) }
private func acceptLater<T: Accepting>(_ receiver: T, _ value: any Accepting) async throws -> Int {
    try await receiver.acceptLater(value as! T)
}
private func acceptLaterAny<T: Accepting>(_ receiver: T) async throws -> Int {
    try await receiver.acceptLater(Match.any(using: receiver))
}
private func pair<T: Accepting>(_ first: T, _ second: any Accepting) -> Int { T.pair(first, second as! T) }
private func pairAny<T: Accepting>(_ receiver: T) -> Int {
    T.pair(Match.any(using: receiver), Match.any(using: receiver))
}
private func link<T: Linking>(_ receiver: T, _ other: any Linking) -> Bool { receiver.link(other as! T) }
private func linkAny<T: Linking>(_ receiver: T) -> Bool { receiver.link(Match.any(using: receiver)) }
private func adopt<T: Linking>(_ receiver: T, _ other: any Linking) -> Int { receiver.adopt(other as! T) }
private func adoptAny<T: Linking>(_ receiver: T) -> Int { receiver.adopt(Match.any(using: receiver)) }

private func same(_ first: Any, _ second: Any) -> Bool { (first as AnyObject) === (second as AnyObject) }
/// Whether `value` is of the receiver's own type, as generic code asks before passing it as `Self`.
private func isSelf<T: Accepting>(_ receiver: T, _ value: any Accepting) -> Bool { value is T }

@Suite struct SelfArgumentShapeTests {
    @Test func aSelfArgumentReachesTheHandlerAsAValueOfTheStub() throws {
        struct Refused: Error {}
        let stub = try Stub<any Accepting>()
        let accepted = stub.when { try acceptAny($0) }
        accepted.thenDoNothing()
        stub.when { $0.identifier() }.thenReturn(7)
        let receiver = stub()
        // The stub's one value again: a value of another stub is of another type, which generic code
        // cannot pass as this one's Self (`as! T` traps, as for two real conformers).
        let other = stub()
        #expect(same(receiver, other))
        let ownValueIsSelf = isSelf(receiver, other)
        let foreignValueIsSelf = isSelf(receiver, try Stub<any Accepting>()())
        #expect(ownValueIsSelf && !foreignValueIsSelf)
        try accept(receiver, other)
        try accept(receiver, receiver)
        let values: [any Accepting] = accepted.arguments()
        #expect(values.count == 2)
        #expect(same(values[0], other) && same(values[1], receiver))
        // Each received value is a working value of the stub.
        #expect(values[0].identifier() == 7)
        #expect(values[1].identifier() == 7)
        stub.verify(.exactly(2)) { $0.identifier() }
        let refusing = try Stub<any Accepting>()
        refusing.when { try acceptAny($0) }.thenThrow(Refused())
        let refused = refusing()
        #expect(throws: Refused.self) { try accept(refused, refused) }
    }

    @Test func borrowingAndConsumingSelfArguments() throws {
        let stub = try Stub<any Accepting>()
        let merges = stub.when { mergeAny($0) }
        merges.then { (value: any Accepting) in value.identifier() + 1 }
        let absorbs = stub.when { absorbAny($0) }
        absorbs.then { (value: any Accepting) in value.identifier() + 2 }
        stub.when { $0.identifier() }.thenReturn(40)
        let receiver = stub()
        let other = stub()
        #expect(merge(receiver, other) == 41)
        #expect(absorb(receiver, other) == 42)
        // A consumed value the handler received stays alive as long as the test holds it.
        for _ in 0..<100 { #expect(absorb(receiver, stub()) == 42) }
        let absorbed: [any Accepting] = absorbs.arguments()
        #expect(absorbed.count == 101)
        #expect(same(absorbed[0], other))
        #expect(absorbed.allSatisfy { $0.identifier() == 40 })
        let merged: [any Accepting] = merges.arguments()
        #expect(merged.count == 1 && same(merged[0], other))
    }

    @Test func asyncAndStaticSelfArguments() async throws {
        let stub = try Stub<any Accepting>()
        let later = await stub.when { try await acceptLaterAny($0) }
        later.then { (value: any Accepting) in value.identifier() * 2 }
        stub.when { pairAny($0) }.then { (first: any Accepting, second: any Accepting) in
            same(first, second) ? 1 : 2
        }
        stub.when { $0.identifier() }.thenReturn(21)
        let receiver = stub()
        let other = stub()
        #expect(try await acceptLater(receiver, other) == 42)
        #expect(pair(receiver, receiver) == 1)
        #expect(pair(receiver, other) == 1)
        let values: [any Accepting] = later.arguments()
        #expect(values.count == 1 && same(values[0], other))
    }

    @Test func classBoundSelfArguments() throws {
        let stub = try Stub<any Linking>()
        let links = stub.when { linkAny($0) }
        links.then { (other: any Linking) in other.identifier() == 9 }
        stub.when { adoptAny($0) }.then { (other: any Linking) in other.identifier() + 10 }
        stub.when { $0.identifier() }.thenReturn(9)
        let receiver = stub()
        let other = stub()
        let isLinked = link(receiver, other)
        #expect(isLinked)
        #expect(adopt(receiver, other) == 19)
        for _ in 0..<100 { #expect(adopt(receiver, stub()) == 19) }
        let linked: [any Linking] = links.arguments()
        #expect(linked.count == 1 && same(linked[0], other))
    }

    @Test func aSpyForwardsItsOwnValueAsTheRealOne() async throws {
        let spy = try Spy<any Accepting>(forwardingTo: LiveAccepting(id: 4))
        let value = spy()
        // The real implementation receives the real value (id 4) wherever the spy's own value is passed.
        #expect(merge(value, value) == 44)
        #expect(absorb(value, value) == 404)
        #expect(try await acceptLater(value, value) == 8)
        #expect(pair(value, value) == 0)
        try accept(value, value)
        let merged: [any Accepting] = spy.when { mergeAny($0) }.arguments()
        #expect(merged.count == 1 && same(merged[0], value))

        let live = LiveLinking(id: 5)
        let linking = try Spy<any Linking>(forwardingTo: live)
        let node = linking()
        let linksItself = link(node, node)
        #expect(linksItself)
        #expect(adopt(node, node) == 6)
        for _ in 0..<100 { #expect(adopt(node, node) == 6) }
    }
}
