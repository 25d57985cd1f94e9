import Foundation
import TestDoublesManual
import Testing

// Record a live client's answers once, replay them in later tests with no
// live client, as a team pins a flaky backend.

struct Quote: Codable, Equatable, Sendable {
    var symbol: String
    var cents: Int
}

enum QuoteError: Error, Codable, Equatable { case unknownSymbol(String) }

struct QuotesClient: Sendable {
    var quote: @Sendable (String) async throws -> Quote
    var symbols: @Sendable () -> [String]
}

let quoteClients = ClientDoublePreset<QuotesClient> { endpoints in
    QuotesClient(
        quote: endpoints.asyncThrowingFunction("quote"),
        symbols: endpoints.function("symbols"))
}

@MainActor @Suite struct ClientRecordReplayTests {
    static let live = QuotesClient(
        quote: { symbol in
            guard symbol != "NOPE" else { throw QuoteError.unknownSymbol(symbol) }
            return Quote(symbol: symbol, cents: symbol.count * 100)
        },
        symbols: { ["AAPL", "MSFT"] })

    @Test func recordThenReplayWithoutTheLiveClient() async throws {
        let session = RecordingSession()
        let recording = quoteClients.failing()
        let recorded = await recording.when { try await $0.quote(Match.any()) }
            .thenRecord(as: "quote", into: session) { (symbol: String) in try await Self.live.quote(symbol) }
        #expect(try await recording().quote("AAPL") == Quote(symbol: "AAPL", cents: 400))
        #expect(try await recording().quote("GOOGL") == Quote(symbol: "GOOGL", cents: 500))
        recorded.verify(2...2)

        let fixture = session.snapshot()
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("clientreal-quotes-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try session.save(to: url)
        let loaded = try InteractionFixture.load(from: url)

        for source in [fixture, loaded] {
            let replaying = quoteClients.failing()
            let replays = await replaying.when { try await $0.quote(Match.any()) }
                .thenReplay(as: "quote", from: source)
            let client = replaying()
            #expect(try await client.quote("x") == Quote(symbol: "AAPL", cents: 400))
            #expect(try await client.quote("y") == Quote(symbol: "GOOGL", cents: 500))
            // The last recorded answer repeats.
            #expect(try await client.quote("z") == Quote(symbol: "GOOGL", cents: 500))
            replays.verify(3...3)
        }
    }

    @Test func syncEndpointRecordsAndReplays() throws {
        let session = RecordingSession()
        let recording = quoteClients.failing()
        recording.when { $0.symbols() }.thenRecord(as: "symbols", into: session) { Self.live.symbols() }
        #expect(recording().symbols() == ["AAPL", "MSFT"])

        let replaying = quoteClients.failing()
        replaying.when { $0.symbols() }.thenReplay(as: "symbols", from: session.snapshot())
        #expect(replaying().symbols() == ["AAPL", "MSFT"])
    }
}
