import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

// The ClosureClients article's examples, rewritten against fixtures of our own.

struct Member: Equatable, Sendable {
    var id: Int
    var name: String
}

struct Event: Equatable, Sendable {
    var name: String
}

struct MembersClient: Sendable {
    var fetchMember: @Sendable (Int) async throws -> Member
    var track: @Sendable (Event) -> Void
}

/// A live client that answers from a table and logs what reaches it.
final class LiveMembers: Sendable {
    private let entries = Locked<[String]>([])
    var log: [String] { entries.withLock { $0 } }

    var client: MembersClient {
        MembersClient(
            fetchMember: { [entries] id in
                entries.withLock { $0.append("fetch \(id)") }
                return Member(id: id, name: "live-\(id)")
            },
            track: { [entries] event in entries.withLock { $0.append("track \(event.name)") } })
    }
}

let membersClients = ClientDoublePreset<MembersClient> { endpoints in
    MembersClient(
        fetchMember: endpoints.asyncThrowingFunction(
            "fetchMember", forwarding: { live, id in try await live.fetchMember(id) }),
        track: endpoints.function("track", forwarding: { live, event in live.track(event) }))
}

@Suite struct ClosureClientsArticleTests {
    static let ada = Member(id: 42, name: "ada")

    init() { Match.Placeholders.register { Event(name: "") } }

    @Test func clientStubOverview() async throws {
        let stub = ClientStub<MembersClient> { endpoints in
            MembersClient(
                fetchMember: endpoints.asyncThrowingFunction("fetchMember"), track: endpoints.function("track"))
        }
        await stub.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)
        stub.when { $0.track(Match.any()) }.thenDoNothing()

