#if compiler(>=6.2)
import TestDoublesManual
import Testing

/// A client whose async fields run on their caller's actor, as every
/// unmarked async field does in a module built with
/// `NonisolatedNonsendingByDefault`.
private struct DeviceClient {
    var ping: nonisolated(nonsending) @Sendable (Int) async -> Bool
    var sync: nonisolated(nonsending) @Sendable (String, Int) async throws -> [String]
    var read: nonisolated(nonsending) @Sendable () async throws(DeviceError) -> Bool
    var tag: nonisolated(nonsending) (Badge) async -> String
}

private enum DeviceError: Error, Equatable { case unplugged }

/// Not `Sendable`: only a field that runs on its caller's actor may take it from an actor.
private final class Badge {
    var label = "badge"
}

/// Whether the caller runs on the main actor.
private func onMainActor(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
    isolation.map { $0 === MainActor.shared } ?? false
}

/// An actor that calls the client with a value it may not send.
private actor Workbench {
    let badge = Badge()
    func tag(with client: DeviceClient) async -> String { await client.tag(badge) }
}

@Suite struct NonsendingEndpointTests {
    fileprivate static let presets = ClientDoublePreset<DeviceClient> { endpoints in
        DeviceClient(
            ping: endpoints.endpoint(
                "ping", as: (nonisolated(nonsending) @Sendable (Int) async -> Bool).self, forwarding: { $0.ping }),
            sync: endpoints.endpoint(
                "sync", as: (nonisolated(nonsending) @Sendable (String, Int) async throws -> [String]).self,
                forwarding: { $0.sync }),
            read: endpoints.endpoint(
                "read", as: (nonisolated(nonsending) @Sendable () async throws(DeviceError) -> Bool).self,
                forwarding: { $0.read }),
            tag: endpoints.endpoint(
                "tag", as: (nonisolated(nonsending) (Badge) async -> String).self, forwarding: { $0.tag }))
    }

    /// Live fields that answer whether they ran on the main actor.
    fileprivate static var live: DeviceClient {
        DeviceClient(
            ping: { _ in onMainActor() },
            sync: { name, count in [name, "\(count)", "\(onMainActor())"] },
            read: { () throws(DeviceError) in
                guard onMainActor() else { throw .unplugged }
                return true
            },
            tag: { badge in badge.label })
    }

    @MainActor @Test func aStubAnswersOnTheMainActor() async throws {
        let device = Self.presets.stub()
        await device.when { await $0.ping(Match.any()) }.then { (value: Int) in value > 0 }
        await device.when { try await $0.sync("a", 1) }.thenReturn(["x"])
        await device.when { try await $0.read() }.thenThrow(DeviceError.unplugged)
        let client = device()
        #expect(await client.ping(3))
        #expect(onMainActor())
        #expect(try await client.sync("a", 1) == ["x"])
        await #expect(throws: DeviceError.unplugged) { try await client.read() }
        await device.verify(.once) { await $0.ping(3) }
        await device.verify(.once) { try await $0.sync("a", 1) }
        await device.verify(.once) { try await $0.read() }
    }

    @Test func aStubAnswersANonisolatedTask() async throws {
        let device = Self.presets.stub()
        await device.when { await $0.ping(Match.any()) }.thenReturn(true)
        let ping = device().ping
        #expect(await Task.detached { await ping(1) }.value)
        await device.verify(.once) { await $0.ping(1) }
    }

    @MainActor @Test func aSpyAwaitsTheLiveFieldOnItsCallersActor() async throws {
        let device = Self.presets.spy(forwardingTo: Self.live)
        let client = device()
        #expect(await client.ping(1))
        #expect(try await client.sync("b", 2) == ["b", "2", "true"])
        #expect(try await client.read())
        let (ping, read) = (client.ping, client.read)
        #expect(await Task.detached { await ping(1) }.value == false)
        await #expect(throws: DeviceError.unplugged) { try await Task.detached { try await read() }.value }
        await device.verify(2...2) { await $0.ping(1) }
        await device.verify(2...2) { try await $0.read() }
    }

    @Test func anActorPassesAValueItMayNotSend() async throws {
        let device = Self.presets.spy(forwardingTo: Self.live)
        #expect(await Workbench().tag(with: device()) == "badge")
        Match.Placeholders.register { Badge() }
        await device.when { await $0.tag(Match.any()) }.thenReturn("stubbed")
        #expect(await Workbench().tag(with: device()) == "stubbed")
        await device.verify(2...2) { await $0.tag(Match.any()) }
    }
}
#endif
