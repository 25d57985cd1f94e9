import Foundation
import Synchronization
import TestDoubles
import Testing

// Spies around the conformers an app isolates: an actor token store, a
// `@MainActor` navigator and a `Sendable` class with a lock, called from the
// main actor and from detached tasks, with typed and untyped forwarded errors.

enum RCAuthError: Error, Equatable {
    case expired
    case revoked(userID: Int)
}

protocol RCTokenStore: Sendable {
    func currentToken() async -> String?
    func save(_ token: String, expiresIn: TimeInterval) async throws
    func refresh(userID: Int) async throws(RCAuthError) -> String
    func wipe() async
}

actor RCKeychainTokenStore: RCTokenStore {
    private var token: String?
    private var revoked: Set<Int> = [13]
    private(set) var saves = 0

    func currentToken() async -> String? { token }
    func save(_ token: String, expiresIn: TimeInterval) async throws {
        guard expiresIn > 0 else { throw RCAuthError.expired }
        self.token = token
        saves += 1
    }
    func refresh(userID: Int) async throws(RCAuthError) -> String {
        if revoked.contains(userID) { throw .revoked(userID: userID) }
        let fresh = "fresh-\(userID)"
        token = fresh
        return fresh
    }
    func wipe() async { token = nil }
}

enum RCRoute: Sendable, Equatable {
    case home
    case product(id: Int)
    case checkout(total: Double)
    case web(URL)
}

@MainActor protocol RCNavigator: AnyObject {
    var stack: [RCRoute] { get }
    var isPresentingSheet: Bool { get set }
    func push(_ route: RCRoute)
    @discardableResult func pop() -> RCRoute?
    func presentAlert(title: String) async -> Bool
}

@MainActor final class RCAppNavigator: RCNavigator {
    private(set) var stack: [RCRoute] = [.home]
    var isPresentingSheet = false
    func push(_ route: RCRoute) {
        MainActor.assertIsolated()
        stack.append(route)
    }
    func pop() -> RCRoute? { stack.count > 1 ? stack.removeLast() : nil }
    func presentAlert(title: String) async -> Bool { !title.isEmpty }
}

protocol RCMetricsSink: Sendable {
    func increment(_ counter: String, by amount: Int)
    func snapshot() -> [String: Int]
}

final class RCLockedMetrics: RCMetricsSink {
    private let counters = Mutex<[String: Int]>([:])
    func increment(_ counter: String, by amount: Int) { counters.withLock { $0[counter, default: 0] += amount } }
    func snapshot() -> [String: Int] { counters.withLock { $0 } }
}

@Suite struct RealCodeSpyIsolatedConformerTests {
    @Test func anActorStoreKeepsItsStateAcrossForwardedCalls() async throws {
        let keychain = RCKeychainTokenStore()
        let spy = try Spy<any RCTokenStore>(forwardingTo: keychain)
        let store = spy()
        #expect(await store.currentToken() == nil)
        try await store.save("abc", expiresIn: 3600)
        #expect(await store.currentToken() == "abc")
        await #expect(throws: RCAuthError.expired) { try await store.save("old", expiresIn: -1) }
        #expect(await keychain.saves == 1)
        #expect(try await store.refresh(userID: 7) == "fresh-7")
        await #expect(throws: RCAuthError.revoked(userID: 13)) { try await store.refresh(userID: 13) }
        #expect(await keychain.currentToken() == "fresh-7")
        await store.wipe()
        #expect(await keychain.currentToken() == nil)
        await spy.verify(2...2) { try await $0.save(Match.any(), expiresIn: Match.any()) }
        await spy.verify { try await $0.refresh(userID: Match.equal(13)) }
    }

