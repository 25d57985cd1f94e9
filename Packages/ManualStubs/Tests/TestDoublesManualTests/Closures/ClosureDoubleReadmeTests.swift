import Foundation
import TestDoublesManual
import TestDoublesRecorder
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seed README's "Double injected closures" examples for closure doubles,
/// written as they appear there, with the expectations they state.
@Suite struct ClosureDoubleReadmeTests {
    @Test func closureDoubleExample() {
        let formatter = ClosureDouble<Int, String>()
        let twos = formatter.when(equal: 2)
        let twoCalls =
            twos
            .thenReturn("first two")
            .thenReturn("two")
        formatter.whenAny().then { "other-\($0)" }

        let format: (Int) -> String = formatter.function
        #expect(format(2) == "first two")
        #expect(format(2) == "two")
        #expect(format(9) == "other-9")

        twoCalls.verify(2...2)
        #expect(twos.arguments() == [2, 2])
    }

    @Test func asyncThrowingClosureDoubleExample() async throws {
        let cache = DataCache(contents: Data([1, 2, 3]))
        let feedURL = URL(string: "https://example.com/feed")!

        let load = AsyncThrowingClosureDouble<URL, Data>()
        let loads = load.whenAny()
            .thenThrow(URLError(.timedOut))
            .then { (url: URL) async throws in try await cache.data(for: url) }
            .thenReturn(Data())

        let function: (URL) async throws -> Data = load.function
        _ = try? await function(feedURL)
        loads.verify()

        // The chain goes on as the README describes: the handler, then the trailing value.
        #expect(try await function(feedURL) == Data([1, 2, 3]))
        #expect(try await function(feedURL) == Data())
        #expect(await cache.requests == [feedURL])
    }

    @Test func multiArgumentClosureExample() async throws {
        let format = AsyncThrowingClosureDouble<(Int, String, Bool), String>()
        format.whenArguments { (count: Int, _: String, enabled: Bool) in
            count > 0 && enabled
        }.thenArguments { (count: Int, unit: String, _: Bool) async throws in
            "\(count) \(unit)"
        }

        let function: (Int, String, Bool) async throws -> String =
            format.expandedFunction()

        #expect(try await function(3, "kg", true) == "3 kg")
        // A call the predicate rejects is unmatched: reported, answered with a placeholder.
        var unmatched: String?
        let issues = await TestDoubleIssueReporting.capture {
            unmatched = try? await function(0, "kg", true)
        }
        #expect(unmatched == "")
        #expect(issues.map(\.kind) == [.unmatchedCall])
        let inputs = format.whenAny().arguments()
        #expect(inputs.map(\.0) == [3, 0])
    }
}

/// A stand-in for the README's `cache`.
actor DataCache {
    let contents: Data
    private(set) var requests: [URL] = []

    init(contents: Data) { self.contents = contents }

    func data(for url: URL) throws -> Data {
        requests.append(url)
        return contents
    }
}
