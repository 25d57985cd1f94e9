import TestDoubles
import Testing

// A method's own generic parameter inside the app's generic types (issues 19
// and 17): the typed-API shape of networking and settings layers.

/// A typed endpoint: the response type is a phantom parameter (loadable, exploded by its fields).
struct Endpoint<Response> {
    let path: String
    let method: String
}

/// A settings key holding a value of its parameter (address-only in generic code).
struct DefaultsKey<Value> {
    let name: String
    let defaultValue: Value
}

/// A request that decodes its own response: a closure field over the parameter.
struct DecodingRequest<Response: Decodable> {
    let path: String
    let decode: @Sendable ([UInt8]) throws -> Response
}

/// A request naming its response type: a `T.Type` field, thick in every instantiation.
struct TypedRequest<Response> {
    let path: String
    let responseType: Response.Type
}

/// Loading state with the parameter as a payload.
enum Loadable<T> {
    case idle
    case loaded(T)
}

/// A page of items, nested generics.
struct FeedPage<Element> {
    let items: [Element]
    let cursor: Int
}

/// An item holding its parameter inline.
struct FeedItem<T> {
    let id: Int
    let value: T
}

/// A reference wrapper: passed as one reference whatever holds it.
final class Reference<T> {
    let value: T
    init(_ value: T) { self.value = value }
}

enum GatewayFailure: Error, Equatable {
    case offline
}

protocol APIClient {
    func send<R: Decodable>(_ endpoint: Endpoint<R>) async throws -> R
    func endpoint<R>(for path: String, as type: R.Type) -> Endpoint<R>
    func decoded<R: Decodable>(_ request: DecodingRequest<R>) throws -> R
    func typed<R>(_ request: TypedRequest<R>) throws(GatewayFailure) -> String
    func list<R>(_ endpoint: Endpoint<[R]>) async -> Int
}

protocol SettingsStore {
    subscript<V>(key: DefaultsKey<V>) -> V? { get }
    func value<V>(for key: DefaultsKey<V>) -> V
    func key<V>(named name: String, defaultValue: V) -> DefaultsKey<V>?
    static func fallback<V>(_ key: DefaultsKey<V>) -> V
}

protocol Feed {
    func state<T>(of value: T) -> Loadable<T>
    func loaded<T>(_ state: Loadable<T>) async throws -> T?
    func count<T>(_ page: FeedPage<FeedItem<T>>) -> Int
    func first<T>(_ page: FeedPage<FeedItem<T>>) -> FeedItem<T>?
    func unwrap<T>(_ reference: Reference<T>) -> T
}

struct GatewayUser: Codable, Equatable, Sendable {
    var id: Int
}

struct LiveSettings: SettingsStore {
    subscript<V>(key: DefaultsKey<V>) -> V? { key.name == "none" ? nil : key.defaultValue }
    func value<V>(for key: DefaultsKey<V>) -> V { key.defaultValue }
    func key<V>(named name: String, defaultValue: V) -> DefaultsKey<V>? {
        name.isEmpty ? nil : DefaultsKey(name: name, defaultValue: defaultValue)
    }
    static func fallback<V>(_ key: DefaultsKey<V>) -> V { key.defaultValue }
}

struct LiveAPIClient: APIClient {
    func send<R: Decodable>(_ endpoint: Endpoint<R>) async throws -> R { throw GatewayFailure.offline }
    func endpoint<R>(for path: String, as type: R.Type) -> Endpoint<R> { Endpoint(path: "/live" + path, method: "GET") }
    func decoded<R: Decodable>(_ request: DecodingRequest<R>) throws -> R { try request.decode([7, 8]) }
    func typed<R>(_ request: TypedRequest<R>) throws(GatewayFailure) -> String {
        request.path + ":" + String(describing: request.responseType)
    }
    func list<R>(_ endpoint: Endpoint<[R]>) async -> Int { endpoint.path.count }
}

struct LiveFeed: Feed {
    func state<T>(of value: T) -> Loadable<T> { .loaded(value) }
    func loaded<T>(_ state: Loadable<T>) async throws -> T? {
        guard case .loaded(let value) = state else { return nil }
        return value
    }
    func count<T>(_ page: FeedPage<FeedItem<T>>) -> Int { page.items.count + page.cursor }
    func first<T>(_ page: FeedPage<FeedItem<T>>) -> FeedItem<T>? { page.items.first }
    func unwrap<T>(_ reference: Reference<T>) -> T { reference.value }
}

