import Foundation
import SwiftMockingMacros

// Protocols shaped like the ones an app migrating from swift-mocking has:
// each is mocked by `@Mockable` and exercised by the suites beside this file.

/// A user record, as a repository keeps it.
struct Profile: Codable, Equatable, Hashable, Sendable {
    var id: UUID
    var name: String
    var email: String?
}

/// The errors the app's network layer throws.
enum NetworkError: Error, Equatable, Sendable {
    case offline
    case status(Int)
}

/// A decoded payload.
struct Greeting: Decodable, Equatable, Sendable {
    var text: String
}

/// A networking client: async throwing calls over Foundation types, a
/// method-level generic and a tuple result.
@Mockable
protocol HTTPClient: Sendable {
    func data(from url: URL) async throws -> Data
    func decode<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T
    func post(_ body: Data, to url: URL, headers: [String: String]) async throws -> Int
    func head(_ url: URL) async throws -> (status: Int, length: Int?)
    func cancelAll()
}

/// A repository of Codable models.
@Mockable
protocol ProfileRepository {
    func profile(id: UUID) async throws -> Profile?
    func profiles(matching query: String, limit: Int) async throws -> [Profile]
    func save(_ profile: Profile) async throws
    func delete(ids: Set<UUID>) throws -> Int
    var cachedCount: Int { get }
}

/// Analytics with dictionaries, overloads by arity and an untyped value.
@Mockable
protocol Analytics {
    func track(_ event: String, properties: [String: String])
    func track(_ event: String)
    func setProperty(_ value: Any?, forKey key: String)
    func flush() async
}

/// A settings store: settable properties and subscripts.
@Mockable
protocol SettingsStore: AnyObject {
    var theme: String { get set }
    var fontSize: Double { get set }
    var lastSync: Date? { get set }
    var recentSearches: [String] { get }
    subscript(key: String) -> String? { get set }
    subscript(flag name: String) -> Bool { get }
}

/// Completion-handler APIs.
@Mockable
protocol LegacyLoader {
    func load(_ url: URL, completion: @escaping @Sendable (Result<Data, NetworkError>) -> Void)
    func count(completion: @escaping @Sendable (Int?, (any Error)?) -> Void)
    func subscribe(_ onChange: (@Sendable (String) -> Void)?) -> Int
}

/// Primary associated types with constraints.
@Mockable
protocol KeyValueCache<Key, Value> {
    associatedtype Key: Hashable
    associatedtype Value
    func value(for key: Key) -> Value?
    func insert(_ value: Value, for key: Key)
    func removeAll()
    var count: Int { get }
}

/// Static requirements and an initializer.
@Mockable
protocol FeatureFlags {
    init(environment: String)
    static var defaultEnvironment: String { get }
    static func isEnabled(_ flag: String) -> Bool
    static func reset()
    func variant(of flag: String) -> String?
}

/// Overloads that differ by label or by type.
@Mockable
protocol Lookup {
    func find(id: Int) -> String
    func find(name: String) -> String
    func find(_ index: Int) -> String
    func score(_ value: Int) -> Int
    func score(_ value: Double) -> Int
}

/// `inout`, variadics and a default-argument extension.
@Mockable
protocol Logger {
    func log(_ message: String, level: Int)
    func log(tags: String..., message: String)
    func redact(_ text: inout String) -> Int
}

extension Logger {
    /// Logs at the default level, as app code calls it.
    func log(_ message: String) {
        log(message, level: 1)
    }
}

/// Typed throws.
@Mockable
protocol TokenStore {
    func token(for account: String) throws(NetworkError) -> String
    func refresh(_ token: String) async throws(NetworkError) -> String
}

/// Optionals of everything.
@Mockable
protocol Optionals {
    func lookup(_ key: String?) -> Int?
    func nested(_ value: Int??) -> String?
    func profile(_ id: UUID?) async throws -> Profile?
    var current: Profile? { get set }
}

/// Method generics with constraints and where clauses.
@Mockable
protocol Storage {
    func store<T: Encodable & Sendable>(_ value: T, key: String) throws
    func load<T: Decodable>(_ type: T.Type, key: String) throws -> T?
    func all<C: Collection>(in collection: C) -> Int where C.Element == String
}

/// A delegate on the main actor.
@Mockable
@MainActor
protocol LoginViewDelegate: AnyObject {
    func didTapLogin(username: String, password: String)
    func show(error message: String) async
    var isLoading: Bool { get set }
}

/// A Sendable service used from concurrent code.
@Mockable
protocol Clock: Sendable {
    func now() -> Date
    func sleep(for seconds: Double) async throws
}
