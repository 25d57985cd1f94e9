import TestDoubles
import Testing

/// Async members of a class: their slots hold async function pointer records that enter the async trampoline.
@Suite struct ClassAsyncTests {
    @Test func aStubAnswersAsyncMethodsAndGetters() async throws {
        let stub = try Stub<CDAsyncLoader>(initializingWith: { CDAsyncLoader() })
        await stub.when { await $0.load() }.thenReturn(7)
        await stub.when { try await $0.fetch(Match.equal("a"), retries: Match.any()) }.thenReturn("stubbed a")
        await stub.when { try await $0.fetch(Match.equal("b"), retries: Match.any()) }.thenThrow(CDError.refused(9))
        await stub.when { try await $0.point(Match.equal(2)) }.thenReturn(CDPoint(x: 20, y: 21))
        await stub.when { try await $0.point(Match.equal(3)) }.thenThrow(CDError.offline)
        await stub.when { await $0.ready }.thenReturn(false)
        await stub.when { try await $0.token }.thenReturn("t1").thenThrow(CDError.refused(1))
        let loader = stub()
        #expect(await loader.load() == 7)
        #expect(try await loader.fetch("a", retries: 1) == "stubbed a")
        await #expect(throws: CDError.refused(9)) { try await loader.fetch("b", retries: 1) }
        #expect(try await loader.point(2) == CDPoint(x: 20, y: 21))
        do {
            _ = try await loader.point(3)
            Issue.record("the typed-throwing async method returned")
        } catch {
            #expect(error == CDError.offline)
        }
        #expect(await loader.ready == false)
        #expect(try await loader.token == "t1")
        await #expect(throws: CDError.refused(1)) { try await loader.token }
        await stub.verify(.once) { await $0.load() }
        await stub.verify(.exactly(2)) { try await $0.fetch(Match.any(), retries: Match.equal(1)) }
    }

    @Test func aSpyForwardsUnmatchedAsyncCallsToTheClass() async throws {
        let spy = try Spy<CDAsyncLoader>(initializingWith: { CDAsyncLoader() })
        await spy.when { try await $0.fetch(Match.equal("a"), retries: Match.any()) }.thenReturn("spied")
        let loader = spy()
        #expect(try await loader.fetch("a", retries: 0) == "spied")
        #expect(try await loader.fetch("c", retries: 2) == "loaded c")
        await #expect(throws: CDError.refused(-1)) { try await loader.fetch("c", retries: -1) }
        #expect(await loader.load() == 1)
        #expect(await loader.load() == 1)
        // The forwarded calls ran the class's code on the same instance.
        #expect(loader.loads == 2)
        #expect(try await loader.point(4) == CDPoint(x: 4, y: -4))
        do {
            _ = try await loader.point(0)
            Issue.record("the forwarded typed-throwing async method returned")
        } catch {
            #expect(error == CDError.offline)
        }
        #expect(await loader.ready == true)
        await #expect(throws: CDError.offline) { try await loader.token }
        await spy.verify(.exactly(2)) { await $0.load() }
    }
}
