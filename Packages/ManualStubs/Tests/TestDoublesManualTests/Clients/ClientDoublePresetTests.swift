import Foundation
import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

struct Mailer {
    var send: @Sendable (String, String) async throws -> Int
    var count: @Sendable () -> Int
}

/// A live mailer that logs every delivery.
final class LiveMailer: Sendable {
    private let sent = Locked<[String]>([])
    var log: [String] { sent.withLock { $0 } }
    var client: Mailer {
        Mailer(
            send: { [sent] to, body in
                sent.withLock { $0.append("\(to): \(body)") }; return 250
            },
            count: { [sent] in sent.withLock { $0.count } }
        )
    }
}

let mailers = ClientDoublePreset<Mailer> { endpoints in
    Mailer(
        send: endpoints.asyncThrowingFunction("send", forwarding: { live, to, body in try await live.send(to, body) }),
        count: endpoints.function("count", forwarding: { live in live.count() })
    )
}

@Suite struct ClientDoublePresetTests {
    @Test func failingReportsEveryUnconfiguredCall() async {
        let stub = mailers.failing()
        var thrown: (any Error)?
        let issues = await TestDoubleIssueReporting.capture {
            do { _ = try await stub().send("ada", "hi") } catch { thrown = error }
        }
        #expect(issues.map(\.kind) == [.unmatchedCall])
        // Int has a placeholder, so the engine answers 0 rather than throwing.
        #expect(thrown == nil)
        await stub.verify(1...1) { try await $0.send(Match.equal("ada"), Match.equal("hi")) }
    }

    @Test func failingTakesSynchronousAndAsynchronousConfiguration() async throws {
        let sync = mailers.failing { $0.when { $0.count() }.thenReturn(4) }
        #expect(sync().count() == 4)
        let async = await mailers.failing {
            await $0.when { try await $0.send(Match.any(), Match.any()) }.thenReturn(202)
        }
        #expect(try await async().send("ada", "hi") == 202)
    }

    @Test func livePassesTheClientThroughUnchanged() async throws {
        let live = LiveMailer()
        let client: Mailer = mailers.live(live.client)
        #expect(try await client.send("ada", "hi") == 250)
        #expect(client.count() == 1)
        #expect(live.log == ["ada: hi"])
    }

    @Test func spyWithNoOverridesForwardsAndRecordsEveryCall() async throws {
        let live = LiveMailer()
        let recorded = mailers.spy(forwardingTo: live.client)
        #expect(try await recorded().send("ada", "hi") == 250)
        #expect(recorded().count() == 1)
        #expect(live.log == ["ada: hi"])
        recorded.history.forwarded.verify(2...2)
        await recorded.verify(1...1) { try await $0.send(Match.equal("ada"), Match.any()) }
    }

    @Test func spyOverridesMatchesAndForwardsTheRest() async throws {
        let live = LiveMailer()
        let spy = mailers.spy(forwardingTo: live.client) { $0.when { $0.count() }.thenReturn(99) }
        #expect(spy().count() == 99)
        #expect(try await spy().send("bob", "yo") == 250)
        #expect(live.log == ["bob: yo"])
        spy.history.stubbed.verify(1...1)
        spy.history.forwarded.verify(1...1)
    }

    @Test func overridingAnswersRegisteredCallsAndForwardsTheRest() async throws {
        let live = LiveMailer()
        let overridden = await mailers.overriding(live.client) {
            await $0.when { try await $0.send(Match.equal("blocked"), Match.any()) }.thenThrow(LoadError.offline)
        }
        await #expect(throws: LoadError.offline) { try await overridden().send("blocked", "x") }
        #expect(try await overridden().send("ada", "x") == 250)
        #expect(live.log == ["ada: x"])
        #expect(overridden.history.callCount == 2)
    }

    @Test func testValueReturnsAConfiguredClient() async throws {
        let client = mailers.testValue { $0.when { $0.count() }.thenReturn(1) }
        #expect(client.count() == 1)

        let live = LiveMailer()
        let mixed = await mailers.testValue(overriding: live.client) {
            await $0.when { try await $0.send(Match.any(), Match.any()) }.thenReturn(500)
        }
        #expect(try await mixed.send("ada", "x") == 500)
        #expect(mixed.count() == 0)
        #expect(live.log.isEmpty)

        let sync = mailers.testValue(overriding: live.client) { $0.when { $0.count() }.thenReturn(7) }
        #expect(sync.count() == 7)
        let asyncFailing = await mailers.testValue {
            await $0.when { try await $0.send(Match.any(), Match.any()) }.thenReturn(1)
        }
        #expect(try await asyncFailing.send("a", "b") == 1)
    }

    @Test func anEndpointWithoutForwardingReportsWhenAskedToForward() throws {
        let noForwarding = ClientDoublePreset<Mailer> { endpoints in
            Mailer(send: endpoints.asyncThrowingFunction("send"), count: endpoints.function("count"))
        }
        let spy = noForwarding.spy(forwardingTo: LiveMailer().client)
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture { answer = spy().count() }
        #expect(answer == 0)
        #expect(issues.map(\.kind) == [.invalidBehavior])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("no real implementation"))
    }
}
