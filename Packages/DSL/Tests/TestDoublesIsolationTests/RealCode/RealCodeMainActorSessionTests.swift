import Foundation
import TestDoubles
import Testing

// A `@MainActor` session controller as a UIKit/SwiftUI app declares it:
// main-actor state, an async refresh returning a non-`Sendable` model, and
// `nonisolated` requirements other threads may read.

/// The signed-in user's session; a mutable model, not `Sendable`.
final class CRSession {
    var userID: Int
    var displayName: String
    init(userID: Int, displayName: String) {
        self.userID = userID
        self.displayName = displayName
    }
}

enum CRSessionError: Error, Equatable {
    case expired
}

@MainActor protocol CRSessionController: AnyObject, Sendable {
    var current: CRSession? { get }
    func refresh() async throws -> CRSession
    func signOut(reason: String)
    nonisolated var environmentName: String { get }
    nonisolated func requestHeader(for path: String) -> [String: String]
}

@MainActor final class CRLiveSessionController: CRSessionController {
    var current: CRSession?
    func refresh() async throws -> CRSession { CRSession(userID: 0, displayName: "live") }
    func signOut(reason: String) { current = nil }
    nonisolated var environmentName: String { "production" }
    nonisolated func requestHeader(for path: String) -> [String: String] { ["X-Path": path] }
}

/// The screen model that owns the session controller.
@MainActor final class CRAccountScreenModel {
    private let sessions: any CRSessionController
    private(set) var title = "Signed out"
    private(set) var isRefreshing = false
    private(set) var failures = 0

    init(sessions: any CRSessionController) { self.sessions = sessions }

    func appear() async {
        isRefreshing = true
        defer { isRefreshing = false }
        do {
            let session = try await sessions.refresh()
            title = "Hello, \(session.displayName)"
        } catch {
            failures += 1
            sessions.signOut(reason: "refresh failed: \(error)")
            title = "Signed out"
        }
    }
}

@MainActor @Suite(.serialized) struct RealCodeMainActorSessionTests {
    @Test func aScreenRefreshesThroughAMainActorProtocol() async throws {
        let sessions = try Stub<any CRSessionController>()
        let ada = CRSession(userID: 1, displayName: "Ada")
        let refreshes = await sessions.when(returning: ada) { try await $0.refresh() }
        refreshes.thenThrow(CRSessionError.expired).thenReturn(ada)
        let signOuts = sessions.when { $0.signOut(reason: Match.any()) }
        signOuts.thenDoNothing()

        let screen = CRAccountScreenModel(sessions: sessions())
        await screen.appear()
        #expect(screen.title == "Signed out")
        #expect(screen.failures == 1)
        await screen.appear()
        #expect(screen.title == "Hello, Ada")
        #expect(screen.isRefreshing == false)

        refreshes.verify(2...2)
        let reasons: [String] = signOuts.arguments()
        #expect(reasons == ["refresh failed: expired"])
    }

    @Test func aLoadingStateIsVisibleWhileTheRefreshIsParked() async throws {
        let sessions = try Stub<any CRSessionController>()
        let placeholder = CRSession(userID: 0, displayName: "placeholder")
        let parked = await sessions.when(returning: placeholder) { try await $0.refresh() }.thenSuspend()
        let screen = CRAccountScreenModel(sessions: sessions())

        let appearing = Task { await screen.appear() }
        #expect(await parked.waitForCall(within: .seconds(10)))
        #expect(screen.isRefreshing)
        let grace = CRSession(userID: 2, displayName: "Grace")
        // `resume(returning:)` takes the value `sending`: the test keeps only its identity.
        let handedOver = ObjectIdentifier(grace)
        parked.resume(returning: grace)
        await appearing.value
        #expect(screen.isRefreshing == false)
        #expect(screen.title == "Hello, Grace")
        parked.interactions.verify(1...1)
        // The very instance the test handed over is what the call returned.
        let returned: [CRSession] = parked.interactions.results()
        #expect(returned.first.map(ObjectIdentifier.init) == handedOver)
    }

    @Test func nonisolatedRequirementsAnswerFromAnyThread() async throws {
        let sessions = try Stub<any CRSessionController>()
        sessions.when { $0.environmentName }.thenReturn("staging")
        sessions.when { $0.requestHeader(for: Match.any()) }.then { (path: String) in
            ["X-Path": path, "X-Env": "staging"]
        }
        let controller = sessions()
        let headers = await Task.detached {
            (controller.environmentName, controller.requestHeader(for: "/v1/me"))
        }.value
        #expect(headers.0 == "staging")
        #expect(headers.1 == ["X-Path": "/v1/me", "X-Env": "staging"])
        #expect(controller.requestHeader(for: "/v1/feed")["X-Path"] == "/v1/feed")
        sessions.verify(2...2) { $0.requestHeader(for: Match.any()) }
        sessions.verify(1...1) { $0.environmentName }
    }

    @Test func aMainActorPropertyReadFromAMainActorTaskIsRecorded() async throws {
        let sessions = try Stub<any CRSessionController>()
        let linus = CRSession(userID: 3, displayName: "Linus")
        sessions.when(returning: linus) { $0.current }.thenReturn(linus)
        let controller = sessions()
        let name = await Task { @MainActor in controller.current?.displayName }.value
        #expect(name == "Linus")
        let detachedName = await Task.detached { @MainActor in controller.current?.userID }.value
        #expect(detachedName == 3)
        sessions.verify(2...2, returning: linus) { $0.current }
    }
}
