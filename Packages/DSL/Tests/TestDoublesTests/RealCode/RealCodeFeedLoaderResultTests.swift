import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// A feed screen's loader as an app writes it: view state in nested generic
// wrappers, a large state enum with indirect cases, optional-of-optional
// cache lookups, Result and typed-throws errors, and collection parameters
// passed as `some Collection` and `some Sequence`.

struct SDKItem: Sendable, Equatable, Hashable {
    var id: Int
    var title: String
    var updated: Date
}

struct SDKPage<Item: Sendable & Equatable>: Sendable, Equatable {
    var items: [Item]
    var cursor: String?
    var total: Int
}

enum SDKLoadable<Value: Sendable & Equatable>: Sendable, Equatable {
    case idle
    case loading(progress: Double)
    case loaded(Value, stale: Bool)
    case failed(message: String, retryAfter: TimeInterval?)
}

indirect enum SDKFeedState: Sendable, Equatable {
    case empty
    case placeholder(count: Int)
    case items([SDKItem])
    case page(SDKPage<SDKItem>)
    case error(code: Int, message: String)
    case offline(since: Date)
    case retrying(attempt: Int, after: SDKFeedState)
    case merged(SDKFeedState, SDKFeedState)
    case banner(String, then: SDKFeedState)
    case unauthorized
}

enum SDKAPIError: Error, Equatable {
    case unauthorized
    case rateLimited(retryAfter: TimeInterval)
    case server(status: Int, body: Data)
}

protocol SDKFeedLoader: Sendable {
    func page(after cursor: String?) async throws -> SDKPage<SDKItem>
    func state(for screen: String) -> SDKLoadable<[SDKItem]>
    func nextState(from state: SDKFeedState, event: String) -> SDKFeedState
    func cachedTitle(for id: Int) -> String??
    func thumbnail(for id: Int) -> Result<Data, URLError>
    func refresh(ids: some Collection<Int>) async throws(SDKAPIError) -> Int
    func titles(of items: some Sequence<SDKItem>) -> [String]
    func sum(_ values: some Collection<Int>) -> Int
}

struct SDKLiveFeedLoader: SDKFeedLoader {
    func page(after cursor: String?) async throws -> SDKPage<SDKItem> {
        SDKPage(items: [], cursor: cursor.map { $0 + "+" }, total: 0)
    }
    func state(for screen: String) -> SDKLoadable<[SDKItem]> { .loading(progress: screen.isEmpty ? 0 : 0.5) }
    func nextState(from state: SDKFeedState, event: String) -> SDKFeedState { .banner(event, then: state) }
    func cachedTitle(for id: Int) -> String?? { id == 0 ? .some(nil) : id < 0 ? nil : "t\(id)" }
    func thumbnail(for id: Int) -> Result<Data, URLError> {
        id > 0 ? .success(Data([UInt8(id)])) : .failure(URLError(.fileDoesNotExist))
    }
    func refresh(ids: some Collection<Int>) async throws(SDKAPIError) -> Int {
        if ids.isEmpty { throw .rateLimited(retryAfter: 2) }
        return ids.count
    }
    func titles(of items: some Sequence<SDKItem>) -> [String] { items.map(\.title) }
    func sum(_ values: some Collection<Int>) -> Int { values.reduce(0, +) }
}

@Suite struct RealCodeFeedLoaderResultTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static let a = SDKItem(id: 1, title: "Alpha", updated: t0)
    static let b = SDKItem(id: 2, title: "Beta ✨ with a title long enough to be heap-allocated", updated: t0 + 60)

    @MainActor @Test func genericPageAndLoadableWrappersComeBackExactly() async throws {
        let loader = try Stub<any SDKFeedLoader>()
        let first = SDKPage(items: [Self.a, Self.b], cursor: "c-2", total: 40)
        let last = SDKPage<SDKItem>(items: [], cursor: nil, total: 40)
        await loader.when { try await $0.page(after: Match.isNil()) }.thenReturn(first)
        await loader.when { try await $0.page(after: "c-2") }.thenReturn(last)
        await loader.when { try await $0.page(after: Match.any()) }.thenThrow(URLError(.badServerResponse))
        loader.when { $0.state(for: "home") }.thenReturn(.loaded([Self.a, Self.b], stale: true))
        loader.when { $0.state(for: "search") }.thenReturn(.failed(message: "offline", retryAfter: 1.5))
        loader.when { $0.state(for: "inbox") }.thenReturn(.loading(progress: 0.25))
        loader.when { $0.state(for: Match.any()) }.thenReturn(.idle)

        let feed = loader()
        #expect(try await feed.page(after: nil) == first)
        #expect(try await feed.page(after: "c-2") == last)
        await #expect(throws: URLError.self) { _ = try await feed.page(after: "zzz") }
        #expect(feed.state(for: "home") == .loaded([Self.a, Self.b], stale: true))
        #expect(feed.state(for: "search") == .failed(message: "offline", retryAfter: 1.5))
        #expect(feed.state(for: "inbox") == .loading(progress: 0.25))
        #expect(feed.state(for: "settings") == .idle)
        let cursors: [String?] = await loader.when { try await $0.page(after: Match.any()) }.arguments()
        #expect(cursors == [nil, "c-2", "zzz"])
    }

    @Test func aLargeIndirectStateEnumTravelsThroughAHandler() throws {
        let loader = try Stub<any SDKFeedLoader>()
        loader.when { $0.nextState(from: Match.any(), event: Match.any()) }.then {
            (state: SDKFeedState, event: String) -> SDKFeedState in
            switch (state, event) {
            case (.empty, "load"): return .placeholder(count: 3)
            case (.placeholder, "loaded"): return .items([Self.a])
            case (.items(let items), "fail"): return .merged(.items(items), .error(code: 503, message: "busy"))
            case (.merged(_, let failure), "retry"): return .retrying(attempt: 2, after: failure)
            case (let other, "offline"): return .merged(other, .offline(since: Self.t0))
            default: return .unauthorized
            }
        }
        let feed = loader()
        var state = SDKFeedState.empty
        var seen: [SDKFeedState] = []
        for event in ["load", "loaded", "fail", "retry", "offline", "logout"] {
            state = feed.nextState(from: state, event: event)
            seen.append(state)
        }
        let merged = SDKFeedState.merged(.items([Self.a]), .error(code: 503, message: "busy"))
        let retrying = SDKFeedState.retrying(attempt: 2, after: .error(code: 503, message: "busy"))
        #expect(
            seen == [
                .placeholder(count: 3), .items([Self.a]), merged, retrying,
                .merged(retrying, .offline(since: Self.t0)), .unauthorized,
            ])
        let inputs: [(SDKFeedState, String)] =
            loader.when { $0.nextState(from: Match.any(), event: Match.any()) }.arguments()
        #expect(inputs.map(\.0) == [.empty] + seen.dropLast())
        loader.verify { $0.nextState(from: merged, event: "retry") }
    }

    @Test func aStubbedIndirectStateIsReturnedWhole() throws {
        let loader = try Stub<any SDKFeedLoader>()
        let page = SDKPage(items: [Self.b], cursor: "n", total: 1)
        let deep = SDKFeedState.banner(
            "Updated", then: .merged(.page(page), .retrying(attempt: 1, after: .offline(since: Self.t0))))
        loader.when { $0.nextState(from: Match.equal(.unauthorized), event: Match.any()) }.thenReturn(deep)
        loader.when { $0.nextState(from: Match.any(), event: Match.any()) }.thenReturn(.empty)
        #expect(loader().nextState(from: .unauthorized, event: "x") == deep)
        #expect(loader().nextState(from: deep, event: "x") == .empty)
        loader.verify { $0.nextState(from: deep, event: "x") }
    }

    @Test func anOptionalOfAnOptionalKeepsItsThreeStates() throws {
        let loader = try Stub<any SDKFeedLoader>()
        loader.when { $0.cachedTitle(for: 1) }.thenReturn(.some("cached"))
        loader.when { $0.cachedTitle(for: 2) }.thenReturn(.some(nil))
        loader.when { $0.cachedTitle(for: 4) }.then { (_: Int) -> String?? in .some(nil) }
        loader.when { $0.cachedTitle(for: Match.any()) }.thenReturn(nil)
        let feed = loader()
        let hit = feed.cachedTitle(for: 1)
        let knownMissing = feed.cachedTitle(for: 2)
        let unknown = feed.cachedTitle(for: 3)
        #expect(hit == .some(.some("cached")))
        #expect(knownMissing == .some(.none))
        #expect(unknown == .none)
        #expect(knownMissing != unknown)
        #expect(feed.cachedTitle(for: 4) == .some(.none))
    }

    @Test func aSpyForwardsTheThreeOptionalStatesAndResults() throws {
        let spy = try Spy<any SDKFeedLoader>(forwardingTo: SDKLiveFeedLoader())
        #expect(spy().cachedTitle(for: 5) == .some(.some("t5")))
        #expect(spy().cachedTitle(for: 0) == .some(.none))
        #expect(spy().cachedTitle(for: -1) == .none)
        #expect(spy().thumbnail(for: 9) == .success(Data([9])))
        #expect(spy().thumbnail(for: 0) == .failure(URLError(.fileDoesNotExist)))
        #expect(spy().state(for: "x") == .loading(progress: 0.5))
        #expect(spy().nextState(from: .empty, event: "e") == .banner("e", then: .empty))
        spy.verify(.exactly(3)) { $0.cachedTitle(for: Match.any()) }
    }

    @Test func resultOfDataAndURLError() throws {
        let loader = try Stub<any SDKFeedLoader>()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        loader.when { $0.thumbnail(for: 1) }.thenReturn(.success(png))
        loader.when { $0.thumbnail(for: Match.any()) }.then { (id: Int) -> Result<Data, URLError> in
            .failure(URLError(.resourceUnavailable, userInfo: ["id": id]))
        }
        #expect(loader().thumbnail(for: 1) == .success(png))
        let failure = loader().thumbnail(for: 7)
        guard case .failure(let error) = failure else {
            Issue.record("expected a failure, got \(failure)")
            return
        }
        #expect(error.code == .resourceUnavailable)
        #expect(error.userInfo["id"] as? Int == 7)
    }

    @MainActor @Test func typedThrowsOfAnAPIErrorAndSomeCollectionArguments() async throws {
        let loader = try Stub<any SDKFeedLoader>()
        await loader.when { try await $0.refresh(ids: Match.any() as Set<Int>) }.thenThrow(
            SDKAPIError.server(status: 502, body: Data("bad gateway".utf8)))
        await loader.when { try await $0.refresh(ids: Match.any() as [Int]) }.then { (ids: [Int]) in ids.count * 10 }
        loader.when { $0.sum(Match.any() as ArraySlice<Int>) }.then { (values: ArraySlice<Int>) in values.reduce(0, +) }
        loader.when { $0.titles(of: Match.any() as [SDKItem]) }.then { (items: [SDKItem]) in items.map(\.title) }

        let feed = loader()
        #expect(try await feed.refresh(ids: [4, 5, 6]) == 30)
        do {
            _ = try await feed.refresh(ids: Set([1]))
            Issue.record("no error")
        } catch {
            #expect(error == .server(status: 502, body: Data("bad gateway".utf8)))
        }
        let numbers = [1, 2, 3, 4, 5]
        #expect(feed.sum(numbers[1...3]) == 9)
        #expect(feed.titles(of: [Self.a, Self.b]) == ["Alpha", Self.b.title])
        let refreshed: [[Int]] = await loader.when { try await $0.refresh(ids: Match.any() as [Int]) }.arguments()
        #expect(refreshed == [[4, 5, 6]])
        let slices: [ArraySlice<Int>] = loader.when { $0.sum(Match.any() as ArraySlice<Int>) }.arguments()
        #expect(slices.map(Array.init) == [[2, 3, 4]])
        #expect(slices.first?.startIndex == 1)
    }

    @Test func aSpyForwardsTypedThrowsAndCollections() async throws {
        let spy = try Spy<any SDKFeedLoader>(forwardingTo: SDKLiveFeedLoader())
        #expect(try await spy().refresh(ids: 0..<4) == 4)
        do {
            _ = try await spy().refresh(ids: [Int]())
            Issue.record("no error")
        } catch {
            #expect(error == .rateLimited(retryAfter: 2))
        }
        #expect(spy().sum(Set([1, 10, 100])) == 111)
        #expect(spy().titles(of: [Self.a].lazy) == ["Alpha"])
        #expect(try await spy().page(after: "c") == SDKPage(items: [], cursor: "c+", total: 0))
    }
}
