import TestDoubles
import Testing

// An app's generic wrapper around an associated type of the method's generic parameter
// (`Endpoint<R.Response>`, issue 19): a typed networking layer's endpoint for a request's response.

/// A client whose endpoints are typed by the request's response.
protocol EndpointClient: Sendable {
    func send<R: MemberRequest>(_ request: R, to endpoint: Endpoint<R.Response>) async throws -> R.Response
    func endpoint<R: MemberRequest>(for request: R) -> Endpoint<R.Response>
    func remembered<R: MemberRequest>(_ request: R, key: DefaultsKey<R.Response>) -> DefaultsKey<R.Response>?
}

struct LiveEndpointClient: EndpointClient {
    func send<R: MemberRequest>(_ request: R, to endpoint: Endpoint<R.Response>) async throws -> R.Response {
        if let count = 7 as? R.Response, endpoint.method == "GET" { return count }
        throw GatewayFailure.offline
    }
    func endpoint<R: MemberRequest>(for request: R) -> Endpoint<R.Response> {
        Endpoint(path: "/live" + request.path, method: "GET")
    }
    func remembered<R: MemberRequest>(_ request: R, key: DefaultsKey<R.Response>) -> DefaultsKey<R.Response>? {
        DefaultsKey(name: key.name + request.path, defaultValue: key.defaultValue)
    }
}

@Suite struct MemberWrapperShapeTests {
    @Test func aPhantomWrapperOfTheResponseTravelsBothWays() async throws {
        let stub = try Stub<any EndpointClient>()
        await stub.when { try await $0.send(Match.any(using: ProfileRequest(id: 0)), to: Match.any()) }.then {
            (request: ProfileRequest, endpoint: Endpoint<MemberProfile>) in
            MemberProfile(id: request.id, name: endpoint.path, tags: [endpoint.method])
        }
        stub.when { $0.endpoint(for: Match.any(using: CountRequest())) }.then { (request: CountRequest) in
            Endpoint<Int>(path: "/stub" + request.path, method: "HEAD")
        }
        let client = stub()
        let profile = try await client.send(
            ProfileRequest(id: 4), to: Endpoint<MemberProfile>(path: "/profiles/4", method: "POST"))
        #expect(profile == MemberProfile(id: 4, name: "/profiles/4", tags: ["POST"]))
        let endpoint = client.endpoint(for: CountRequest())
        #expect(endpoint.path == "/stub/count" && endpoint.method == "HEAD")
    }

    @Test func aWrapperStoringTheResponseInlineTravelsByAddress() throws {
        let stub = try Stub<any EndpointClient>()
        stub.when { $0.remembered(Match.any(using: ProfileRequest(id: 0)), key: Match.any()) }.then {
            (request: ProfileRequest, key: DefaultsKey<MemberProfile>) -> DefaultsKey<MemberProfile>? in
            var profile = key.defaultValue
            profile.tags.append(request.path)
            return DefaultsKey(name: key.name + "!", defaultValue: profile)
        }
        let key = DefaultsKey(name: "last", defaultValue: MemberProfile(id: 1, name: "a", tags: []))
        let remembered = try #require(stub().remembered(ProfileRequest(id: 9), key: key))
        #expect(remembered.name == "last!")
        #expect(remembered.defaultValue == MemberProfile(id: 1, name: "a", tags: ["/profiles/9"]))
    }

    @Test func aSpyForwardsTheWrappersToTheRealClient() async throws {
        let spy = try Spy<any EndpointClient>(forwardingTo: LiveEndpointClient())
        let client = spy()
        #expect(try await client.send(CountRequest(), to: Endpoint<Int>(path: "/count", method: "GET")) == 7)
        await #expect(throws: GatewayFailure.offline) {
            try await client.send(CountRequest(), to: Endpoint<Int>(path: "/count", method: "PUT"))
        }
        let endpoint = client.endpoint(for: ProfileRequest(id: 2))
        #expect(endpoint.path == "/live/profiles/2")
        let key = DefaultsKey(name: "n", defaultValue: 5)
        #expect(client.remembered(CountRequest(), key: key)?.name == "n/count")
        #expect(client.remembered(CountRequest(), key: key)?.defaultValue == 5)
    }
}