        let client: MembersClient = stub()
        #expect(try await client.fetchMember(42) == Self.ada)
        client.track(Event(name: "opened"))
        await stub.verify { try await $0.fetchMember(Match.equal(42)) }
        stub.verify { $0.track(Match.any()) }
    }

    enum StatusError: Error, Equatable { case unavailable }

    struct StatusClient {
        var status: @Sendable () async throws(StatusError) -> String
    }

    @Test func typedThrowingEndpoint() async throws {
        let stub = ClientStub<StatusClient> { endpoints in
            StatusClient(status: endpoints.asyncThrowingFunction("status", throwing: StatusError.self))
        }
        await stub.when { try await $0.status() }.thenThrow(StatusError.unavailable)
        let client = stub()
        do {
            _ = try await client.status()
            Issue.record("expected a throw")
        } catch {
            #expect(error == .unavailable)  // error is a StatusError: the typed channel is kept
        }
    }

    struct SearchClient {
        var search: @Sendable (String, Int, Int, String, Bool, Double) async throws -> [String]
    }

    @Test func manyArgumentsOneFactory() async throws {
        let stub = ClientStub<SearchClient> { endpoints in
            SearchClient(search: endpoints.asyncThrowingFunction("search"))
        }
        await stub.when {
            try await $0.search(
                Match.equal("swift"), Match.any(), Match.any(), Match.any(), Match.equal(true), Match.any())
        }.thenReturn(["result"])
        #expect(try await stub().search("swift", 0, 10, "en", true, 0.5) == ["result"])
        let calls: [(String, Int, Int, String, Bool, Double)] = await stub.when {
            try await $0.search(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }.arguments()
        #expect(calls.map(\.2) == [10])
    }

    typealias Lookup = @Sendable (Int, String) async throws -> Member

    struct DirectoryClient {
        var lookup: Lookup
    }

    @Test func endpointFromATypeAlias() async throws {
        let preset = ClientDoublePreset<DirectoryClient> { endpoints in
            DirectoryClient(lookup: endpoints.endpoint("lookup", as: Lookup.self, forwarding: { $0.lookup }))
        }
        let live = DirectoryClient(lookup: { id, name in Member(id: id, name: name) })
        let spy = await preset.spy(forwardingTo: live) {
            await $0.when { try await $0.lookup(Match.equal(1), Match.any()) }.thenReturn(Self.ada)
        }
        #expect(try await spy().lookup(1, "x") == Self.ada)
        #expect(try await spy().lookup(2, "bob") == Member(id: 2, name: "bob"))
        spy.history.forwarded.verify()
    }

    @Test func spyForwardsWhatIsNotOverridden() async throws {
        let live = LiveMembers()
        let spy = membersClients.spy(forwardingTo: live.client)
        await spy.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)

        let client = spy()
        #expect(try await client.fetchMember(42) == Self.ada)  // stubbed
        #expect(try await client.fetchMember(7) == Member(id: 7, name: "live-7"))  // forwarded
        #expect(live.log == ["fetch 7"])
        spy.history.stubbed.verify()
        spy.history.forwarded.verify()
    }

    @Test func oneOffSpyWithLiveClosures() async throws {
        let live = LiveMembers().client
        let spy = ClientSpy<MembersClient>(forwardingTo: live) { endpoints in
            MembersClient(
                fetchMember: endpoints.asyncThrowingFunction("fetchMember", forwardingTo: live.fetchMember),
                track: endpoints.function("track", forwardingTo: live.track))
        }
        spy.when { $0.track(Match.any()) }.thenDoNothing()
        #expect(try await spy().fetchMember(3) == Member(id: 3, name: "live-3"))
        spy().track(Event(name: "x"))
        spy.history.forwarded.verify()
        spy.history.stubbed.verify()
    }

    @Test func controllerFactoriesTakeConfiguration() async throws {
        let live = LiveMembers()
        let failing = await membersClients.failing {
            await $0.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)
        }
        #expect(try await failing().fetchMember(42) == Self.ada)
        // Failing closed: the unmatched call is reported (and, where no
        // placeholder Member can be made, throws UnstubbedCall).
        let issues = await TestDoubleIssueReporting.capture { _ = try? await failing().fetchMember(1) }
        #expect(issues.map(\.kind) == [.unmatchedCall])

        let stubbed = membersClients.stub { $0.when { $0.track(Match.any()) }.thenDoNothing() }
        stubbed().track(Event(name: "e"))
        stubbed.verify { $0.track(Match.any()) }

        let spy = await membersClients.spy(forwardingTo: live.client) {
            await $0.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)
        }
        #expect(try await spy().fetchMember(42) == Self.ada)
        #expect(try await spy().fetchMember(5) == Member(id: 5, name: "live-5"))
    }

    @Test func testValuesMaterializeInOneExpression() async throws {
        let live = LiveMembers()
        let client = await membersClients.testValue {
            await $0.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)
        }
        #expect(try await client.fetchMember(42) == Self.ada)

        let partiallyLive = await membersClients.testValue(overriding: live.client) {
            await $0.when { try await $0.fetchMember(Match.equal(42)) }.thenReturn(Self.ada)
        }
        #expect(try await partiallyLive.fetchMember(42) == Self.ada)
        #expect(try await partiallyLive.fetchMember(1) == Member(id: 1, name: "live-1"))
        #expect(live.log == ["fetch 1"])
    }

    @Test func standaloneFunctionWithTupleInput() {
        let format = ClosureDouble<(Int, String, Bool), String>()
        let enabled = format.whenArguments { (count: Int, _: String, enabled: Bool) in count > 0 && enabled }
        enabled.thenArguments { (count: Int, unit: String, _: Bool) in "\(count) \(unit)" }
        let function: (Int, String, Bool) -> String = format.expandedFunction()
        #expect(function(2, "items", true) == "2 items")
        enabled.verify()
    }

    @Test func variadicStandaloneFunction() {
        let sum = VariadicClosureDouble<Int, Int>()
        sum.whenAny().then { $0.reduce(0, +) }
        let function: (Int...) -> Int = sum.variadicFunction()
        #expect(function(1, 2, 3) == 6)
        #expect(sum.invocations == [[1, 2, 3]])
    }
}
