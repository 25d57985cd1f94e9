import Foundation
import TestDoublesManual
import Testing

// The small system clients every app injects: a clock, UUIDs, files,
// analytics and notifications, synchronous and with Foundation values.

struct DateClient: Sendable { var now: @Sendable () -> Date }
struct UUIDClient: Sendable { var make: @Sendable () -> UUID }
struct FileClient: Sendable {
    var read: @Sendable (URL) throws -> Data
    var write: @Sendable (Data, URL) throws -> Void
    var exists: @Sendable (URL) -> Bool
}
struct AnalyticsClient: Sendable {
    var track: @Sendable (String, [String: String]) -> Void
}
struct NotificationClient: Sendable {
    var schedule: @Sendable (String, TimeInterval) -> Bool
    var cancelAll: @Sendable () -> Void
    var pending: @Sendable () -> [String]
}

@MainActor @Suite struct SystemClientsTests {
    @Test func clockAndUUIDAnswerInOrder() {
        let first = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        let second = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!
        let uuids = ClientStub<UUIDClient> { UUIDClient(make: $0.function("make")) }
        uuids.when { $0.make() }.thenReturn(first).thenReturn(second)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let clock = ClientStub<DateClient> { DateClient(now: $0.function("now")) }
        clock.when { $0.now() }.thenReturn(date)

        #expect(uuids().make() == first)
        #expect(uuids().make() == second)
        #expect(clock().now() == date)
        uuids.verify(2...2) { $0.make() }
    }

    @Test func fileClientWithDataAndURL() throws {
        let files = ClientStub<FileClient> { endpoints in
            FileClient(
                read: endpoints.throwingFunction("read"),
                write: endpoints.throwingFunction("write"),
                exists: endpoints.function("exists"))
        }
        let settings = URL(fileURLWithPath: "/tmp/settings.json")
        let payload = Data("{\"a\":1}".utf8)
        files.when { try $0.read(Match.equal(settings)) }.thenReturn(payload)
        files.when { try $0.read(Match.any()) }.thenThrow(CocoaError(.fileNoSuchFile))
        files.when { try $0.write(Match.any(), Match.any()) }.thenDoNothing()
        files.when { $0.exists(Match.any()) }.then { (url: URL) in url == settings }

        let client = files()
        #expect(try client.read(settings) == payload)
        #expect(throws: CocoaError.self) { try client.read(URL(fileURLWithPath: "/nope")) }
        try client.write(payload, settings)
        #expect(client.exists(settings))
        #expect(!client.exists(URL(fileURLWithPath: "/x")))

        let writes: [(Data, URL)] = files.when { try $0.write(Match.any(), Match.any()) }.arguments()
        #expect(writes.count == 1)
        #expect(writes.first?.0 == payload)
        #expect(writes.first?.1 == settings)
    }

    @Test func analyticsDictionariesRecordedExactly() {
        let analytics = ClientStub<AnalyticsClient> { AnalyticsClient(track: $0.function("track")) }
        analytics.when { $0.track(Match.any(), Match.any()) }.thenDoNothing()
        let client = analytics()
        client.track("open", ["screen": "home", "source": "push"])
        client.track("tap", [:])

        analytics.verify(1...1) { $0.track(Match.equal("open"), Match.equal(["screen": "home", "source": "push"])) }
        analytics.verify(1...1) { $0.track(Match.equal("tap"), Match.equal([:])) }
        analytics.verify(0...0) { $0.track(Match.equal("open"), Match.equal(["screen": "home"])) }
        let events: [(String, [String: String])] = analytics.when { $0.track(Match.any(), Match.any()) }.arguments()
        #expect(events.map(\.0) == ["open", "tap"])
        #expect(events.map(\.1) == [["screen": "home", "source": "push"], [:]])
        analytics.verifyInOrder {
            $0.track(Match.equal("open"), Match.any())
            $0.track(Match.equal("tap"), Match.any())
        }
    }

    @Test func orderVerificationFailsOutOfOrder() {
        let analytics = ClientStub<AnalyticsClient> { AnalyticsClient(track: $0.function("track")) }
        analytics.when { $0.track(Match.any(), Match.any()) }.thenDoNothing()
        analytics().track("b", [:])
        analytics().track("a", [:])
        withKnownIssue("a came after b") {
            analytics.verifyInOrder {
                $0.track(Match.equal("a"), Match.any())
                $0.track(Match.equal("b"), Match.any())
            }
        }
    }

    @Test func notificationClientSync() {
        let notifications = ClientStub<NotificationClient> { endpoints in
            NotificationClient(
                schedule: endpoints.function("schedule"),
                cancelAll: endpoints.function("cancelAll"),
                pending: endpoints.function("pending"))
        }
        notifications.when { $0.schedule(Match.any(), Match.inRange(0...60)) }.thenReturn(true)
        notifications.when { $0.schedule(Match.any(), Match.any()) }.thenReturn(false)
        notifications.when { $0.cancelAll() }.thenDoNothing()
        notifications.when { $0.pending() }.thenReturn(["a"]).thenReturn([])

        let client = notifications()
        #expect(client.schedule("soon", 30))
        #expect(!client.schedule("later", 3600))
        #expect(client.pending() == ["a"])
        client.cancelAll()
        #expect(client.pending() == [])
        notifications.verify(2...2) { $0.schedule(Match.any(), Match.any()) }
    }

    @Test func concurrentSyncCallsFromManyThreads() async {
        let analytics = ClientStub<AnalyticsClient> { AnalyticsClient(track: $0.function("track")) }
        analytics.when { $0.track(Match.any(), Match.any()) }.thenDoNothing()
        let client = analytics()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<500 {
                group.addTask { client.track("e\(index)", ["i": "\(index)"]) }
            }
        }
        #expect(analytics.history.callCount == 500)
        let names: [(String, [String: String])] = analytics.when { $0.track(Match.any(), Match.any()) }.arguments()
        #expect(Set(names.map(\.0)).count == 500)
        #expect(names.allSatisfy { $0.1["i"].map { "e" + $0 } == $0.0 })
    }
}
