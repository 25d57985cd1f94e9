import TestDoubles
import Testing

/// A `Sendable` protocol whose requirements a `@MainActor` test may call from
/// its recording closures (a nonisolated async requirement receives the double).
protocol SendableBoxSource: Sendable {
    func reloadBox(_ b: PlaceholderBox) async -> PlaceholderBox
    func makeBox() -> PlaceholderBox
}

/// A linked conformer, so discovery reads the requirements' signatures.
struct LiveSendableBoxSource: SendableBoxSource {
    func reloadBox(_ b: PlaceholderBox) async -> PlaceholderBox { b }
    func makeBox() -> PlaceholderBox { PlaceholderBox("live") }
}

/// Async `when`/`verify` of a runtime `Stub` written in a `@MainActor` test:
/// the closure is isolated to the main actor. A bare `Match.any()` of a class
/// or a synchronous requirement returning one, evaluated there, used to stop
/// the process; now the first is an issue at the caller's line, the second is
/// recorded, and the run (the main actor included) goes on.
@MainActor
@Suite struct MainActorPlaceholderTests {
    @Test func aBareMatchAnyOfAClassIsAnIssueAtTheWhenLine() async throws {
        let stub = try Stub<any SendableBoxSource>()
        var runs = 0
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await stub.when { double in
                runs += 1
                return await double.reloadBox(Match.any())
            }.thenReturn(PlaceholderBox("never"))
        }
        #expect(runs == 1)
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("PlaceholderBox"))
        let box = PlaceholderBox("handed over")
        await stub.when { await $0.reloadBox(Match.any(using: box)) }.then { (b: PlaceholderBox) in b }
        let sent = PlaceholderBox("sent")
        #expect(await stub().reloadBox(sent) === sent)
    }

    @Test func aSynchronousRequirementReturningAClassIsRecorded() async throws {
        let stub = try Stub<any SendableBoxSource>()
        let box = PlaceholderBox("made")
        let issues = await TestDoubleIssueReporting.capture { () async in
            await stub.when { double in
                await Task.yield()
                return double.makeBox()
            }.thenReturn(box)
        }
        #expect(issues.isEmpty)
        #expect(stub().makeBox() === box)
        #expect(
            await stub.verify { double in
                await Task.yield()
                return double.makeBox()
            })
    }

    @Test func aMainActorProtocolsClassArgumentWithoutUsingIsAnIssue() async throws {
        let stub = try Stub<any MainActorBoxLoader>()
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await stub.verify(.never) { await $0.reload(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let box = PlaceholderBox("loaded")
        await stub.when { await $0.load(Match.any()) }.thenReturn(box)
        #expect(await stub().load(2) === box)
    }

    @Test func aMainActorProtocolsAsyncClassResultWithAndWithoutReturning() async throws {
        let stub = try Stub<any MainActorBoxLoader>()
        let first = PlaceholderBox("first")
        let second = PlaceholderBox("second")
        await stub.when(returning: PlaceholderBox("placeholder")) { await $0.load(Match.equal(1)) }.thenReturn(first)
        await stub.when { await $0.load(Match.equal(2)) }.thenReturn(second)
        #expect(await stub().load(1) === first)
        #expect(await stub().load(2) === second)
        #expect(await stub.verify(.exactly(2)) { await $0.load(Match.any()) })
    }
}
