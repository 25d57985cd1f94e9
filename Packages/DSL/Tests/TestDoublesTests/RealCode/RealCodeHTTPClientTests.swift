import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// An app's networking layer as it is usually written: a Foundation-typed
// transport, and a typed API client over the app's own request value.

protocol RCHTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

struct RCURLSessionTransport: RCHTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let response = HTTPURLResponse(
            url: request.url ?? URL(string: "https://live.example")!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["X-Live": "1"])!
        return (Data("live \(request.httpMethod ?? "GET")".utf8), response)
    }
}

enum RCHTTPMethod: String, Sendable, Equatable, Codable {
    case get = "GET"
    case post = "POST"
    case delete = "DELETE"
}

struct RCRequest: Sendable, Equatable {
    var method: RCHTTPMethod
    var path: String
    var query: [String: String]
    var headers: [String: String]
    var body: Data?
    var timeout: TimeInterval
}

struct RCResponse: Sendable, Equatable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

enum RCAPIError: Error, Equatable {
    case unauthorized
    case server(status: Int, message: String)
    case transport(String)
}

protocol RCAPIClient: Sendable {
    func perform(_ request: RCRequest) async throws -> RCResponse
    func download(from url: URL, to destination: URL) async throws(RCAPIError) -> Int64
    var baseURL: URL { get }
    var defaultHeaders: [String: String] { get }
}

struct RCLiveAPIClient: RCAPIClient {
    func perform(_ request: RCRequest) async throws -> RCResponse {
        RCResponse(status: 200, headers: ["Server": "live"], body: Data(request.path.utf8))
    }
    func download(from url: URL, to destination: URL) async throws(RCAPIError) -> Int64 {
        Int64(url.absoluteString.count)
    }
    var baseURL: URL { URL(string: "https://api.live.example")! }
    var defaultHeaders: [String: String] { ["Accept": "application/json"] }
}

@Suite struct RealCodeHTTPClientTests {
    static let profileURL = URL(string: "https://api.example.com/v1/profile?id=42")!

