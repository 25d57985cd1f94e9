import Foundation

// The protocols the isolation tests double. Every one has a linked conformer,
// from which `Stub` reads the requirement signatures; none is ever called.

/// The seed README's sign-in service.
protocol AuthService: Sendable {
    func signIn(user: String, password: String) async throws -> String
}

struct LiveAuthService: AuthService {
    func signIn(user: String, password: String) async throws -> String { user + password }
}

enum AuthError: Error { case invalidCredentials }

/// The seed README's feed loader.
protocol FeedLoader: Sendable {
    func loadFeed() async throws -> [String]
}

struct RemoteFeedLoader: FeedLoader {
    func loadFeed() async throws -> [String] { [] }
}

/// The seed README's analytics sink.
protocol Analytics: Sendable {
    func track(event: String, value: Int)
}

struct LiveAnalytics: Analytics {
    func track(event: String, value: Int) {}
}

/// A user profile: a mutable class, not `Sendable`.
final class Profile {
    var name: String
    init(name: String) { self.name = name }
}

/// A main-actor protocol: an async throwing requirement returning a
/// non-`Sendable` class, and sync requirements with non-`Sendable` values.
@MainActor protocol ProfileStore {
    func load(id: Int) async throws -> Profile
    func cached(id: Int) -> Profile?
    func save(_ profile: Profile) -> Bool
    func rename(id: Int, to name: String) async -> String
}

@MainActor final class LiveProfileStore: ProfileStore {
    func load(id: Int) async throws -> Profile { Profile(name: "\(id)") }
    func cached(id: Int) -> Profile? { nil }
    func save(_ profile: Profile) -> Bool { true }
    func rename(id: Int, to name: String) async -> String { name }
}

/// A protocol whose members, not the protocol, are isolated to the main actor.
protocol Navigator {
    @MainActor func show(_ profile: Profile) -> Int
    @MainActor func present(_ profile: Profile) async -> Profile
    func title() -> String
}

struct LiveNavigator: Navigator {
    @MainActor func show(_ profile: Profile) -> Int { 0 }
    @MainActor func present(_ profile: Profile) async -> Profile { profile }
    func title() -> String { "" }
}

struct ProfileError: Error, Equatable {
    var code: Int
}

/// A global actor of the tests' own.
@globalActor actor BackgroundActor {
    static let shared = BackgroundActor()
}

/// A main-actor protocol whose async requirements take and return a
/// non-`Sendable` class; only hand-written (`ManualStub`) conformers.
@MainActor protocol ProfileEditor: Sendable {
    func edit(_ profile: Profile, name: String) async -> Profile
    func publish(_ profile: Profile) async throws -> Profile
}

/// The same shape, isolated to the tests' global actor.
@BackgroundActor protocol ProfileArchive: Sendable {
    func edit(_ profile: Profile, name: String) async -> Profile
    func publish(_ profile: Profile) async throws -> Profile
}

/// A main-actor protocol with an async requirement returning `Self`.
@MainActor protocol ProfileDraft: Sendable {
    func revised(by editor: Profile) async throws -> Self
    func title() -> String
}

struct LiveProfileDraft: ProfileDraft {
    func revised(by editor: Profile) async throws -> Self { self }
    func title() -> String { "" }
}

/// A page of a feed whose async requirement returns `Self`.
protocol FeedPage: Sendable {
    func next(after cursor: Int) async throws -> Self
    func items() -> [String]
}

struct LiveFeedPage: FeedPage {
    func next(after cursor: Int) async throws -> Self { self }
    func items() -> [String] { [] }
}

/// A service that reports changes through a callback, later.
protocol ChangeNotifier: Sendable {
    func observe(_ id: Int, onChange: @escaping @Sendable (String) -> Void)
}

struct LiveChangeNotifier: ChangeNotifier {
    func observe(_ id: Int, onChange: @escaping @Sendable (String) -> Void) {}
}
