import TestDoublesManual
import Testing

@Suite struct ManualStubEventualTests {
    @Test func verifyWithinWaitsForACallOnAnotherTask() async {
        let analytics = ConverterStub()
        let syncCompleted = analytics.when {
            $0.track(event: Match.equal("sync_completed"), value: Match.any())
        }.thenDoNothing()
        let sut: any Converter = analytics()
        let worker = Task.detached { sut.track(event: "sync_completed", value: 1) }
        #expect(await syncCompleted.verify(1..., within: .seconds(60)))
        await worker.value
    }

    @Test func captorsCollectArguments() {
        let analytics = ConverterStub()
        let events = ArgumentCaptor<String>()
        analytics.when { $0.track(event: events.capture(), value: Match.any()) }.thenDoNothing()
        let sut: any Converter = analytics()
        sut.track(event: "a", value: 1)
        sut.track(event: "b", value: 2)
        #expect(events.values == ["a", "b"])
    }

    @Test func asyncClosureRecordingUsesTheInvoker() async {
        let fetch = AsyncClosureDouble<Int, String>()
        await fetch.when { await $0(Match.greaterThan(0)) }.thenReturn("positive")
        fetch.whenAny().thenReturn("other")
        #expect(await fetch.function(3) == "positive")
        #expect(await fetch.function(-3) == "other")
        await fetch.verify(1...1) { await $0(Match.greaterThan(0)) }
    }

    @Test func aTypedForwardingEndpointRethrowsTheLiveError() async throws {
        struct Loader {
            var load: @Sendable (Int) async throws(LoadError) -> String
        }
        let presets = ClientDoublePreset<Loader> { endpoints in
            Loader(
                load: endpoints.asyncThrowingFunction(
                    "load", throwing: LoadError.self,
                    // A closure literal infers `throws(any Error)`; say the error type.
                    forwarding: { (live: Loader, id: Int) throws(LoadError) -> String in try await live.load(id) }))
        }
        let live = Loader(load: { id throws(LoadError) in
            guard id > 0 else { throw LoadError.missing(id) }
            return "live \(id)"
        })
        let spy = presets.spy(forwardingTo: live)
        let client = spy()
        #expect(try await client.load(1) == "live 1")
        do {
            _ = try await client.load(0)
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == .missing(0))
        }
        spy.history.forwarded.verify(2...2)
    }
}