    static func ok(_ url: URL, status: Int = 200, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @MainActor @Test func aTransportAnswersAConfiguredBodyAndResponse() async throws {
        let transport = try Stub<any RCHTTPTransport>()
        let body = Data(#"{"name":"Ada","id":42}"#.utf8)
        let response = Self.ok(Self.profileURL, headers: ["Content-Type": "application/json"])
        var request = URLRequest(url: Self.profileURL)
        request.httpMethod = "GET"
        request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")

        let sends = await transport.when { try await $0.send(Match.any()) }.thenReturn((body, response))
        let client: any RCHTTPTransport = transport()
        let (data, answered) = try await client.send(request)
        #expect(data == body)
        #expect(answered === response)
        #expect(answered.statusCode == 200)
        #expect(answered.value(forHTTPHeaderField: "Content-Type") == "application/json")

        sends.verify()
        let sent: [URLRequest] = sends.arguments()
        #expect(sent == [request])
        #expect(sent.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t0k3n")
        #expect(sent.first?.url == Self.profileURL)
        await transport.verify { try await $0.send(Match.equal(request)) }
    }

    @MainActor @Test func aTransportFailsThenRecoversAndMatchesOnTheURL() async throws {
        let transport = try Stub<any RCHTTPTransport>()
        let other = URL(string: "https://api.example.com/v1/feed")!
        await transport.when {
            try await $0.send(Match.property(\.url, equalTo: other))
        }.thenReturn((Data("feed".utf8), Self.ok(other)))
        await transport.when { try await $0.send(Match.any()) }
            .thenThrow(URLError(.timedOut))
            .thenReturn((Data("late".utf8), Self.ok(Self.profileURL, status: 503)))

        let client = transport()
        await #expect(throws: URLError.self) { _ = try await client.send(URLRequest(url: Self.profileURL)) }
        let (late, lateResponse) = try await client.send(URLRequest(url: Self.profileURL))
        #expect(String(decoding: late, as: UTF8.self) == "late")
        #expect(lateResponse.statusCode == 503)
        let (feed, feedResponse) = try await client.send(URLRequest(url: other))
        #expect(String(decoding: feed, as: UTF8.self) == "feed")
        #expect(feedResponse.url == other)
    }

    @Test func aSpyOfTheTransportForwardsToURLSessionsConformer() async throws {
        let spy = try Spy<any RCHTTPTransport>(forwardingTo: RCURLSessionTransport())
        var request = URLRequest(url: Self.profileURL)
        request.httpMethod = "POST"
        let (data, response) = try await spy().send(request)
        #expect(String(decoding: data, as: UTF8.self) == "live POST")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Live") == "1")
        await spy.verify { try await $0.send(Match.equal(request)) }
    }

    @MainActor @Test func aClientGetsTheRequestItsCallerBuiltFieldForField() async throws {
        let api = try Stub<any RCAPIClient>()
        let request = RCRequest(
            method: .post, path: "/v1/orders", query: ["dry_run": "false", "currency": "EUR"],
            headers: ["Authorization": "Bearer abc", "Idempotency-Key": "5D3F-11"],
            body: Data(#"{"items":[1,2,3]}"#.utf8), timeout: 12.5)
        let created = RCResponse(status: 201, headers: ["Location": "/v1/orders/9"], body: Data("{}".utf8))
        await api.when { try await $0.perform(Match.property(\.method, equalTo: .post)) }.thenReturn(created)
        await api.when { try await $0.perform(Match.any()) }.thenThrow(RCAPIError.server(status: 500, message: "boom"))

        let client = api()
        #expect(try await client.perform(request) == created)
        let get = RCRequest(method: .get, path: "/v1/orders", query: [:], headers: [:], body: nil, timeout: 30)
        await #expect(throws: RCAPIError.server(status: 500, message: "boom")) { _ = try await client.perform(get) }

        let seen: [RCRequest] = await api.when { try await $0.perform(Match.any()) }.arguments()
        #expect(seen == [request, get])  // every call its matchers accept, whichever registration answered
        let requests = Match.Capture<RCRequest>()
        await api.verify(2...2) { try await $0.perform(requests.capture()) }
        #expect(requests.values == [request, get])
        #expect(requests.values.first?.headers["Idempotency-Key"] == "5D3F-11")
        #expect(requests.values.first?.timeout == 12.5)
    }

    @MainActor @Test func typedThrowsReachTheCallerAsTheirOwnType() async throws {
        let api = try Stub<any RCAPIClient>()
        let source = URL(string: "https://cdn.example.com/big.zip")!
        let destination = URL(fileURLWithPath: "/tmp/big.zip")
        await api.when { try await $0.download(from: Match.equal(source), to: Match.any()) }
            .thenThrow(RCAPIError.unauthorized)
            .thenReturn(1_048_576)
        let client = api()
        do {
            _ = try await client.download(from: source, to: destination)
            Issue.record("no error")
        } catch {
            // `error` is statically an RCAPIError here.
            #expect(error == .unauthorized)
        }
        #expect(try await client.download(from: source, to: destination) == 1_048_576)
        let calls: [(URL, URL)] = await api.when {
            try await $0.download(from: Match.any(), to: Match.any())
        }.arguments()
        #expect(calls.map(\.0) == [source, source])
        #expect(calls.map(\.1) == [destination, destination])
    }

    @Test func propertiesOfTheClientAnswerAndForward() throws {
        let api = try Stub<any RCAPIClient>()
        let base = URL(string: "https://staging.example.com")!
        api.when { $0.baseURL }.thenReturn(base)
        api.when { $0.defaultHeaders }.thenReturn(["Accept": "application/json", "X-Env": "staging"])
        #expect(api().baseURL == base)
        #expect(api().defaultHeaders == ["Accept": "application/json", "X-Env": "staging"])
        api.verify(1...1) { $0.baseURL }

        let spy = try Spy<any RCAPIClient>(forwardingTo: RCLiveAPIClient())
        #expect(spy().baseURL == URL(string: "https://api.live.example")!)
        #expect(spy().defaultHeaders == ["Accept": "application/json"])
    }

    @MainActor @Test func anUnstubbedRequestIsAnIssueNamingTheRequirementAndThrows() async throws {
        let api = try Stub<any RCAPIClient>()
        let client = api()
        var answer: RCResponse?
        let issues = await TestDoubleIssueReporting.capture {
            // The default answer: the type's empty value, after an issue at the call.
            answer = try? await client.perform(
                RCRequest(method: .get, path: "/", query: [:], headers: [:], body: nil, timeout: 1))
        }
        #expect(answer == RCResponse(status: 0, headers: [:], body: Data()))
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .unmatchedCall)
        #expect(issues.first?.message.contains("perform(") == true)
    }
}
