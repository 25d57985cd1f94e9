import Foundation
import TestDoubles
import Testing

// Language features app code adopts as it moves to Swift 6.2: `nonisolated(nonsending)` and
// `@concurrent` requirements, a Hashable and CustomStringConvertible refinement, a constrained
// `any AsyncSequence<Element, Never>` result, a generic `decode<T: Decodable>` requirement, and a
// reducer with two primary associated types.

#if compiler(>=6.2)
protocol PRProfileLoader: Sendable {
    nonisolated(nonsending) func load(id: Int) async throws -> String
    nonisolated(nonsending) func refresh() async
    @concurrent func warm(_ keys: [String]) async -> Int
}

struct PRLiveProfileLoader: PRProfileLoader {
    nonisolated(nonsending) func load(id: Int) async throws -> String { "live-\(id)" }
    nonisolated(nonsending) func refresh() async {}
    @concurrent func warm(_ keys: [String]) async -> Int { keys.count }
}

@MainActor final class PRProfileScreen {
    let loader: any PRProfileLoader
    var title = ""
    init(loader: any PRProfileLoader) { self.loader = loader }
    func appear(_ id: Int) async {
        MainActor.assertIsolated()
        title = (try? await loader.load(id: id)) ?? "error"
        MainActor.assertIsolated()
    }
}

struct PRProfileLoaderStubConformer: PRProfileLoader, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    nonisolated(nonsending) func load(id: Int) async throws -> String { try await stub.asyncThrowingCall(id) }
    nonisolated(nonsending) func refresh() async { await stub.asyncCall() as Void }
    @concurrent func warm(_ keys: [String]) async -> Int { await stub.asyncCall(keys) }
}
#endif

protocol PRAccount: Hashable, Sendable, CustomStringConvertible {
    var id: UUID { get }
    var email: String { get }
}

struct PRLiveAccount: PRAccount {
    var id: UUID
    var email: String
    var description: String { email }
}

protocol PRTicker: Sendable {
    func prices(for symbol: String) -> any AsyncSequence<Decimal, Never>
}

struct PRLiveTicker: PRTicker {
    func prices(for symbol: String) -> any AsyncSequence<Decimal, Never> {
        AsyncStream {
            $0.yield(1); $0.finish()
        }
    }
}

protocol PRDecoding: Sendable {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

struct PRJSONDecoding: PRDecoding {
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}

protocol PRReducer<State, Action>: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    func reduce(_ state: State, _ action: Action) -> State
}

struct PRCounter: PRReducer {
    func reduce(_ state: Int, _ action: String) -> Int { action == "inc" ? state + 1 : state }
}

@Suite struct RealCodeLanguageFeatureTests {
    #if compiler(>=6.2)
    /// A `nonisolated(nonsending)` requirement (Swift 6.2; every nonisolated async requirement under
    /// `NonisolatedNonsendingByDefault`) receives its caller's actor as a hidden leading argument, which
    /// only DWARF shows: a runtime double skips it (it read that actor as `id` once, then refused the
    /// protocol), a Spy hands it to the real conformer, and a ManualStub conformer serves it too.
    @MainActor @Test func aNonsendingRequirementSeesItsRealArguments() async throws {
        let loader = try Stub<any PRProfileLoader>()
        await loader.when { try await $0.load(id: Match.any()) }.then { (id: Int) in "profile \(id)" }
        await loader.when { await $0.warm(Match.any()) }.then { (keys: [String]) in keys.count }
        await loader.when { await $0.refresh() }.thenDoNothing()
        #expect(await loader().warm(["a", "b", "c"]) == 3)
        await loader().refresh()
        await loader.verify(.once) { await $0.refresh() }
        let screen = PRProfileScreen(loader: loader())
        await screen.appear(7)
        #expect(screen.title == "profile 7")
        await loader.verify(.once) { try await $0.load(id: Match.equal(7)) }
        let spy = try Spy<any PRProfileLoader>(forwardingTo: PRLiveProfileLoader())
        #expect(try await spy().load(id: 3) == "live-3")
        await spy.verify(.once) { try await $0.load(id: 3) }

        let manual = ManualStub<PRProfileLoaderStubConformer>()
        await manual.when { try await $0.load(id: Match.any()) }.then { (id: Int) in "manual \(id)" }
        let manualScreen = PRProfileScreen(loader: manual())
        await manualScreen.appear(8)
        #expect(manualScreen.title == "manual 8")
        await manual.verify(.once) { try await $0.load(id: Match.equal(8)) }
    }
    #endif

    @Test func hashableAccount() throws {
        let account = try Stub<any PRAccount>()
        let id = UUID()
        account.when { $0.id }.thenReturn(id)
        account.when { $0.email }.thenReturn("a@b.c")
        account.when { $0.description }.thenReturn("A")
        let value = account()
        #expect(value.id == id)
        #expect(value.email == "a@b.c")
        #expect("\(value)" == "A")
    }

    @Test func asyncSequenceExistentialResult() async throws {
        let ticker = try Stub<any PRTicker>()
        ticker.when { $0.prices(for: Match.any()) }.then { (_: String) -> any AsyncSequence<Decimal, Never> in
            AsyncStream {
                $0.yield(5); $0.yield(6); $0.finish()
            }
        }
        var seen: [Decimal] = []
        for await price in ticker().prices(for: "AAPL") { seen.append(price) }
        #expect(seen == [5, 6])
    }

    struct User: Codable, Equatable { var name: String }

    @Test func genericDecode() throws {
        let decoding = try Stub<any PRDecoding>()
        decoding.when { try $0.decode(Match.equal(User.self), from: Match.any()) }.thenReturn(User(name: "x"))
        #expect(try decoding().decode(User.self, from: Data()) == User(name: "x"))
        let spy = try Spy<any PRDecoding>(forwardingTo: PRJSONDecoding())
        #expect(try spy().decode(User.self, from: Data(#"{"name":"y"}"#.utf8)) == User(name: "y"))
        spy.verify(.once) { try $0.decode(Match.equal(User.self), from: Match.any()) }
    }

    @Test func twoPrimaryAssociatedTypes() throws {
        let reducer = try Stub<any PRReducer<Int, String>>()
        reducer.when { $0.reduce(Match.any(), Match.any()) }.then { (s: Int, a: String) in s + a.count }
        #expect(reducer().reduce(1, "abc") == 4)
    }
}
