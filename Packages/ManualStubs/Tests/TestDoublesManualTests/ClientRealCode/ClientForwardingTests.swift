import Foundation
import TestDoublesManual
import Testing

// Partial overrides of a live client: per-endpoint `forwardingTo:`, the
// `ClientSpy` initializer, aliases through `endpoint(_:as:forwarding:)`,
// and `overriding`/`testValue(overriding:)`.

typealias LoadSettings = @Sendable (String) async throws -> [String: Int]
typealias SaveSetting = @Sendable (String, Int) -> Bool

struct SettingsClient: Sendable {
    var load: LoadSettings
    var save: SaveSetting
}

@MainActor @Suite struct ClientForwardingTests {
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var saved: [String: Int] = [:]
        func save(_ key: String, _ value: Int) -> Bool { lock.withLock { saved[key] = value }; return true }
        var values: [String: Int] { lock.withLock { saved } }
    }

    static func live(_ store: Store) -> SettingsClient {
        SettingsClient(load: { _ in ["live": 1] }, save: { store.save($0, $1) })
    }

    @Test func forwardingToEachLiveClosure() async throws {
        let store = Store()
        let live = Self.live(store)
        let spy = ClientSpy<SettingsClient>(forwardingTo: live) { endpoints in
            SettingsClient(
                load: endpoints.asyncThrowingFunction("load", forwardingTo: live.load),
                save: endpoints.function("save", forwardingTo: live.save))
        }
        await spy.when { try await $0.load(Match.equal("test")) }.thenReturn(["stubbed": 2])
        let client = spy()
        #expect(try await client.load("test") == ["stubbed": 2])
        #expect(try await client.load("prod") == ["live": 1])
        #expect(client.save("volume", 7))
        #expect(store.values == ["volume": 7])
        spy.verify(1...1) { $0.save(Match.equal("volume"), Match.equal(7)) }
        spy.history.forwarded.verify(2...2)
    }

    @Test func aliasesThroughEndpointAs() async throws {
        let presets = ClientDoublePreset<SettingsClient> { endpoints in
            SettingsClient(
                load: endpoints.endpoint("load", as: LoadSettings.self, forwarding: { $0.load }),
                save: endpoints.endpoint("save", as: SaveSetting.self, forwarding: { $0.save }))
        }
        let store = Store()
        let overridden = presets.testValue(overriding: Self.live(store)) {
            $0.when { $0.save(Match.equal("locked"), Match.any()) }.thenReturn(false)
        }
        #expect(overridden.save("locked", 1) == false)
        #expect(overridden.save("open", 2) == true)
        #expect(store.values == ["open": 2])
        #expect(try await overridden.load("any") == ["live": 1])

        let stub = presets.failing()
        await stub.when { try await $0.load(Match.any()) }.thenThrow(CancellationError())
        await #expect(throws: CancellationError.self) { try await stub().load("a") }
    }

    @Test func liveIsPassedThroughUnchanged() async throws {
        let presets = ClientDoublePreset<SettingsClient> { endpoints in
            SettingsClient(
                load: endpoints.endpoint("load", as: LoadSettings.self, forwarding: { $0.load }),
                save: endpoints.endpoint("save", as: SaveSetting.self, forwarding: { $0.save }))
        }
        let store = Store()
        let client = presets.live(Self.live(store))
        #expect(client.save("k", 3))
        #expect(store.values == ["k": 3])
        #expect(try await client.load("") == ["live": 1])
    }
}
