import TestDoubles
import Testing

// A requirement's own generic parameter inside other types (issue 19), from
// protocols copied from public apps and SDKs (stand-ins for URLRequest and Data).

struct QueryPayload: Codable, Equatable, Sendable {
    var query: String
}

struct DecodedUser: Codable, Equatable, Hashable, Sendable {
    var id: Int
}

protocol ServiceRequest {
    var path: String { get }
}

struct UserRequest: ServiceRequest, Equatable {
    var path: String
}

protocol RequestEncoding {
    func encode<P: Encodable & Sendable>(_ parameters: P?, into request: StandInRequest) throws -> StandInRequest
}

protocol DecodableService {
    func performDecodableGET<R: ServiceRequest, T: Decodable>(
        request: R, completion: @escaping (Result<T, Error>) -> Void)
}

protocol KeyValueStore {
    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object?
    func load<T: Codable>(key: String...) throws -> T?
}

protocol DataDecoding {
    func decode<D: Decodable>(_ type: D.Type, from data: [UInt8]) throws -> D
}

protocol GenericContainers {
    func count<T>(_ values: [T]) -> Int
    func keys<T>(_ values: [String: T]) -> [String]
    func unique<T: Hashable>(_ values: Set<T>) -> Int
    func make<T>(_ count: Int) -> [T]
    func transform<T>(_ value: T, _ body: @escaping (T) -> T) -> T
    func unwrap<T>(_ value: T?) throws(PresentationFailure) -> T
    func outcome<T: Sendable>(_ value: Result<T, PresentationFailure>) async -> T?
}

struct LiveRequestEncoder: RequestEncoding {
    func encode<P: Encodable & Sendable>(_ parameters: P?, into request: StandInRequest) throws -> StandInRequest {
        StandInRequest(url: request.url + (parameters == nil ? "" : "?encoded"))
    }
}

struct LiveDecodableService: DecodableService {
    func performDecodableGET<R: ServiceRequest, T: Decodable>(
        request: R, completion: @escaping (Result<T, Error>) -> Void
    ) {
        completion(.failure(PresentationFailure.dismissed))
    }
}

struct LiveKeyValueStore: KeyValueStore {
    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object? { nil }
    func load<T: Codable>(key: String...) throws -> T? { nil }
}

struct LiveDataDecoder: DataDecoding {
    func decode<D: Decodable>(_ type: D.Type, from data: [UInt8]) throws -> D {
        throw PresentationFailure.dismissed
    }
}

struct LiveGenericContainers: GenericContainers {
    func count<T>(_ values: [T]) -> Int { values.count }
    func keys<T>(_ values: [String: T]) -> [String] { values.keys.sorted() }
    func unique<T: Hashable>(_ values: Set<T>) -> Int { values.count }
    func make<T>(_ count: Int) -> [T] { [] }
    func transform<T>(_ value: T, _ body: @escaping (T) -> T) -> T { body(value) }
    func unwrap<T>(_ value: T?) throws(PresentationFailure) -> T {
        guard let value else { throw .dismissed }
        return value
    }
    func outcome<T: Sendable>(_ value: Result<T, PresentationFailure>) async -> T? { try? value.get() }
}

/// A requirement returning an associated type of its own generic parameter.
protocol CollectionPicking {
    func first<C: Collection>(of collection: C) -> C.Element?
}

struct LiveCollectionPicking: CollectionPicking {
    func first<C: Collection>(of collection: C) -> C.Element? { collection.first }
}

@Suite struct MethodGenericWrapperTests {
    @Test func anAssociatedTypeOfAMethodGenericIsAnsweredPerCall() throws {
        let stub = try Stub<any CollectionPicking>()
        stub.when { $0.first(of: Match.any(using: [0])) }.then { (values: [Int]) in values.last }
        #expect(stub().first(of: [1, 2, 3]) == 3)
        #expect(stub().first(of: [Int]()) == nil)
    }

    @Test func anOptionalGenericParameterReachesTheHandler() throws {
        let stub = try Stub<any RequestEncoding>()
        let encodes = stub.when { try $0.encode(Match.any() as QueryPayload?, into: Match.any()) }
        encodes.then { (parameters: QueryPayload?, request: StandInRequest) in
            StandInRequest(url: request.url + "?" + (parameters?.query ?? "none"))
        }
        let base = StandInRequest(url: "https://x")
        #expect(try stub().encode(QueryPayload(query: "q=1"), into: base) == StandInRequest(url: "https://x?q=1"))
        #expect(try stub().encode(nil as QueryPayload?, into: base) == StandInRequest(url: "https://x?none"))
        let recorded: [(QueryPayload?, StandInRequest)] = encodes.arguments()
        #expect(recorded.map(\.0) == [QueryPayload(query: "q=1"), nil])
    }

    @Test func aCompletionOverAGenericResultIsCalledWithTheCallersType() throws {
        let stub = try Stub<any DecodableService>()
        let gets = stub.when {
            $0.performDecodableGET(
                request: Match.any() as UserRequest,
                completion: Match.any(using: { (_: Result<DecodedUser, Error>) in }))
        }
        gets.then { (request: UserRequest, completion: @escaping (Result<DecodedUser, Error>) -> Void) in
            completion(.success(DecodedUser(id: request.path.count)))
        }
        var users: [DecodedUser] = []
        stub().performDecodableGET(request: UserRequest(path: "/users")) { (result: Result<DecodedUser, Error>) in
            if case .success(let user) = result { users.append(user) }
        }
        #expect(users == [DecodedUser(id: 6)])
        let requests: [UserRequest] = stub.recorder.invocations.compactMap { $0.arguments.first as? UserRequest }
        #expect(requests == [UserRequest(path: "/users")])
    }