/// A typed-throwing handler, written as a function (a typed-throwing closure
/// literal inside `then` crashes the 6.3.1 compiler's SILGen).
private func describeTypedRequest(_ request: TypedRequest<Int>) throws(GatewayFailure) -> String {
    guard request.path != "fail" else { throw .offline }
    return request.path + "=" + String(describing: request.responseType)
}

@Suite struct GenericWrapperShapeTests {
    @Test func aPhantomEndpointReachesTheHandlerAsTheCallersType() async throws {
        let stub = try Stub<any APIClient>()
        let sends = await stub.when { try await $0.send(Match.any() as Endpoint<GatewayUser>) }
        sends.then { (endpoint: Endpoint<GatewayUser>) in GatewayUser(id: endpoint.path.count) }
        let user: GatewayUser = try await stub().send(Endpoint(path: "/users/me", method: "GET"))
        #expect(user == GatewayUser(id: 9))
        let recorded: [Endpoint<GatewayUser>] = sends.arguments()
        #expect(recorded.map(\.path) == ["/users/me"])
        #expect(recorded.map(\.method) == ["GET"])
        await stub.verify(1...1) { try await $0.send(Match.any() as Endpoint<GatewayUser>) }
    }

    @Test func anEndpointResultAndANestedArrayParameter() async throws {
        let stub = try Stub<any APIClient>()
        stub.when { $0.endpoint(for: Match.any(), as: Match.any(using: GatewayUser.self)) }
            .then { (path: String, _: GatewayUser.Type) in Endpoint<GatewayUser>(path: "/v2" + path, method: "POST") }
        let made = stub().endpoint(for: "/me", as: GatewayUser.self)
        #expect(made.path == "/v2/me")
        #expect(made.method == "POST")
        await stub.when { await $0.list(Match.any() as Endpoint<[GatewayUser]>) }
            .then { (endpoint: Endpoint<[GatewayUser]>) in endpoint.method.count }
        #expect(await stub().list(Endpoint<[GatewayUser]>(path: "/all", method: "PATCH")) == 5)
    }

    @Test func closureAndMetatypeFieldsKeepTheirStoredForm() throws {
        let stub = try Stub<any APIClient>()
        stub.when { try $0.decoded(Match.any() as DecodingRequest<GatewayUser>) }
            .then { (request: DecodingRequest<GatewayUser>) in try request.decode([1, 2, 3]) }
        let request = DecodingRequest<GatewayUser>(path: "/d") { bytes in GatewayUser(id: bytes.count * 100) }
        #expect(try stub().decoded(request) == GatewayUser(id: 300))
        stub.when { try $0.typed(Match.any() as TypedRequest<Int>) }
            .then(describeTypedRequest)
        #expect(try stub().typed(TypedRequest(path: "t", responseType: Int.self)) == "t=Int")
        #expect(throws: GatewayFailure.offline) { try stub().typed(TypedRequest(path: "fail", responseType: Int.self)) }
    }

    @Test func anAddressOnlyKeyBySubscriptMethodAndStaticRequirement() throws {
        let stub = try Stub<any SettingsStore>()
        stub.when { $0[Match.any() as DefaultsKey<String>] }
            .then { (key: DefaultsKey<String>) in key.name == "none" ? nil : key.defaultValue + "!" }
        #expect(stub()[DefaultsKey(name: "theme", defaultValue: "dark")] == "dark!")
        #expect(stub()[DefaultsKey(name: "none", defaultValue: "dark")] == nil)
        stub.when { $0.value(for: Match.any() as DefaultsKey<[Int]>) }
            .then { (key: DefaultsKey<[Int]>) in key.defaultValue + [key.name.count] }
        #expect(stub().value(for: DefaultsKey(name: "abc", defaultValue: [1])) == [1, 3])
        stub.when { $0.key(named: Match.any(), defaultValue: Match.any() as Double) }
            .then { (name: String, value: Double) in
                name.isEmpty ? nil : DefaultsKey(name: name + "?", defaultValue: value * 2)
            }
        let key = stub().key(named: "ratio", defaultValue: 1.5)
        #expect(key?.name == "ratio?")
        #expect(key?.defaultValue == 3.0)
        #expect(stub().key(named: "", defaultValue: 1.5) == nil)
    }

