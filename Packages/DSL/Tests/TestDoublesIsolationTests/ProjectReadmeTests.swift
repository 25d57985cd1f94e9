import Foundation
import TestDoubles
import Testing

protocol FeatureFlags {
    func isEnabled(_ flag: String, for userID: Int) -> Bool
}

struct LiveFlags: FeatureFlags {
    func isEnabled(_ flag: String, for userID: Int) -> Bool { false }
}

enum ForecastError: Error, Codable, Equatable { case unauthorized }

protocol ForecastService: Sendable {
    func login(token: String) async throws -> Int
    func headline(for city: String) async -> String
}

struct LiveForecastService: ForecastService {
    func login(token: String) async throws -> Int {
        guard token.hasPrefix("secret-") else { throw ForecastError.unauthorized }
        return token.count
    }
    func headline(for city: String) async -> String { "Clear skies over \(city)" }
}

/// The README's screen: a main-actor view model over the service.
@MainActor final class ForecastScreen {
    let service: any ForecastService
    private(set) var headline = ""
    init(service: any ForecastService) { self.service = service }

    func load() async throws {
        _ = try await service.login(token: "secret-42")
        headline = await service.headline(for: "Lisbon")
    }
}

/// This project's README examples, as the README shows them: `@MainActor` tests.
@MainActor @Suite struct ProjectReadmeTests {
    @Test func checkoutFlag() throws {
        let flags = try Stub<any FeatureFlags>()
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.equal(7)) }.thenReturn(true)
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }
            .then { (_: String, userID: Int) in userID.isMultiple(of: 2) }
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)

        let sut: any FeatureFlags = flags()
        #expect(sut.isEnabled("dark_mode", for: 1) == false)  // fallback
        #expect(sut.isEnabled("new_checkout", for: 4) == true)  // computed
        #expect(sut.isEnabled("new_checkout", for: 7) == true)  // pinned
        flags.verify(1...1) { $0.isEnabled(Match.equal("dark_mode"), for: Match.any()) }
    }

    @Test func recordThenReplay() async throws {
        let fixtureURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("isolation-forecast-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: fixtureURL) }

        let session = RecordingSession(
            named: "forecast",
            redacting: .replacing([.argument(0)], of: "login(token:)"))
        let spy = try Spy<any ForecastService>(forwardingTo: LiveForecastService(), recordingInto: session)
        let recorded = ForecastScreen(service: spy())
        try await recorded.load()
        try session.save(to: fixtureURL)

        let stub = try Stub<any ForecastService>()
        let replay = stub.replay(
            try InteractionFixture.load(from: fixtureURL),
            redacting: session.redactor, errorTypes: [ForecastError.self])
        let replayed = ForecastScreen(service: stub())
        try await replayed.load()
        replay.assertFullyReplayed()
        #expect(replayed.headline == "Clear skies over Lisbon")
        #expect(replayed.headline == recorded.headline)
    }
}