    @Test func metatypeArgumentsAndOptionalAndVariadicGenericResults() async throws {
        let decoder = try Stub<any DataDecoding>()
        decoder.when { try $0.decode(Match.any(using: DecodedUser.self), from: Match.any()) }
            .then { (_: DecodedUser.Type, data: [UInt8]) in DecodedUser(id: data.count) }
        #expect(try decoder().decode(DecodedUser.self, from: [1, 2, 3]) == DecodedUser(id: 3))

        let store = try Stub<any KeyValueStore>()
        await store.when { try await $0.get(key: Match.equal("me"), as: Match.any(using: DecodedUser.self)) }
            .thenReturn(DecodedUser(id: 9))
        #expect(try await store().get(key: "me", as: DecodedUser.self) == DecodedUser(id: 9))
        // One matcher per element of the variadic keys: each registration takes lists of its own length.
        store.when { try $0.load(key: Match.any(), Match.any()) as DecodedUser? }
            .then { (keys: [String]) -> DecodedUser? in DecodedUser(id: keys.count) }
        store.when { try $0.load(key: Match.any()) as DecodedUser? }.thenReturn(DecodedUser(id: 1))
        store.when { try $0.load() as DecodedUser? }.thenReturn(nil)
        #expect(try store().load(key: "a", "b") as DecodedUser? == DecodedUser(id: 2))
        #expect(try store().load(key: "a") as DecodedUser? == DecodedUser(id: 1))
        #expect(try store().load() as DecodedUser? == nil)
        let lists: [[String]] = store.when { try $0.load(key: Match.any(), Match.any()) as DecodedUser? }.arguments()
        #expect(lists == [["a", "b"]])
    }

    @Test func containersClosuresTypedThrowsAndAsyncOverAGenericParameter() async throws {
        let stub = try Stub<any GenericContainers>()
        stub.when { $0.count(Match.any() as [String]) }.then { (values: [String]) in values.count * 10 }
        #expect(stub().count(["a", "b"]) == 20)
        stub.when { $0.keys(Match.any() as [String: Int]) }.then { (values: [String: Int]) in values.keys.sorted() }
        #expect(stub().keys(["b": 1, "a": 2]) == ["a", "b"])
        stub.when { $0.unique(Match.any() as Set<DecodedUser>) }.then { (values: Set<DecodedUser>) in values.count }
        #expect(stub().unique([DecodedUser(id: 1), DecodedUser(id: 1), DecodedUser(id: 2)]) == 2)
        stub.when { $0.make(Match.any()) as [Double] }.then { (count: Int) in Array(repeating: 0.5, count: count) }
        #expect(stub().make(2) as [Double] == [0.5, 0.5])
        stub.when { $0.transform(Match.any() as Int, Match.any(using: { (value: Int) in value })) }
            .then { (value: Int, body: @escaping (Int) -> Int) in body(body(value)) }
        #expect(stub().transform(3) { $0 * 2 } == 12)
        stub.when { try $0.unwrap(Match.any() as String?) }.then { (value: String?) in
            guard let value else { throw PresentationFailure.dismissed }
            return value + "!"
        }
        #expect(try stub().unwrap("hi") == "hi!")
        #expect(throws: PresentationFailure.dismissed) { try stub().unwrap(nil as String?) }
        await stub.when { await $0.outcome(Match.any() as Result<Int, PresentationFailure>) }
            .then { (value: Result<Int, PresentationFailure>) in (try? value.get()).map { $0 + 1 } }
        #expect(await stub().outcome(.success(41)) == 42)
        #expect(await stub().outcome(Result<Int, PresentationFailure>.failure(.dismissed)) == nil)
    }

    @Test func matchersWorkOnGenericWrappers() throws {
        let stub = try Stub<any GenericContainers>()
        stub.when { $0.count(Match.equal(["x"])) }.thenReturn(1)
        stub.when { $0.count(Match.any() as [String]) }.thenReturn(99)
        #expect(stub().count(["x"]) == 1)
        #expect(stub().count(["y"]) == 99)
        stub.verify(1...1) { $0.count(Match.equal(["y"])) }
    }

    @Test func aSpyForwardsGenericWrappers() async throws {
        let encoder = try Spy<any RequestEncoding>(forwardingTo: LiveRequestEncoder())
        #expect(
            try encoder().encode(QueryPayload(query: "a"), into: StandInRequest(url: "u"))
                == StandInRequest(url: "u?encoded"))
        let service = try Spy<any DecodableService>(forwardingTo: LiveDecodableService())
        var failed = false
        service().performDecodableGET(request: UserRequest(path: "/")) { (result: Result<DecodedUser, Error>) in
            if case .failure = result { failed = true }
        }
        #expect(failed)
        let containers = try Spy<any GenericContainers>(forwardingTo: LiveGenericContainers())
        #expect(containers().count([1, 2, 3]) == 3)
        #expect(containers().transform("a") { $0 + "b" } == "ab")
        #expect(try containers().unwrap(Optional(5)) == 5)
        #expect(await containers().outcome(Result<String, PresentationFailure>.success("s")) == "s")
    }
}
