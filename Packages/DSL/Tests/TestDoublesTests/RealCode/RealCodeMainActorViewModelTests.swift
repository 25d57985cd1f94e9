import Foundation
import TestDoubles
import Testing

// The dependencies of a `@MainActor` view model, as an app's feature module
// declares them: a `@MainActor` session protocol with properties and async
// work, a Sendable service the view model awaits, and the view model itself.

struct RCProfile: Sendable, Equatable {
    var id: UUID
    var displayName: String
    var avatarURL: URL?
    var followers: Int
}

@MainActor protocol RCSessionProviding: AnyObject {
    var isLoggedIn: Bool { get }
    var currentUserName: String? { get set }
    func logout() async
    func refreshToken() async throws -> String
    func onLogout(_ handler: @escaping @MainActor () -> Void)
}

@MainActor final class RCLiveSession: RCSessionProviding {
    var isLoggedIn = true
    var currentUserName: String? = "live"
    private var handlers: [@MainActor () -> Void] = []
    func logout() async {
        isLoggedIn = false
        handlers.forEach { $0() }
    }
    func refreshToken() async throws -> String { "live-token" }
    func onLogout(_ handler: @escaping @MainActor () -> Void) { handlers.append(handler) }
}

protocol RCProfileService: Sendable {
    func profile(id: UUID) async throws -> RCProfile
    func follow(_ id: UUID) async throws -> Int
}

struct RCLiveProfileService: RCProfileService {
    func profile(id: UUID) async throws -> RCProfile {
        RCProfile(id: id, displayName: "live", avatarURL: nil, followers: 1)
    }
    func follow(_ id: UUID) async throws -> Int { 2 }
}

// Not `@Observable`: the Observation library of the Swift 6.0.3 toolchain the
// arm64 CI builds with does not link on Debian (an undefined runtime symbol).
@MainActor final class RCProfileViewModel {
    private let session: any RCSessionProviding
    private let service: any RCProfileService
    private(set) var profile: RCProfile?
    private(set) var errorMessage: String?
    private(set) var isLoading = false
    private(set) var loggedOut = false

    init(session: any RCSessionProviding, service: any RCProfileService) {
        self.session = session
        self.service = service
        session.onLogout { [weak self] in self?.loggedOut = true }
    }

    var greeting: String { session.isLoggedIn ? "Hello, \(session.currentUserName ?? "friend")" : "Sign in" }

    func load(_ id: UUID) async {
        isLoading = true
        defer { isLoading = false }
        do {
            profile = try await service.profile(id: id)
        } catch {
            errorMessage = "\(error)"
        }
    }

    func follow() async {
        guard let id = profile?.id else { return }
        if let followers = try? await service.follow(id) { profile?.followers = followers }
    }

    func signOut() async { await session.logout() }
}

enum RCProfileError: Error, CustomStringConvertible {
    case suspended
    var description: String { "account suspended" }
}

@MainActor @Suite struct RealCodeMainActorViewModelTests {
    static let id = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000042")!
    static let profile = RCProfile(
        id: id, displayName: "Ada", avatarURL: URL(string: "https://cdn.example/ada.png"), followers: 1_815)

    @Test func theViewModelShowsTheLoadedProfileAndFollows() async throws {
        let session = try Stub<any RCSessionProviding>()
        session.when { $0.onLogout(Match.any()) }.thenDoNothing()
        session.when { $0.isLoggedIn }.thenReturn(true)
        session.when { $0.currentUserName }.thenReturn("Ada")
        let service = try Stub<any RCProfileService>()
        await service.when { try await $0.profile(id: Match.equal(Self.id)) }.thenReturn(Self.profile)
        await service.when { try await $0.follow(Match.any()) }.thenReturn(1_816)

        let model = RCProfileViewModel(session: session(), service: service())
        #expect(model.greeting == "Hello, Ada")
        await model.load(Self.id)
        #expect(model.profile == Self.profile)
        #expect(model.isLoading == false)
        await model.follow()
        #expect(model.profile?.followers == 1_816)
        await service.verify { try await $0.follow(Match.equal(Self.id)) }
        session.verify { $0.onLogout(Match.any()) }
    }

