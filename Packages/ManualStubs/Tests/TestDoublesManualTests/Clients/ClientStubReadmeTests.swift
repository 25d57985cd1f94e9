import Foundation
import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

/// The seed README's `ClientStub` and `ClientDoublePreset` examples, written
/// as they appear there, with the expectations they state.
@Suite struct ClientStubReadmeTests {
    struct APIClient {
        var fetch: @Sendable (Int, String) async throws -> Data
        var track: @Sendable (String) -> Void
    }

    @Test func clientStubExample() async throws {
        let api = ClientStub<APIClient> { endpoints in
            APIClient(
                fetch: endpoints.asyncThrowingFunction("fetch"),
                track: endpoints.function("track")
            )
        }

        await api.when {
            try await $0.fetch(Match.equal(42), Match.any())
        }.thenReturn(Data())
        api.when { $0.track(Match.any()) }.thenDoNothing()

        let client: APIClient = api()

        #expect(try await client.fetch(42, "news") == Data())
        client.track("opened")
        // All client endpoints share one recorder.
        #expect(api.history.callCount == 2)
        api.verify { $0.track(Match.equal("opened")) }
        await api.verify(1...1) { try await $0.fetch(Match.equal(42), Match.equal("news")) }
    }

    @Test func presetSpyExample() async throws {
        let live = LiveAPI()
        let liveAPI = live.client
        let apiClients = ClientDoublePreset<APIClient> { endpoints in
            APIClient(
                fetch: endpoints.asyncThrowingFunction(
                    "fetch",
                    forwarding: { live, id, category in
                        try await live.fetch(id, category)
                    }
                ),
                track: endpoints.function(
                    "track",
                    forwarding: { live, event in live.track(event) }
                )
            )
        }

        let spy = await apiClients.spy(forwardingTo: liveAPI) {
            await $0.when {
                try await $0.fetch(Match.equal(42), Match.any())
            }.thenReturn(Data())
        }

        let client = spy()  // unmatched calls forward and every call is recorded

        #expect(try await client.fetch(42, "news") == Data())
        #expect(try await client.fetch(7, "sports") == Data("7 sports".utf8))
        client.track("opened")
        #expect(live.log == ["fetch 7 sports", "track opened"])
        #expect(spy.history.callCount == 3)
        spy.history.forwarded.verify(2...2)
        spy.history.stubbed.verify(1...1)
    }
}

/// A live client that logs what reaches it.
final class LiveAPI: Sendable {
    private let entries = Locked<[String]>([])

    var log: [String] { entries.withLock { $0 } }

    var client: ClientStubReadmeTests.APIClient {
        ClientStubReadmeTests.APIClient(
            fetch: { [entries] id, category in
                entries.withLock { $0.append("fetch \(id) \(category)") }
                return Data("\(id) \(category)".utf8)
            },
            track: { [entries] event in entries.withLock { $0.append("track \(event)") } }
        )
    }
}
