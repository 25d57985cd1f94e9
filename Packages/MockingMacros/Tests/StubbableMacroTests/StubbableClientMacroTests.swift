import Synchronization
import TestDoublesMacros
import Testing

/// `@StubbableClient` presets, used as the ClosureClients article does.
@Suite struct StubbableClientMacroTests {
    /// A live status client that answers from its namespace and logs what reaches it.
    final class LiveStatus: Sendable {
        let recorded = Mutex<[String]>([])

        var client: StatusClient<String> {
            StatusClient(
                liveNamespace: "live",
                status: { code in "live-\(code)" },
                record: { value in self.recorded.withLock { $0.append(value) } })
        }
    }

    @MainActor @Test func failingStubAnswersWhatTheTestRegisters() async throws {
        let preset = StatusClientDoubles<String>.preset(namespace: "tests")
        let stub = preset.failing()
        await stub.when { try await $0.status(Match.equal(200)) }.thenReturn("ok")
        stub.when { $0.record(Match.any()) }.thenDoNothing()

        let client = stub()
        #expect(client.namespace == "tests")
        #expect(try await client.status(200) == "ok")
        client.record("seen")
        #expect(client.transform("kept") == "kept")  // an initialized `let` closure keeps its default
        await stub.verify(1...1) { try await $0.status(Match.equal(200)) }
        stub.verify(1...1) { $0.record(Match.equal("seen")) }
    }

    @MainActor @Test func anUnstubbedEndpointFailsClosed() async {
        let stub = StatusClientDoubles<String>.preset(namespace: "tests").failing()
        let client = stub()
        await withKnownIssue {
            _ = try await client.status(500)
        }
    }

    @MainActor @Test func spyForwardsWhatIsNotOverridden() async throws {
        let live = LiveStatus()
        let preset = StatusClientDoubles<String>.preset(namespace: "tests")
        let spy = preset.spy(forwardingTo: live.client)
        await spy.when { try await $0.status(Match.equal(404)) }.thenReturn("stubbed")

        let client = spy()
        #expect(try await client.status(404) == "stubbed")
        #expect(try await client.status(200) == "live-200")
        client.record("through")
        #expect(live.recorded.withLock { $0 } == ["through"])
        await spy.verify(2...2) { try await $0.status(Match.any()) }
    }

    @Test func theCustomInitializerStaysTheClientsOwn() async throws {
        let live = LiveStatus().client
        #expect(live.namespace == "live")
        #expect(try await live.status(1) == "live-1")
    }

    @MainActor @Test func memberwiseClientWithEveryEffect() async throws {
        let stub = CatalogClientDoubles.preset().failing()
        stub.when { $0.count() }.thenReturn(3)
        stub.when { try $0.price(Match.equal("tea"), Match.any()) }.thenReturn(2.5)
        await stub.when { await $0.refresh() }.thenDoNothing()
        await stub.when { try await $0.load(Match.equal(1)) }.thenThrow(SensorError.offline)

        let client = stub()
        #expect(client.region == "eu")
        #expect(client.onChange == nil)
        #expect(client.count() == 3)
        #expect(try client.price("tea", 4) == 2.5)
        await client.refresh()
        do {
            _ = try await client.load(1)
            Issue.record("expected a throw")
        } catch {
            #expect(error == .offline)  // the typed error channel is kept
        }
        // The memberwise initializer is still there.
        let made = CatalogClient(
            count: { 1 }, price: { _, _ in 0 }, refresh: {}, load: { _ in Reading(celsius: 0) }, onChange: nil)
        #expect(made.count() == 1)
    }

    @MainActor @Test func theDocCExample() async throws {
        let stub = QuoteClientDoubles<Double>.preset(market: "XETRA").failing()
        await stub.when { try await $0.quote(Match.equal("SAP")) }.thenReturn(210)
        stub.when { $0.log(Match.any()) }.thenDoNothing()

        let client = stub()
        #expect(client.market == "XETRA")
        #expect(try await client.quote("SAP") == 210)
        client.log(1.5)
        #expect(client.format(2) == "2.0")
        stub.verify(1...1) { $0.log(Match.equal(1.5)) }
    }
}
