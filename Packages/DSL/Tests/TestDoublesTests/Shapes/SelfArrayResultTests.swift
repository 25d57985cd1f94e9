import TestDoubles
import Testing

// A requirement returning `[Self]`. A caller holding the protocol as an existential gets `[any P]`: the
// compiler casts each element from the conformer's type, so the answer is an array of values of this same
// stub (`thenReturn([stub()])`). Until the casts work (3f69759) a fabricated value had no conformance
// record, that cast stopped the caller, and such a protocol failed closed.

protocol Roster {
    func peers() -> [Self]
    func peers(named name: String) throws -> [Self]
    func later() async throws -> [Self]
    static func everyone() -> [Self]
    var team: [Self] { get }
    func copy() -> Self
    func name() -> String
}

struct LiveRoster: Roster {
    var id: Int
    func peers() -> [Self] { [self] }
    func peers(named name: String) throws -> [Self] { [self] }
    func later() async throws -> [Self] { [self] }
    static func everyone() -> [Self] { [] }
    var team: [Self] { [self] }
    func copy() -> Self { self }
    func name() -> String { "live \(id)" }
}

protocol Squad: AnyObject {
    func members() -> [Self]
    func name() -> String
}

final class LiveSquad: Squad {
    func members() -> [LiveSquad] { [self] }
    func name() -> String { "live" }
}

struct RosterFailure: Error, Equatable {
    var code: Int
}

/// The names of `roster`'s peers, asked as generic code asks: each peer is the receiver's own `Self`.
private func peerNames<R: Roster>(_ roster: R) -> [String] { roster.peers().map { $0.name() } }
/// How many of `roster`'s peers are `roster` itself, compared as `R` values.
private func selfCount<R: Roster>(_ roster: R) -> Int {
    roster.peers().filter { ($0 as AnyObject) === (roster as AnyObject) }.count
}

/// Grows and shrinks `roster`'s peers as generic code may: the array is the caller's to change.
private func regrouped<R: Roster>(_ roster: R) -> [String] {
    var peers = roster.peers()
    peers.append(roster)
    peers.removeFirst()
    return peers.map { $0.name() }
}

private func same(_ first: Any, _ second: Any) -> Bool { (first as AnyObject) === (second as AnyObject) }

@Suite struct SelfArrayResultTests {
    @Test func anExistentialCallerGetsTheConfiguredValuesInOrder() throws {
        let stub = try Stub<any Roster>()
        stub.when { $0.name() }.thenReturn("stubbed")
        stub.when(returningSelf: { $0.copy() }).thenReturnValue()
        let roster = stub()
        let second = roster.copy()
        stub.when { $0.peers() }.thenReturn([second, roster, roster])
        let peers = roster.peers()
        #expect(peers.count == 3)
        #expect(same(peers[0], second) && same(peers[1], roster) && same(peers[2], roster))
        #expect(!same(second, roster))
        // Each element answers as the stub does, and its calls are the stub's.
        #expect(peers.map { $0.name() } == ["stubbed", "stubbed", "stubbed"])
        #expect(stub.verify(.once) { $0.peers() })
        #expect(stub.verify(3...3) { $0.name() })
    }

    @Test func genericCodeUsesEachElementAsItsOwnSelf() throws {
        let stub = try Stub<any Roster>()
        stub.when { $0.name() }.thenReturn("peer")
        stub.when { $0.peers() }.thenReturn([stub(), stub()])
        #expect(peerNames(stub()) == ["peer", "peer"])
        #expect(selfCount(stub()) == 2)
        #expect(regrouped(stub()) == ["peer", "peer"])
    }

    @Test func aHandlerChoosesTheArrayFromTheArguments() throws {
        let stub = try Stub<any Roster>()
        let roster = stub()
        stub.when { try $0.peers(named: Match.any()) }.then { (name: String) throws -> [any Roster] in
            guard !name.isEmpty else { throw RosterFailure(code: 1) }
            return name == "all" ? [roster, roster] : [roster]
        }
        #expect(try roster.peers(named: "all").count == 2)
        #expect(try roster.peers(named: "one").map { same($0, roster) } == [true])
        #expect(throws: RosterFailure(code: 1)) { try roster.peers(named: "") }
        #expect(stub.verify(3...3) { try $0.peers(named: Match.any()) })
    }

    @Test func asyncStaticAndGetterRequirementsAnswerTheirArrays() async throws {
        let stub = try Stub<any Roster>()
        let roster = stub()
        await stub.when { try await $0.later() }.thenReturn([roster])
        stub.when { type(of: $0).everyone() }.thenReturn([roster, roster, roster])
        stub.when { $0.team }.thenReturn([])
        let later = try await roster.later()
        #expect(later.count == 1 && same(later[0], roster))
        #expect(type(of: roster).everyone().count == 3)
        #expect(roster.team.isEmpty)
    }

    @Test func aClassBoundProtocolAnswersItsArray() throws {
        let stub = try Stub<any Squad>()
        stub.when { $0.name() }.thenReturn("squad")
        let squad = stub()
        stub.when { $0.members() }.thenReturn([squad])
        let members = squad.members()
        #expect(members.count == 1)
        #expect(members.first === squad)
        #expect(members.first?.name() == "squad")
    }

    @Test func anUnmatchedCallIsReportedAndAnswersAnEmptyArray() throws {
        let stub = try Stub<any Roster>()
        var peers: [any Roster] = [stub()]
        let issues = TestDoubleIssueReporting.capture { peers = stub().peers() }
        #expect(peers.isEmpty)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
    }

    @Test func anotherStubsValueIsAnIssueAndTheCallerGetsAnEmptyArray() throws {
        let stub = try Stub<any Roster>()
        let foreign = try Stub<any Roster>()()
        stub.when { $0.peers() }.thenReturn([stub(), foreign])
        var peers: [any Roster] = [stub()]
        let issues = TestDoubleIssueReporting.capture { peers = stub().peers() }
        #expect(peers.isEmpty)
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .invalidBehavior)
        #expect(issues.first?.message.contains("a value of another double at index 1") == true)
    }

    @Test func aSpyAnswersWhatWhenConfigures() throws {
        let spy = try Spy<any Roster>(forwardingTo: LiveRoster(id: 3))
        let value = spy()
        spy.when { $0.peers() }.thenReturn([value])
        #expect(value.name() == "live 3")
        #expect(value.peers().map { same($0, value) } == [true])
    }

    @Test func aDummyReportsTheCallAndAnswersAnEmptyArray() throws {
        let dummy = try Dummy<any Roster>()
        var peers: [any Roster] = [dummy()]
        let issues = TestDoubleIssueReporting.capture { peers = dummy().peers() }
        #expect(peers.isEmpty)
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.message.contains("A dummy must never be used") })
    }

    @MainActor @Test func aMainActorTestConfiguresAndCallsIt() throws {
        let stub = try Stub<any Roster>()
        stub.when { $0.peers() }.thenReturn([stub()])
        #expect(stub().peers().count == 1)
    }

    #if compiler(>=6.2)
    @Test func aSpyStopsRatherThanForwardAnArrayOfSelf() async {
        // The real implementation would return values of its own type, which are not the spy's.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let spy = try Spy<any Roster>(forwardingTo: LiveRoster(id: 6))
            _ = spy().peers()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("cannot be forwarded") && output.contains("[Self]"))
    }
    #endif
}
