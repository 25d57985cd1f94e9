import TestDoubles
import Testing

/// A namespace holding its protocols, as Swift 5.10 and later allow.
enum NestedProtocolAPI {
    protocol Client: Sendable {
        func get(_ path: String) async throws -> Int
        var baseURL: String { get }
    }
}

extension NestedProtocolAPI {
    protocol Cache {
        func value(for key: String) -> Int?
    }
}

/// The app's own conformers, linked into the test binary as an app's are:
/// the runtime reads the requirements' signatures from their witnesses.
struct LiveNestedClient: NestedProtocolAPI.Client {
    func get(_ path: String) async throws -> Int { path.count }
    var baseURL: String { "https://live.test" }
}

struct LiveNestedCache: NestedProtocolAPI.Cache {
    func value(for key: String) -> Int? { key.count }
}

/// A runtime double serves a protocol declared inside a type or an
/// extension: what doubles-gen's note for such a protocol points to.
@Suite struct NestedProtocolTests {
    @Test func aStubOfAProtocolNestedInAType() async throws {
        let client = try Stub<any NestedProtocolAPI.Client>()
        await client.when { try await $0.get(Match.equal("/a")) }.thenReturn(7)
        client.when { $0.baseURL }.thenReturn("https://example.test")
        let sut: any NestedProtocolAPI.Client = client()
        #expect(try await sut.get("/a") == 7)
        #expect(sut.baseURL == "https://example.test")
        await client.verify(.exactly(1)) { try await $0.get(Match.equal("/a")) }
    }

    @Test func aStubOfAProtocolNestedInAnExtension() throws {
        let cache = try Stub<any NestedProtocolAPI.Cache>()
        let lookups = cache.when { $0.value(for: Match.any()) }
        lookups.thenReturn(3)
        let sut: any NestedProtocolAPI.Cache = cache()
        #expect(sut.value(for: "k") == 3)
        let keys: [String] = lookups.arguments()
        #expect(keys == ["k"])
    }
}
