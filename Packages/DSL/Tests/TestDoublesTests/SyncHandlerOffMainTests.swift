import Foundation
import TestDoubles
import Testing

/// A synchronous requirement the code under test calls from another thread.
protocol ShelfTitles: Sendable {
    func titles(_ ids: [Int]) -> [String]
}

struct ShelfTitlesConformer: ShelfTitles {
    func titles(_ ids: [Int]) -> [String] { [] }
}

#if compiler(>=6.2)
/// A `then` handler written in a `@MainActor` test for a SYNCHRONOUS
/// requirement that the code under test calls from another thread: the
/// handler is isolated to the main actor, Swift checks that at run time in
/// the closures it passes on (`ids.map { … }`), and a synchronous call
/// cannot hop, so the process stops (documented in the Isolation article,
/// still so). The documented workaround, a `@Sendable` handler, runs.
@Suite struct SyncHandlerOffMainTests {
    @Test func aMainActorHandlerUsingAClosureStopsWhenCalledFromAnotherThread() async {
        await #expect(processExitsWith: .failure) {
            _ = try await MainActorTitleHandlers.titlesFromAnotherThread(sendableHandler: false)
        }
    }

    @Test func aSendableHandlerRunsWhenCalledFromAnotherThread() async {
        await #expect(processExitsWith: .success) {
            let titles = try await MainActorTitleHandlers.titlesFromAnotherThread(sendableHandler: true)
            Foundation.exit(titles == ["#1", "#2"] ? 0 : 3)
        }
    }
}

/// Configures the stub in a `@MainActor` context, as a `@MainActor` test does.
@MainActor enum MainActorTitleHandlers {
    static func titlesFromAnotherThread(sendableHandler: Bool) async throws -> [String] {
        let stub = try Stub<any ShelfTitles>()
        if sendableHandler {
            stub.when { $0.titles(Match.any()) }.then { @Sendable (ids: [Int]) in ids.map { "#\($0)" } }
        } else {
            stub.when { $0.titles(Match.any()) }.then { (ids: [Int]) in ids.map { "#\($0)" } }
        }
        let titles = stub()
        return await Task.detached { titles.titles([1, 2]) }.value
    }
}
#endif
