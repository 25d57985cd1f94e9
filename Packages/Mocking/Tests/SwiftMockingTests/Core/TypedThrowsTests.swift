import SwiftMocking
import Testing

protocol Loader {
    func load(id: Int) throws(PriceError) -> String
    func fetch(id: Int) async throws(PriceError) -> [Int]
}

final class MockLoader: Mock, @unchecked Sendable, Loader {
    func load(id: ArgMatcher<Int>) -> Interaction<Int, Throws, String> { Interaction(id, spy: super.load) }
    func fetch(id: ArgMatcher<Int>) -> Interaction<Int, AsyncThrows, [Int]> { Interaction(id, spy: super.fetch) }

    func load(id: Int) throws(PriceError) -> String {
        return try adaptTypedThrowing(super.load, id, throwing: PriceError.self)
    }
    func fetch(id: Int) async throws(PriceError) -> [Int] {
        return try await adaptAsyncTypedThrowing(super.fetch, id, throwing: PriceError.self)
    }
}

@Suite struct TypedThrowsTests {
    @Test func anErrorOfTheRequirementsTypeReachesTheCaller() async {
        let mock = MockLoader()
        when(mock.load(id: 1)).thenThrow(PriceError(code: 1))
        when(mock.fetch(id: .any)).thenThrow(PriceError(code: 2))
        let loader: Loader = mock
        #expect(throws: PriceError(code: 1)) { try loader.load(id: 1) }
        await #expect(throws: PriceError(code: 2)) { try await loader.fetch(id: 1) }
    }

    @Test func anyOtherErrorIsReportedAtTheCallAndAnsweredWithAZeroValue() async throws {
        let mock = MockLoader()
        mock.defaultProviderRegistry = DefaultProvidableRegistry()
        when(mock.fetch(id: .any)).thenThrow(OtherError())
        let loader: Loader = mock
        var answer = "unset"
        let messages = try issueMessages { answer = try loader.load(id: 4) }
        #expect(answer == "")
        #expect(
            messages == [
                "MockLoader.load throws(PriceError) cannot throw Unstubbed method \"MockLoader.load.\" No configured "
                    + "return value for inputs: (4). Stub it with thenReturn(…), or thenThrow(…) with a PriceError; "
                    + "answered with \"\" meanwhile"
            ])
        var fetched: [Int] = [9]
        let asyncMessages = try await issueMessages { fetched = try await loader.fetch(id: 1) }
        #expect(fetched == [])
        #expect(asyncMessages.count == 1)
        #expect(
            asyncMessages.first?.hasPrefix("MockLoader.fetch throws(PriceError) cannot throw OtherError() (OtherError)")
                == true)
    }
}