    @Test func aTypedErrorIsStubbedForOneUserAndForwardedForOthers() async throws {
        let spy = try Spy<any RCTokenStore>(forwardingTo: RCKeychainTokenStore())
        await spy.when { try await $0.refresh(userID: Match.equal(1)) }.thenThrow(RCAuthError.expired)
        let store = spy()
        do {
            _ = try await store.refresh(userID: 1)
            Issue.record("expected a throw")
        } catch {
            #expect(error == .expired)
        }
        #expect(try await store.refresh(userID: 2) == "fresh-2")
        let refreshes = await spy.when { try await $0.refresh(userID: Match.any()) }
        let forwarded: [Int] = refreshes.forwarded.arguments()
        #expect(forwarded == [2])
        #expect(refreshes.stubbed.errors(ofType: RCAuthError.self) == [.expired])
    }

    @Test func callsFromManyTasksAllReachTheActor() async throws {
        let keychain = RCKeychainTokenStore()
        let spy = try Spy<any RCTokenStore>(forwardingTo: keychain)
        let store = spy()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask { try? await store.save("t\(index)", expiresIn: 60) }
            }
        }
        #expect(await keychain.saves == 24)
        await spy.verify(24...24) { try await $0.save(Match.any(), expiresIn: Match.equal(60)) }
        let tokens: [String] = await spy.when { try await $0.save(Match.any(), expiresIn: Match.any()) }.arguments()
        #expect(Set(tokens) == Set((0..<24).map { "t\($0)" }))
    }

    @Test func eventualVerificationWaitsForACallFromAnotherTask() async throws {
        let spy = try Spy<any RCTokenStore>(forwardingTo: RCKeychainTokenStore())
        let store = spy()
        Task.detached {
            try await Task.sleep(for: .milliseconds(50))
            await store.wipe()
        }
        await spy.verify(within: .seconds(60)) { await $0.wipe() }
    }

    @MainActor @Test func aMainActorNavigatorIsDrivenFromAMainActorTest() async throws {
        let navigator = RCAppNavigator()
        let spy = try Spy<any RCNavigator>(forwardingTo: navigator)
        let sut = spy()
        sut.push(.product(id: 42))
        sut.push(.web(URL(string: "https://example.com/terms")!))
        sut.isPresentingSheet = true
        #expect(navigator.isPresentingSheet)
        #expect(sut.stack == [.home, .product(id: 42), .web(URL(string: "https://example.com/terms")!)])
        #expect(sut.pop() == .web(URL(string: "https://example.com/terms")!))
        #expect(await sut.presentAlert(title: "Remove item?"))
        #expect(await sut.presentAlert(title: "") == false)

        spy.when { $0.pop() }.thenReturn(nil)
        #expect(sut.pop() == nil)
        #expect(navigator.stack.count == 2)

        spy.verify { $0.push(Match.equal(.product(id: 42))) }
        spy.verifyInOrder {
            $0.push(Match.any())
            $0.push(Match.any())
            _ = $0.pop()
        }
        await spy.verify(2...2) { await $0.presentAlert(title: Match.any()) }
    }

    @MainActor @Test func aMainActorNavigatorIsCalledFromABackgroundHop() async throws {
        let spy = try Spy<any RCNavigator>(forwardingTo: RCAppNavigator())
        let checkout = Task.detached { @Sendable () async -> Int in
            await MainActor.run {
                let sut = spy()
                sut.push(.checkout(total: 25.5))
                return sut.stack.count
            }
        }
        #expect(await checkout.value == 2)
        spy.verify { $0.push(.checkout(total: 25.5)) }
    }

    @Test func aLockedSendableClassCountsCallsFromDetachedTasks() async throws {
        let metrics = RCLockedMetrics()
        let spy = try Spy<any RCMetricsSink>(forwardingTo: metrics)
        spy.when { $0.increment(Match.equal("ignored"), by: Match.any()) }.thenDoNothing()
        let sink = spy()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    sink.increment(index.isMultiple(of: 4) ? "ignored" : "screen_view", by: 1)
                }
            }
        }
        #expect(sink.snapshot() == ["screen_view": 30])
        spy.verify(30...30) { $0.increment(Match.equal("screen_view"), by: Match.equal(1)) }
        spy.verify(10...10) { $0.increment(Match.equal("ignored"), by: Match.any()) }
        spy.history.forwarded.verify(31...31)
    }
}