    @Test func aFailedLoadShowsTheErrorAndASuspensionShowsLoading() async throws {
        let session = try Stub<any RCSessionProviding>()
        session.when { $0.onLogout(Match.any()) }.thenDoNothing()
        let service = try Stub<any RCProfileService>()
        let loads = await service.when { try await $0.profile(id: Match.any()) }.thenSuspend()
        let model = RCProfileViewModel(session: session(), service: service())
        let loading = Task { await model.load(Self.id) }
        await loads.waitForCall(within: .seconds(5))
        #expect(model.isLoading)
        loads.resume(throwing: RCProfileError.suspended)
        await loading.value
        #expect(model.isLoading == false)
        #expect(model.errorMessage == "account suspended")
        #expect(model.profile == nil)
    }

    @Test func logoutRunsTheMainActorHandlerTheViewModelRegistered() async throws {
        let session = try Stub<any RCSessionProviding>()
        let handlers = RCMainActorHandlers()
        session.when { $0.onLogout(Match.any()) }.then { (handler: @escaping @MainActor () -> Void) in
            handlers.all.append(handler)
        }
        await session.when { await $0.logout() }.then { handlers.all.forEach { $0() } }
        let model = RCProfileViewModel(session: session(), service: Dummy.make())
        await model.signOut()
        #expect(model.loggedOut)
        await session.verify { await $0.logout() }
    }

    /// Before: `CallbackCapture<@MainActor () -> Void>().capture()` did not compile ("requires the types
    /// '@MainActor @Sendable () -> Void' and '@Sendable () -> ()' be equivalent").
    @Test func aMainActorHandlerIsCapturedAndCalledLater() async throws {
        let session = try Stub<any RCSessionProviding>()
        let handler = CallbackCapture<@MainActor () -> Void>()
        session.when { $0.onLogout(handler.capture()) }.thenDoNothing()
        await session.when { await $0.logout() }.then { handler.last?() }
        let model = RCProfileViewModel(session: session(), service: Dummy.make())
        #expect(handler.count == 1)
        #expect(model.loggedOut == false)
        await model.signOut()
        #expect(model.loggedOut)
    }

    @Test func settablePropertiesAndAsyncThrowsOnAMainActorProtocol() async throws {
        let session = try Stub<any RCSessionProviding>()
        session.when { $0.currentUserName = Match.any() }.thenDoNothing()
        await session.when { try await $0.refreshToken() }.thenThrow(URLError(.userAuthenticationRequired)).thenReturn(
            "t2")
        let sut = session()
        sut.currentUserName = "Grace"
        sut.currentUserName = nil
        let names = Match.Capture<String?>()
        session.verify(2...2) { $0.currentUserName = names.capture() }
        #expect(names.values == ["Grace", nil])
        await #expect(throws: URLError.self) { _ = try await sut.refreshToken() }
        #expect(try await sut.refreshToken() == "t2")
    }

    @Test func aSpyOfTheLiveSessionForwardsOnTheMainActor() async throws {
        let live = RCLiveSession()
        let spy = try Spy<any RCSessionProviding>(forwardingTo: live)
        let model = RCProfileViewModel(session: spy(), service: RCLiveProfileService())
        #expect(model.greeting == "Hello, live")
        await model.load(Self.id)
        #expect(model.profile?.displayName == "live")
        await model.signOut()
        #expect(live.isLoggedIn == false)
        #expect(model.loggedOut)
        #expect(model.greeting == "Sign in")
        #expect(try await spy().refreshToken() == "live-token")
    }

    @Test func anUnstubbedMainActorGetterIsAnIssueAndAnswersFalse() throws {
        let session = try Stub<any RCSessionProviding>()
        var answer = true
        let issues = TestDoubleIssueReporting.capture { answer = session().isLoggedIn }
        #expect(answer == false)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("isLoggedIn") == true)
    }
}

@MainActor final class RCMainActorHandlers {
    var all: [@MainActor () -> Void] = []
}
