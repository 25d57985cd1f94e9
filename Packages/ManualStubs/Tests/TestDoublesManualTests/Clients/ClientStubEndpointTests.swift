import Foundation
import TestDoublesManual
import Testing

/// A client with every endpoint shape: each effect, nullary and high arity, typed throws.
struct WideClient {
    var reset: @Sendable () -> Void
    var version: @Sendable () -> Int
    var sum6: @Sendable (Int, Int, Int, Int, Int, Int) -> Int
    var validate: @Sendable () throws -> Bool
    var parse8: @Sendable (Int, Int, Int, Int, Int, Int, Int, String) throws -> String
    var decode: @Sendable (String) throws(LoadError) -> Int
    var ping: @Sendable () async -> Bool
    var join7: @Sendable (String, String, String, String, String, String, String) async -> String
    var load: @Sendable () async throws -> [Int]
    var fetch: @Sendable (Int, String) async throws(LoadError) -> Data
}

func wideClient(_ endpoints: ClientStubEndpoints<WideClient>) -> WideClient {
    WideClient(
        reset: endpoints.function("reset"),
        version: endpoints.function("version"),
        sum6: endpoints.function("sum6"),
        validate: endpoints.throwingFunction("validate"),
        parse8: endpoints.throwingFunction("parse8"),
        decode: endpoints.throwingFunction("decode", throwing: LoadError.self),
        ping: endpoints.asyncFunction("ping"),
        join7: endpoints.asyncFunction("join7"),
        load: endpoints.asyncThrowingFunction("load"),
        fetch: endpoints.asyncThrowingFunction("fetch", throwing: LoadError.self)
    )
}

@Suite struct ClientStubEndpointTests {
    @Test func everyEndpointShapeAnswersThroughOneRecorder() async throws {
        let wide = ClientStub<WideClient>(wideClient)
        wide.when { $0.reset() }.thenDoNothing()
        wide.when { $0.version() }.thenReturn(3)
        wide.when { $0.sum6(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any()) }
            .then { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in a + b + c + d + e + f }
        wide.when { try $0.validate() }.thenThrow(LoadError.offline)
        wide.when {
            try $0.parse8(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.hasPrefix("ok"))
        }.thenReturn("parsed")
        wide.when { try $0.decode(Match.equal("bad")) }.thenThrow(LoadError.missing(1))
        wide.when { try $0.decode(Match.any()) }.thenReturn(10)
        await wide.when { await $0.ping() }.thenReturn(true)
        await wide.when {
            await $0.join7(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }.then { (a: String, b: String, c: String, d: String, e: String, f: String, g: String) in
            [a, b, c, d, e, f, g].joined()
        }
        await wide.when { try await $0.load() }.thenReturn([1])
        await wide.when { try await $0.fetch(Match.equal(0), Match.any()) }.thenThrow(LoadError.offline)
        await wide.when { try await $0.fetch(Match.any(), Match.any()) }.thenReturn(Data([7]))

        let client = wide()
        client.reset()
        #expect(client.version() == 3)
        #expect(client.sum6(1, 2, 3, 4, 5, 6) == 21)
        #expect(throws: LoadError.offline) { try client.validate() }
        #expect(try client.parse8(1, 2, 3, 4, 5, 6, 7, "ok!") == "parsed")
        do {
            _ = try client.decode("bad")
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == .missing(1))
        }
        #expect(try client.decode("10") == 10)
        #expect(await client.ping())
        #expect(await client.join7("a", "b", "c", "d", "e", "f", "g") == "abcdefg")
        #expect(try await client.load() == [1])
        await #expect(throws: LoadError.offline) { try await client.fetch(0, "x") }
        #expect(try await client.fetch(1, "x") == Data([7]))

        #expect(wide.history.callCount == 12)
        wide.verify(2...2) { try $0.decode(Match.any()) }
        let fetched: [(Int, String)] = await wide.when { try await $0.fetch(Match.any(), Match.any()) }.arguments()
        #expect(fetched.map(\.0) == [0, 1])
    }

    @Test func endpointsWithTheSameNameButOtherTypesStayIndependent() {
        struct Twin {
            var convert: @Sendable (Int) -> String
            var convertText: @Sendable (String) -> String
        }
        let twin = ClientStub<Twin> { endpoints in
            Twin(convert: endpoints.function("convert"), convertText: endpoints.function("convert"))
        }
        twin.when { $0.convert(Match.any()) }.thenReturn("int")
        twin.when { $0.convertText(Match.any()) }.thenReturn("text")
        #expect(twin().convert(1) == "int")
        #expect(twin().convertText("1") == "text")
    }

    @Test func anUnmatchedCallNamesTheEndpoint() throws {
        let wide = ClientStub<WideClient>(wideClient)
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture { answer = wide().sum6(1, 2, 3, 4, 5, 6) }
        #expect(answer == 0)
        #expect(issues.map(\.kind) == [.unmatchedCall])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("sum6(1, 2, 3, 4, 5, 6)"))
    }

    @Test func eachClientStubHasItsOwnRecorder() {
        let first = ClientStub<WideClient>(wideClient)
        let second = ClientStub<WideClient>(wideClient)
        first.when { $0.version() }.thenReturn(1)
        second.when { $0.version() }.thenReturn(2)
        #expect(first().version() == 1)
        #expect(second().version() == 2)
        #expect(first.history.callCount == 1)
        #expect(first.recorder !== second.recorder)
    }
}
