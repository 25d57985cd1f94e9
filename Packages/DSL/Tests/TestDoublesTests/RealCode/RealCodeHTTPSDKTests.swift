import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A REST SDK as a platform team ships it: a generic
// `send<R: Decodable & Sendable>(_:to:query:)`, request building from
// `URLComponents` and `[URLQueryItem]`, a retry policy that answers a
// `Duration?` for an `any Error`, a completion-handler transport that answers
// `Result<(Data, HTTPURLResponse), any Error>`, and a client that puts them
// together.

struct HSUser: Codable, Equatable, Sendable {
    var id: Int
    var login: String
}

struct HSPage<Item: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var items: [Item]
    var next: URL?
}

enum HSAPIError: Error, Equatable {
    case status(Int, body: String)
    case decoding(String)
}

protocol HSAPI: Sendable {
    func send<R: Decodable & Sendable>(_ response: R.Type, to path: String, query: [URLQueryItem]) async throws -> R
    func request(for components: URLComponents, method: String, body: Data?) throws -> URLRequest
    func lastError() -> (any Error)?
}

protocol HSRetryPolicy: Sendable {
    func delay(afterAttempt attempt: Int, failure: any Error) -> Duration?
    var budget: Duration { get }
}

protocol HSTransport: Sendable {
    func perform(
        _ request: URLRequest,
        completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void)
}

protocol HSResponseCache: Sendable {
    func cached(_ request: URLRequest) async -> Result<(Data, HTTPURLResponse), any Error>
    func store(_ result: Result<(Data, HTTPURLResponse), any Error>, for request: URLRequest) async -> (any Error)?
}

enum HSCacheError: Error, Equatable { case miss(String) }

/// The on-disk cache the SDK ships.
actor HSDiskCache: HSResponseCache {
    private var entries: [URL: Data] = [:]
    func cached(_ request: URLRequest) async -> Result<(Data, HTTPURLResponse), any Error> {
        guard let url = request.url, let data = entries[url] else {
            return .failure(HSCacheError.miss(request.url?.path ?? "?"))
        }
        return .success(
            (data, HTTPURLResponse(url: url, statusCode: 304, httpVersion: nil, headerFields: ["Age": "5"])!))
    }
    func store(_ result: Result<(Data, HTTPURLResponse), any Error>, for request: URLRequest) async -> (any Error)? {
        switch result {
        case .success(let (data, response)):
            guard response.statusCode == 200, let url = request.url else { return HSCacheError.miss("status") }
            entries[url] = data
            return nil
        case .failure(let error): return error
        }
    }
}

/// The SDK's production client, linked into the app.
struct HSLiveAPI: HSAPI {
    var base = URL(string: "https://api.example.com")!
    func send<R: Decodable & Sendable>(_ response: R.Type, to path: String, query: [URLQueryItem]) async throws -> R {
        let body = #"{"id": \#(query.count), "login": "\#(path)"}"#
        return try JSONDecoder().decode(R.self, from: Data(body.utf8))
    }
    func request(for components: URLComponents, method: String, body: Data?) throws -> URLRequest {
        guard let url = components.url(relativeTo: base) else { throw HSAPIError.decoding("url") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }
    func lastError() -> (any Error)? { HSAPIError.status(503, body: "busy") }
}

struct HSExponentialBackoff: HSRetryPolicy {
    var base: Duration
    var maxAttempts: Int
    func delay(afterAttempt attempt: Int, failure: any Error) -> Duration? {
        guard attempt < maxAttempts, !(failure is HSAPIError) else { return nil }
        return base * (1 << attempt)
    }
    var budget: Duration { base * (1 << maxAttempts) }
}

struct HSURLSessionTransport: HSTransport {
    func perform(
        _ request: URLRequest,
        completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void
    ) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 201, httpVersion: "HTTP/2", headerFields: ["ETag": "\"v1\""])!
        completion(.success((Data("{}".utf8), response)))
    }
}

