import TestDoublesRecorder
import Testing

/// Async counting handlers with a repetition count, as the README's
/// `thenForEachCall(times: 2) { attempt in try await remote.load(attempt: attempt) }` chain uses them.
@Suite struct AsyncCountedHandlerTests {
    @Test func asyncCountedHandlerServesItsCallsThenTheNextBehavior() async throws {
        let loader = ServiceDouble()
        let loads = await loader.when { try await $0.loadFeed() }
            .thenForEachCall(times: 2) { (attempt: Int) async throws -> [String] in
                await Task.yield()
                if attempt == 1 { throw ServiceError.offline }
                return ["attempt \(attempt)"]
            }
            .thenReturn(["offline"])

        await #expect(throws: ServiceError.offline) { try await loader.loadFeed() }
        #expect(try await loader.loadFeed() == ["attempt 2"])
        #expect(try await loader.loadFeed() == ["offline"])
        #expect(try await loader.loadFeed() == ["offline"])
        #expect(issues { loads.verify(4...4) }.isEmpty)
    }

    @Test func asyncCountedHandlerWithAnUnboundedCountServesEveryCall() async throws {
        let loader = ServiceDouble()
        await loader.when { await $0.count() }
            .thenForEachCall(times: 1...) { (attempt: Int) async -> Int in attempt * 10 }
        #expect(await loader.count() == 10)
        #expect(await loader.count() == 20)
        #expect(await loader.count() == 30)
    }

    @Test func asyncCountedHandlerWithACountFailsClosedOnASyncRequirement() {
        let double = ServiceDouble()
        let found = issues {
            double.when { $0.translate(Match.any()) }
                .thenForEachCall(times: 2) { (_: Int, key: String) async in key }
        }
        #expect(found.map(\.kind) == [.invalidBehavior])
    }
}
