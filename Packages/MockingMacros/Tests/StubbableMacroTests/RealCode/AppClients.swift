import Foundation
import TestDoublesMacros

// App-shaped closure clients under `@StubbableClient`, as a team using the
// dependency-client style declares them.

/// The API client of the ClosureClients article's shape, memberwise.
@StubbableClient
struct APIClient: Sendable {
    /// Loads one user.
    var fetchUser: @Sendable (_ id: Int) async throws -> AppUser
    var track: @Sendable (String) -> Void
    var search: @Sendable (String, Int, Int, String, Bool, Double) async throws -> [AppUser]
    var upload: @Sendable (Data) async throws(NetworkError) -> Int

    static let unimplemented = APIClient(
        fetchUser: { _ in throw NetworkError.offline }, track: { _ in }, search: { _, _, _, _, _, _ in [] },
        upload: { _ throws(NetworkError) in throw .offline })
}

/// A keychain client with a configuration value and a default service name.
@StubbableClient
struct KeychainClient: Sendable {
    var service = "com.example.app"
    var accessGroup: String?
    var load: @Sendable (String) throws -> Data?
    var save: @Sendable (Data, String) throws -> Void
    var delete: @Sendable (String) -> Bool

    var isShared: Bool { accessGroup != nil }
    func loadString(_ key: String) throws -> String? {
        try load(key).flatMap { String(data: $0, encoding: .utf8) }
    }
}

/// A date and UUID provider, with several fields in one declaration.
@StubbableClient
struct EnvironmentClient: Sendable {
    var now, launchDate: @Sendable () -> Date
    var uuid: @Sendable () -> UUID
}

/// Feature flags with a required configuration input and an immutable default.
@StubbableClient
struct FeatureFlagClient: Sendable {
    var defaults: [String: Bool]
    var isEnabled: @Sendable (String) -> Bool
    var refresh: @Sendable () async -> Void
    let describe: @Sendable (String) -> String = { "flag \($0)" }
}

/// A public client of a library module.
@StubbableClient
public struct PublicSettingsClient: Sendable {
    /// Reads a setting.
    public var read: @Sendable (String) -> String?
    /// Writes a setting.
    public var write: @Sendable (String, String) -> Void

    /// A client over the given operations.
    public init(read: @escaping @Sendable (String) -> String?, write: @escaping @Sendable (String, String) -> Void) {
        self.read = read
        self.write = write
    }
}

/// A client nested in a feature namespace.
enum Checkout {
    @StubbableClient
    struct PaymentsClient: Sendable {
        var charge: @Sendable (Int) async throws -> String
        var refund: @Sendable (String) async throws -> Void
    }
}

/// A repository client over its entity, with a `where` clause.
@StubbableClient
struct RepositoryClient<Entity: Sendable> where Entity: Identifiable {
    var all: @Sendable () async throws -> [Entity]
    var save: @Sendable (Entity) async throws -> Void
    var observe: @Sendable (@escaping @Sendable ([Entity]) -> Void) -> UUID
}

/// A client whose closures are not `Sendable`: an older code base.
@StubbableClient
struct LegacyLogger {
    var log: (String) -> Void
    var flush: () -> Bool
}

/// A client with a debug-only endpoint.
@StubbableClient
struct DiagnosticsClient: Sendable {
    var report: @Sendable (String) -> Void
    #if DEBUG
    var dumpState: @Sendable () -> String
    #else
    var uploadCrash: @Sendable (Data) async -> Void
    #endif
}

/// A view model's dependency isolated to the main actor.
@MainActor
@StubbableClient
struct ToastClient {
    var show: @Sendable (String) -> Void
    var dismissAll: @Sendable () async -> Int
    var style: String
}

/// A client with a configuration field named `endpoints`, a field named
/// with a keyword, and a closure that takes a callback.
@StubbableClient
struct GatewayClient: Sendable {
    var endpoints: [String: URL]
    var `default`: @Sendable () -> URL
    var subscribe: @Sendable (@escaping @Sendable (String) -> Void) -> Int
}

/// A notifications client: stream results, a private required input, a
/// defaulted endpoint, a `Duration` input, and a live value in an extension.
@StubbableClient
struct NotificationsClient: Sendable {
    var stream: @Sendable () -> AsyncStream<String>
    var events: @Sendable (String) -> AsyncThrowingStream<Int, any Error>
    private var secret: String
    var retries = 3
    var onError: @Sendable (any Error) -> Void = { _ in }
    var timeout: Duration

    var hasSecret: Bool { !secret.isEmpty }
}

extension NotificationsClient {
    static let live = NotificationsClient(
        stream: { AsyncStream { $0.finish() } }, events: { _ in AsyncThrowingStream { $0.finish() } },
        secret: "s", timeout: .seconds(1))
}

/// A client two namespaces deep, of package access.
enum Settings {
    enum Sync {
        @StubbableClient
        package struct SyncClient: Sendable {
            package var push: @Sendable () async -> Bool
        }
    }
}
