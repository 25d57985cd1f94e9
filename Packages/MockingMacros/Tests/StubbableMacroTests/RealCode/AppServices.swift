import Foundation
import TestDoublesMacros

// App-shaped protocols under `@Stubbable`, written as an app team writes
// its dependencies. Each one must expand to a conformer that compiles in
// Swift 6 mode with complete strict concurrency.

struct AppUser: Equatable, Sendable, Codable {
    var id: Int
    var name: String
}

enum NetworkError: Error, Equatable {
    case offline
    case status(Int)
}

struct HTTPRequest: Equatable, Sendable {
    var path: String
    var method = "GET"
}

/// A networking client: async throws, generic decoding, default-less labels.
@Stubbable
protocol Networking: Sendable {
    /// Sends a request and returns the raw body.
    func data(for request: HTTPRequest) async throws -> Data
    /// Decodes the body of `path` as `T`.
    func decode<T: Decodable & Sendable>(_ type: T.Type, from path: String) async throws -> T
    /// Uploads a body; the response is often ignored.
    @discardableResult
    func upload(_ body: Data, to path: String) async throws(NetworkError) -> Int
    var baseURL: URL { get }
}

/// Analytics: fire-and-forget, overloads on argument type, an `any` parameter.
@Stubbable
protocol Analytics: Sendable {
    func track(_ event: String)
    func track(_ event: String, properties: [String: String])
    func track(_ event: Int)
    func identify(_ user: any Sendable)
}

/// A keychain/settings store: read-write properties, throwing getter, inout, subscripts.
@Stubbable
protocol SettingsStore: AnyObject, Sendable {
    var isDarkMode: Bool { get set }
    var token: String? { get throws }
    subscript(key: String) -> String? { get set }
    func save(_ value: String, forKey key: String) throws
    func remove(forKey key: String)
    func migrate(_ settings: inout [String: String])
}

/// Feature flags: a generic method with a default-value style API and `some` parameters.
@Stubbable
protocol FeatureFlags: Sendable {
    func isEnabled(_ flag: String) -> Bool
    func value<Value: Sendable>(of flag: String, default defaultValue: Value) -> Value
    func observe(_ flags: some Collection<String>) -> Int
}

/// A clock / date provider.
@Stubbable
protocol DateProvider: Sendable {
    var now: Date { get }
    func sleep(for seconds: Double) async throws
}

/// A repository: associated type, async throws, closures, callbacks.
@Stubbable
protocol Repository<Entity>: Sendable {
    associatedtype Entity: Identifiable & Sendable
    func all() async throws -> [Entity]
    func find(id: Entity.ID) async throws -> Entity?
    func save(_ entity: Entity) async throws
    func observe(_ onChange: @escaping @Sendable ([Entity]) -> Void) -> UUID
    func batch(_ work: () throws -> Void) rethrows
}

extension AppUser: Identifiable {}

/// A `@MainActor` view-model dependency.
@MainActor
@Stubbable
protocol Router {
    var currentPath: [String] { get }
    func push(_ screen: String)
    func pop() -> String?
    func present(_ screen: String, completion: @escaping @MainActor () -> Void)
}

/// Variadics and `sending`/`isolated`-free logging.
@Stubbable
protocol Logger: Sendable {
    func log(_ items: String..., separator: String)
    func flush() async
}

/// A public protocol, as a library module declares it.
@Stubbable
public protocol PublicCache: Sendable {
    func value(forKey key: String) -> Int?
    func store(_ value: Int, forKey key: String)
}

/// Requirements under `#if`, with doc comments and attributes.
@Stubbable
protocol PlatformServices {
    /// The app's version string.
    var version: String { get }
    #if DEBUG
    /// Only debug builds expose the log dump.
    func dumpLogs() -> [String]
    #else
    func releaseChannel() -> String
    #endif
    @available(*, deprecated, message: "use version")
    var buildNumber: Int { get }
}
