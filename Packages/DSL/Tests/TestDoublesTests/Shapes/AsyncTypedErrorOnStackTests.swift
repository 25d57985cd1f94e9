import TestDoubles
import Testing

/// A decoding client whose async typed-throwing requirements take enough
/// words that the caller passes the address of its error buffer on the stack.
protocol WideDecodingClient: Sendable {
    func get<T: Decodable & Sendable>(_ path: String, as type: T.Type) async throws(DecodingFailure) -> T
    func report(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int
    )
        async throws(DecodingFailure) -> WideReport
}

enum DecodingFailure: Error, Equatable { case status(Int), malformed(String) }

struct WideReport: Equatable, Sendable { var a = 0, b = 0, c = 0, d = 0, e = 0 }

struct Member: Decodable, Equatable, Sendable { var name: String }

struct LiveWideDecodingClient: WideDecodingClient {
    func get<T: Decodable & Sendable>(_ path: String, as type: T.Type) async throws(DecodingFailure) -> T {
        throw .status(500)
    }
    func report(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int
    )
        async throws(DecodingFailure) -> WideReport
    { WideReport() }
}

/// The error buffer's address is read after the call suspended, when the
/// caller's stack arguments are gone: the suspension keeps a copy of them.
/// Before, such a throw stopped the process (a nil stack argument address).
@Suite struct AsyncTypedErrorOnStackTests {
    @Test func aGenericResultThrowsItsTypedError() async throws {
        let stub = try Stub<any WideDecodingClient>()
        await stub.when { try await $0.get(Match.equal("/missing"), as: Match.equal(Member.self)) }
            .thenThrow(DecodingFailure.malformed("no body"))
        await stub.when { try await $0.get(Match.equal("/me"), as: Match.equal(Member.self)) }
            .thenReturn(Member(name: "Ada"))
        let client = stub()
        await #expect(throws: DecodingFailure.malformed("no body")) {
            _ = try await client.get("/missing", as: Member.self)
        }
        #expect(try await client.get("/me", as: Member.self) == Member(name: "Ada"))
    }

    @Test func manyArgumentsAndAnIndirectResult() async throws {
        let stub = try Stub<any WideDecodingClient>()
        await stub.when {
            try await $0.report(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any())
        }.then { (a: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, h: Int) async throws in
            if a < 0 { throw DecodingFailure.status(h) }
            return WideReport(a: a, e: h)
        }
        let client = stub()
        await #expect(throws: DecodingFailure.status(8)) {
            _ = try await client.report(-1, 2, 3, 4, 5, 6, 7, 8)
        }
        #expect(try await client.report(1, 2, 3, 4, 5, 6, 7, 9) == WideReport(a: 1, e: 9))
    }
}