    @Test func matchersOnWrapperFields() throws {
        let stub = try Stub<any SettingsStore>()
        stub.when { $0.value(for: Match.property(\DefaultsKey<Int>.name, equalTo: "a")) }.thenReturn(1)
        stub.when { $0.value(for: Match.any() as DefaultsKey<Int>) }.thenReturn(2)
        #expect(stub().value(for: DefaultsKey(name: "a", defaultValue: 0)) == 1)
        #expect(stub().value(for: DefaultsKey(name: "b", defaultValue: 0)) == 2)
        stub.verify(1...1) { $0.value(for: Match.matching(where: { (key: DefaultsKey<Int>) in key.name == "b" })) }
    }

    @Test func enumsWithAGenericPayloadNestedPagesAndReferences() async throws {
        let stub = try Stub<any Feed>()
        stub.when { $0.state(of: Match.any() as String) }.then { (value: String) in Loadable.loaded(value + value) }
        guard case .loaded(let text) = stub().state(of: "ab") else {
            Issue.record("expected a loaded state")
            return
        }
        #expect(text == "abab")
        await stub.when { try await $0.loaded(Match.any() as Loadable<Int>) }
            .then { (state: Loadable<Int>) -> Int? in
                if case .loaded(let value) = state { return value + 1 }
                return nil
            }
        #expect(try await stub().loaded(Loadable<Int>.loaded(41)) == 42)
        #expect(try await stub().loaded(Loadable<Int>.idle) == nil)
        stub.when { $0.count(Match.any() as FeedPage<FeedItem<String>>) }
            .then { (page: FeedPage<FeedItem<String>>) in page.items.map(\.value.count).reduce(page.cursor, +) }
        let page = FeedPage(items: [FeedItem(id: 1, value: "abc"), FeedItem(id: 2, value: "de")], cursor: 10)
        #expect(stub().count(page) == 15)
        stub.when { $0.first(Match.any() as FeedPage<FeedItem<String>>) }
            .then { (page: FeedPage<FeedItem<String>>) in page.items.last }
        #expect(stub().first(page)?.value == "de")
        stub.when { $0.unwrap(Match.any(using: Reference([1]))) }.then { (box: Reference<[Int]>) in box.value + [0] }
        #expect(stub().unwrap(Reference([4])) == [4, 0])
    }

    @Test func aSpyForwardsWrappersToARealConformer() async throws {
        let settings = try Spy<any SettingsStore>(forwardingTo: LiveSettings())
        let live = LiveSettings()
        let key = DefaultsKey(name: "theme", defaultValue: "dark")
        #expect(settings()[key] == live[key])
        #expect(settings().value(for: DefaultsKey(name: "n", defaultValue: [1, 2])) == [1, 2])
        #expect(
            settings().key(named: "k", defaultValue: 7)?.defaultValue
                == live.key(named: "k", defaultValue: 7)?.defaultValue)
        #expect(settings().key(named: "", defaultValue: 7) == nil)

        let client = try Spy<any APIClient>(forwardingTo: LiveAPIClient())
        let liveClient = LiveAPIClient()
        #expect(client().endpoint(for: "/x", as: Int.self).path == liveClient.endpoint(for: "/x", as: Int.self).path)
        let request = DecodingRequest<GatewayUser>(path: "/d") { bytes in GatewayUser(id: Int(bytes[0])) }
        #expect(try client().decoded(request) == (try liveClient.decoded(request)))
        #expect(try client().typed(TypedRequest(path: "p", responseType: String.self)) == "p:String")
        #expect(await client().list(Endpoint<[Int]>(path: "/four", method: "GET")) == 5)
        await #expect(throws: GatewayFailure.offline) {
            let _: GatewayUser = try await client().send(Endpoint(path: "/", method: "GET"))
        }

        let feed = try Spy<any Feed>(forwardingTo: LiveFeed())
        let page = FeedPage(items: [FeedItem(id: 1, value: 2.5)], cursor: 3)
        #expect(feed().count(page) == LiveFeed().count(page))
        #expect(feed().first(page)?.value == 2.5)
        #expect(try await feed().loaded(Loadable.loaded("s")) == "s")
        #expect(feed().unwrap(Reference("r")) == "r")
    }
}
