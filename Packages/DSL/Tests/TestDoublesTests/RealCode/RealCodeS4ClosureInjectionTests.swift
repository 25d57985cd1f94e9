import Foundation
import TestDoubles
import Testing

// A `@MainActor` view model whose dependencies are injected closures, tested
// the way the README's "Double injected closures" section teaches:
// `ClosureDouble`, `VoidClosureDouble`, `AsyncThrowingClosureDouble` made in
// the suite's `init`, their `function` handed to the model, and the checks
// `verifyNoInteractions()` / `verifyNoMoreInteractions()` reporting at their
// own lines.

@MainActor final class S4SearchModel {
    private let search: (String) async throws -> [String]
    private let format: (Int) -> String
    private let clearCache: () -> Void
    private(set) var summary = ""
    private(set) var results: [String] = []

    init(
        search: @escaping (String) async throws -> [String], format: @escaping (Int) -> String,
        clearCache: @escaping () -> Void
    ) {
        self.search = search
        self.format = format
        self.clearCache = clearCache
    }

    func submit(_ query: String) async {
        guard !query.isEmpty else { return }
        do {
            results = try await search(query)
            summary = format(results.count)
        } catch {
            clearCache()
            summary = "failed"
        }
    }
}

@MainActor @Suite struct RealCodeS4ClosureInjectionTests {
    let search = AsyncThrowingClosureDouble<String, [String]>()
    let format = ClosureDouble<Int, String>()
    let clearCache = VoidClosureDouble<Void>()
    let model: S4SearchModel

    init() {
        format.whenAny().then { "\($0) results" }
        clearCache.when().thenDoNothing()
        model = S4SearchModel(search: search.function, format: format.function, clearCache: clearCache.function)
    }

    @Test func aSuccessfulSearchFormatsTheCountAndNeverClearsTheCache() async {
        search.when(equal: "swift").thenReturn(["a", "b"])

        await model.submit("swift")

        #expect(model.results == ["a", "b"])
        #expect(model.summary == "2 results")
        #expect(format.invocations == [2])
        clearCache.verifyNoInteractions()
        search.verify(equal: "swift")
    }

    @Test func aFailureThenARecoveryFollowTheChain() async {
        let searches = search.whenAny()
            .thenThrow(URLError(.timedOut))
            .thenReturn(["c"])

        await model.submit("x")
        #expect(model.summary == "failed")
        await model.submit("y")
        #expect(model.summary == "1 results")

        searches.verify(2...2)
        #expect(searches.arguments() == ["x", "y"])
        clearCache.verify()
    }

    @Test func anEmptyQueryTouchesNoDependency() async {
        await model.submit("")
        search.verifyNoInteractions()
        format.verifyNoInteractions()
        clearCache.verifyNoInteractions()
    }

    @Test func checksThatFailReportAtTheirOwnLines() async {
        search.whenAny().thenReturn([])
        await model.submit("q")

        let noInteractionsLine = #line + 2
        withKnownIssue {
            format.verifyNoInteractions()
        } matching: { issue in
            issue.sourceLocation?.line == noInteractionsLine
        }
        let noMoreLine = #line + 2
        withKnownIssue {
            search.verifyNoMoreInteractions()
        } matching: { issue in
            issue.sourceLocation?.line == noMoreLine
        }
        search.verify(equal: "q")
        search.verifyNoMoreInteractions()
    }
}
