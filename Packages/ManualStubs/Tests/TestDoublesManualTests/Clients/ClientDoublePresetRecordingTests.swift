import Foundation
import TestDoublesManual
import Testing

enum CatalogError: Error, Codable, Equatable {
    case missing(Int)
}

struct Catalog {
    var title: @Sendable (Int) throws -> String
    var price: @Sendable (Int) async -> Double
    var refresh: @Sendable () -> Void
}

let catalogs = ClientDoublePreset<Catalog> { endpoints in
    Catalog(
        title: endpoints.throwingFunction("title", forwarding: { live, id in try live.title(id) }),
        price: endpoints.asyncFunction("price", forwarding: { live, id in await live.price(id) }),
        refresh: endpoints.function("refresh", forwarding: { live in live.refresh() })
    )
}

let liveCatalog = Catalog(
    title: { id in
        guard id > 0 else { throw CatalogError.missing(id) }
        return "Book \(id)"
    },
    price: { id in Double(id) * 1.5 },
    refresh: {}
)

@Suite struct ClientDoublePresetRecordingTests {
    @Test func aRecordingSpyRecordsForwardedCallsAndAFailingStubReplaysThem() async throws {
        let session = RecordingSession(named: "catalog")
        let spy = catalogs.spy(forwardingTo: liveCatalog, recordingInto: session) {
            $0.when { try $0.title(Match.equal(7)) }.thenReturn("pinned")  // answered here: not recorded
        }
        #expect(try spy().title(1) == "Book 1")
        #expect(try spy().title(7) == "pinned")
        #expect(throws: CatalogError.missing(0)) { try spy().title(0) }
        #expect(await spy().price(4) == 6)
        spy().refresh()

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("catalog.json")
        try session.save(to: url)
        let fixture = try InteractionFixture.load(from: url)
        #expect(fixture.interactions.count == 4)
        #expect(fixture.interactions.map(\.arguments) == [[.integer(1)], [.integer(0)], [.integer(4)], []])

        let replay = InteractionReplay(fixture, errorTypes: [CatalogError.self])
        let stub = catalogs.failing()
        stub.when { try $0.title(Match.any()) }.thenReplay(from: replay)
        await stub.when { await $0.price(Match.any()) }.thenReplay(from: replay)
        stub.when { $0.refresh() }.thenReplay(from: replay)
        let issues = await TestDoubleIssueReporting.capture { () async in
            #expect((try? stub().title(1)) == "Book 1")
            #expect(throws: CatalogError.missing(0)) { try stub().title(0) }
            #expect(await stub().price(4) == 6)
            stub().refresh()
        }
        #expect(issues.isEmpty)
        #expect(replay.assertFullyReplayed())
    }

    @Test func withoutASessionNothingIsRecorded() throws {
        let session = RecordingSession()
        let spy = catalogs.spy(forwardingTo: liveCatalog)
        #expect(try spy().title(2) == "Book 2")
        #expect(session.interactions.isEmpty)
        spy.history.forwarded.verify(1...1)
    }
}
