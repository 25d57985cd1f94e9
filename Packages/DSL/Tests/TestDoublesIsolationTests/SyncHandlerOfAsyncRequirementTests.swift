import TestDoubles
import Testing

// A handler with no `await` in it, written in a `@MainActor` test for an async requirement, is a
// synchronous closure isolated to the main actor. Swift checks that isolation at run time inside the
// closures it passes on (`name.map { … }`): the stub answers async calls on the global executor, so
// such a handler stopped the whole test process ("Illegal instruction", dispatch_assert_queue), even
// when the test itself made the call from the main actor.

protocol PageTitles: Sendable {
    func title(page: Int, name: String?) async -> String
    func titles(pages: [Int]) async throws -> [String]
}

struct LivePageTitles: PageTitles {
    func title(page: Int, name: String?) async -> String { "" }
    func titles(pages: [Int]) async throws -> [String] { [] }
}

@MainActor
@Suite struct SyncHandlerOfAsyncRequirementTests {
    @Test func aSyncHandlerWrittenOnTheMainActorRunsThereWhoeverCalls() async throws {
        let stub = try Stub<any PageTitles>()
        var calls = 0
        await stub.when { await $0.title(page: Match.any(), name: Match.any()) }.then {
            (page: Int, name: String?) -> String in
            MainActor.assertIsolated("a synchronous handler written in a @MainActor test runs on the main actor")
            calls += 1
            return "page \(page): \(name.map { $0.uppercased() } ?? "untitled")"
        }
        let titles: any PageTitles = stub()
        #expect(await titles.title(page: 1, name: "intro") == "page 1: INTRO")
        let fromElsewhere = await Task.detached { await titles.title(page: 2, name: nil) }.value
        #expect(fromElsewhere == "page 2: untitled")
        #expect(calls == 2)
    }

    @Test func aThrowingRequirementsSyncHandlersAndCountsRunOnTheMainActor() async throws {
        let stub = try Stub<any PageTitles>()
        var handled = 0
        await stub.when { try await $0.titles(pages: Match.any()) }
            .thenForEachCall { (call: Int, pages: [Int]) -> [String] in
                MainActor.assertIsolated()
                handled += 1
                return pages.filter { $0 > call }.map { "page \($0)" }
            }
        let titles: any PageTitles = stub()
        let answer = try await Task.detached { try await titles.titles(pages: [1, 2, 3]) }.value
        #expect(answer == ["page 2", "page 3"])
        #expect(handled == 1)
    }
}