/// The code under test: a client that retries transport failures.
final class HSClient: Sendable {
    let transport: any HSTransport
    let policy: any HSRetryPolicy
    let sleep: @Sendable (Duration) async -> Void

    init(transport: any HSTransport, policy: any HSRetryPolicy, sleep: @escaping @Sendable (Duration) async -> Void) {
        self.transport = transport
        self.policy = policy
        self.sleep = sleep
    }

    func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var attempt = 0
        while true {
            let result = await withCheckedContinuation { continuation in
                transport.perform(request) { continuation.resume(returning: $0) }
            }
            switch result {
            case .success(let pair): return pair
            case .failure(let error):
                attempt += 1
                guard let delay = policy.delay(afterAttempt: attempt, failure: error) else { throw error }
                await sleep(delay)
            }
        }
    }
}

final class HSSleeps: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Duration] = []
    func record(_ duration: Duration) {
        lock.lock()
        stored.append(duration)
        lock.unlock()
    }
    var values: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

@Suite struct RealCodeHTTPSDKTests {
    static let users = URL(string: "https://api.example.com/v2/users?page=2")!
    static func response(_ status: Int, _ url: URL = users) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["X-Req": "\(status)"])!
    }

    @MainActor @Test func aGenericSendAnswersPerResponseTypeAndSeesTheQuery() async throws {
        let api = try Stub<any HSAPI>()
        let users = await api.when {
            try await $0.send(Match.equal(HSUser.self), to: Match.any(), query: Match.any())
        }
        users.then { (_: HSUser.Type, path: String, query: [URLQueryItem]) in
            HSUser(id: Int(query.first { $0.name == "id" }?.value ?? "") ?? -1, login: path)
        }
        let page = HSPage(items: [HSUser(id: 1, login: "a"), HSUser(id: 2, login: "b")], next: Self.users)
        await api.when {
            try await $0.send(Match.equal(HSPage<HSUser>.self), to: Match.any(), query: Match.any())
        }.thenReturn(page)
        await api.when { try await $0.send(Match.equal([String].self), to: Match.any(), query: Match.any()) }
            .thenThrow(HSAPIError.status(404, body: "no tags"))

        let sut = api()
        let query = [URLQueryItem(name: "id", value: "77"), URLQueryItem(name: "fields", value: nil)]
        #expect(try await sut.send(HSUser.self, to: "/me", query: query) == HSUser(id: 77, login: "/me"))
        #expect(try await sut.send(HSPage<HSUser>.self, to: "/users", query: []) == page)
        await #expect(throws: HSAPIError.status(404, body: "no tags")) {
            try await sut.send([String].self, to: "/tags", query: [])
        }
        let seen: [(HSUser.Type, String, [URLQueryItem])] = users.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.1 == "/me")
        #expect(seen.first?.2 == query)
        await api.verify(.exactly(1)) {
            try await $0.send(Match.equal(HSPage<HSUser>.self), to: Match.equal("/users"), query: Match.equal([]))
        }
    }

    @Test func theSpyDecodesThroughTheLiveClient() async throws {
        let spy = try Spy<any HSAPI>(forwardingTo: HSLiveAPI())
        let query = [URLQueryItem(name: "a", value: "1"), URLQueryItem(name: "b", value: "2")]
        #expect(try await spy().send(HSUser.self, to: "octo", query: query) == HSUser(id: 2, login: "octo"))
        await #expect(throws: DecodingError.self) { try await spy().send([Int].self, to: "x", query: []) }
        let error = try #require(spy().lastError())
        #expect(error as? HSAPIError == .status(503, body: "busy"))
    }

    @Test func requestsBuiltFromComponentsCarryEveryField() throws {
        let api = try Stub<any HSAPI>()
        let builds = api.when { try $0.request(for: Match.any(), method: Match.any(), body: Match.any()) }
        builds.then { (components: URLComponents, method: String, body: Data?) in
            var request = URLRequest(url: components.url!)
            request.httpMethod = method
            request.httpBody = body
            request.timeoutInterval = 12.5
            request.setValue("Bearer t0k3n", forHTTPHeaderField: "Authorization")
            return request
        }
        api.when { $0.lastError() }.thenReturn(URLError(.timedOut)).thenReturn(nil)

        var components = URLComponents()
        components.scheme = "https"
        components.host = "api.example.com"
        components.path = "/v2/search"
        components.queryItems = [URLQueryItem(name: "q", value: "swift & c"), URLQueryItem(name: "page", value: "3")]
        let body = Data(#"{"filter":"open"}"#.utf8)
        let request = try api().request(for: components, method: "POST", body: body)
        #expect(request.url?.absoluteString == "https://api.example.com/v2/search?q=swift%20%26%20c&page=3")
        #expect(request.httpMethod == "POST")
        #expect(request.httpBody == body)
        #expect(request.timeoutInterval == 12.5)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0k3n")
        let seen: [(URLComponents, String, Data?)] = builds.arguments()
        #expect(seen.first?.0 == components)
        #expect(seen.first?.0.queryItems?.last == URLQueryItem(name: "page", value: "3"))
        #expect(seen.first?.2 == body)
        #expect((api().lastError() as? URLError)?.code == .timedOut)
        #expect(api().lastError() == nil)

        let spy = try Spy<any HSAPI>(forwardingTo: HSLiveAPI())
        var relative = URLComponents()
        relative.path = "items"
        relative.queryItems = [URLQueryItem(name: "sort", value: "new")]
        let live = try spy().request(for: relative, method: "GET", body: nil)
        #expect(live.url?.absoluteString == "https://api.example.com/items?sort=new")
        #expect(live.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(live.httpBody == nil)
    }

    @Test func theClientRetriesWithThePolicysDurationsThenSucceeds() async throws {
        let transport = try Stub<any HSTransport>()
        let performs = transport.when { $0.perform(Match.any(), completion: Match.any()) }
        performs
            .then {
                (_: URLRequest, completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void) in
                completion(.failure(URLError(.networkConnectionLost)))
            }
            .then {
                (_: URLRequest, completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void) in
                completion(.failure(URLError(.timedOut)))
            }
            .then {
                (
                    request: URLRequest,
                    completion: @escaping @Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void
                ) in
                completion(.success((Data("ok:\(request.httpMethod ?? "")".utf8), Self.response(200, request.url!))))
            }
        let policy = try Stub<any HSRetryPolicy>()
        let delays = policy.when { $0.delay(afterAttempt: Match.any(), failure: Match.any()) }
        delays.then { (attempt: Int, failure: any Error) -> Duration? in
            (failure as? URLError).map { _ in .milliseconds(250) * attempt + .nanoseconds(1) }
        }
        let sleeps = HSSleeps()
        let client = HSClient(transport: transport(), policy: policy()) { sleeps.record($0) }

        var request = URLRequest(url: Self.users)
        request.httpMethod = "PATCH"
        let (data, response) = try await client.data(for: request)
        #expect(String(decoding: data, as: UTF8.self) == "ok:PATCH")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "X-Req") == "200")
        #expect(sleeps.values == [.milliseconds(250) + .nanoseconds(1), .milliseconds(500) + .nanoseconds(1)])
        let attempts: [(Int, any Error)] = delays.arguments()
        #expect(attempts.map { $0.0 } == [1, 2])
        #expect(attempts.map { ($0.1 as? URLError)?.code } == [.networkConnectionLost, .timedOut])
        let requests: [URLRequest] = performs.arguments()
        #expect(requests.map(\.httpMethod) == ["PATCH", "PATCH", "PATCH"])
    }

    @Test func aPolicyThatGivesUpRethrowsTheTransportsError() async throws {
        let transport = try Stub<any HSTransport>()
        let failure = CallbackCapture<@Sendable (Result<(Data, HTTPURLResponse), any Error>) -> Void>()
        transport.when { $0.perform(Match.any(), completion: failure.capture()) }.thenDoNothing()
        let spyPolicy = try Spy<any HSRetryPolicy>(
            forwardingTo: HSExponentialBackoff(base: .milliseconds(10), maxAttempts: 3))
        let client = HSClient(transport: transport(), policy: spyPolicy()) { _ in }
        let call = Task { try await client.data(for: URLRequest(url: Self.users)) }
        await failure.waitForCallback(within: .seconds(5))
        failure.takeLast()?(.failure(HSAPIError.status(500, body: "boom")))
        await #expect(throws: HSAPIError.status(500, body: "boom")) { try await call.value }
        #expect(spyPolicy().budget == .milliseconds(80))
        #expect(spyPolicy().delay(afterAttempt: 2, failure: URLError(.timedOut)) == .milliseconds(40))
        let asked: [(Int, any Error)] = spyPolicy.when { $0.delay(afterAttempt: Match.any(), failure: Match.any()) }
            .arguments()
        #expect(asked.map { $0.0 } == [1, 2])
        #expect(asked.first?.1 as? HSAPIError == .status(500, body: "boom"))
    }

    @Test func theSpyTransportAnswersThroughURLSessionsConformer() async throws {
        let spy = try Spy<any HSTransport>(forwardingTo: HSURLSessionTransport())
        let policy = try Dummy<any HSRetryPolicy>()
        let client = HSClient(transport: spy(), policy: policy()) { _ in }
        let (data, response) = try await client.data(for: URLRequest(url: Self.users))
        #expect(data == Data("{}".utf8))
        #expect(response.statusCode == 201)
        #expect(response.url == Self.users)
        #expect(response.value(forHTTPHeaderField: "ETag") == "\"v1\"")
        spy.verify { $0.perform(Match.any(), completion: Match.any()) }
    }

    @MainActor @Test func asyncResultsOfATupleAndAnOptionalAnyError() async throws {
        let cache = try Stub<any HSResponseCache>()
        let hit = URLRequest(url: Self.users)
        await cache.when { await $0.cached(Match.equal(hit)) }
            .thenReturn(.success((Data("cached".utf8), Self.response(203))))
        await cache.when { await $0.cached(Match.any()) }.then { (request: URLRequest) in
            .failure(HSCacheError.miss(request.url?.lastPathComponent ?? ""))
        }
        let stores = await cache.when { await $0.store(Match.any(), for: Match.any()) }
        stores.then { (result: Result<(Data, HTTPURLResponse), any Error>, _: URLRequest) -> (any Error)? in
            switch result {
            case .success(let (_, response)):
                response.statusCode == 200 ? nil : HSCacheError.miss("\(response.statusCode)")
            case .failure(let error): error
            }
        }
        let sut = cache()
        let answer = try await sut.cached(hit).get()
        #expect(answer.0 == Data("cached".utf8))
        #expect(answer.1.statusCode == 203)
        #expect(answer.1.value(forHTTPHeaderField: "X-Req") == "203")
        await #expect(throws: HSCacheError.miss("other")) {
            try await sut.cached(URLRequest(url: URL(string: "https://api.example.com/other")!)).get()
        }
        #expect(await sut.store(.success((Data(), Self.response(200))), for: hit) == nil)
        #expect(await sut.store(.success((Data(), Self.response(500))), for: hit) as? HSCacheError == .miss("500"))
        #expect(await sut.store(.failure(URLError(.cancelled)), for: hit) as? URLError == URLError(.cancelled))
        let results: [Result<(Data, HTTPURLResponse), any Error>] = stores.arguments()
        #expect(results.count == 3)
        #expect((try? results.first?.get())?.1.statusCode == 200)

        let spy = try Spy<any HSResponseCache>(forwardingTo: HSDiskCache())
        #expect(await spy().store(.success((Data("body".utf8), Self.response(200))), for: hit) == nil)
        let stored = try await spy().cached(hit).get()
        #expect(stored.0 == Data("body".utf8))
        #expect(stored.1.statusCode == 304)
        #expect(stored.1.value(forHTTPHeaderField: "Age") == "5")
        #expect(await spy().store(.failure(HSCacheError.miss("x")), for: hit) as? HSCacheError == .miss("x"))
    }
}
