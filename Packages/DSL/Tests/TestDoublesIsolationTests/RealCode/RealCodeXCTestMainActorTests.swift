import Foundation
import TestDoubles
import XCTest

// An XCTest suite as many apps still write it: a `@MainActor` test case,
// expectations fulfilled by callbacks and by doubles' handlers, and
// `fulfillment(of:timeout:)` awaited instead of `wait(for:)`.

struct CRArticle: Sendable, Equatable {
    var id: Int
    var headline: String
}

protocol CRNewsService: Sendable {
    func topStories(limit: Int) async throws -> [CRArticle]
    func markRead(_ id: Int)
}

struct CRLiveNewsService: CRNewsService {
    func topStories(limit: Int) async throws -> [CRArticle] { [] }
    func markRead(_ id: Int) {}
}

@MainActor final class CRNewsFeedController {
    private let news: any CRNewsService
    private(set) var articles: [CRArticle] = []
    var onUpdate: (@MainActor ([CRArticle]) -> Void)?

    init(news: any CRNewsService) { self.news = news }

    func reload() {
        Task {
            let stories = (try? await news.topStories(limit: 3)) ?? []
            articles = stories
            onUpdate?(stories)
        }
    }

    func open(_ article: CRArticle) {
        let news = self.news
        Task.detached(priority: .utility) { news.markRead(article.id) }
    }
}

@MainActor final class RealCodeXCTestMainActorTests: XCTestCase {
    let stories = [CRArticle(id: 1, headline: "Swift 6"), CRArticle(id: 2, headline: "Strict concurrency")]

    /// `fulfillment(of:timeout:)`. Swift 6.0.3's XCTest declares it on the
    /// nonisolated test case, which a main-actor test cannot send there; a
    /// waiter of its own can go.
    private func waitFor(_ expectations: [XCTestExpectation]) async {
        #if compiler(>=6.1)
        await fulfillment(of: expectations, timeout: 10)
        #else
        let completed = await Self.completed(expectations)
        XCTAssertTrue(completed)
        #endif
    }

    #if !compiler(>=6.1)
    /// Whether a waiter of its own saw every expectation fulfilled (its
    /// `XCTWaiter.Result` is not `Sendable` on Swift 6.0.3: it stays here).
    private nonisolated static func completed(_ expectations: [XCTestExpectation]) async -> Bool {
        await XCTWaiter().fulfillment(of: expectations, timeout: 10) == .completed
    }
    #endif

    func testReloadFulfillsTheUpdateExpectation() async throws {
        let news = try Stub<any CRNewsService>()
        await news.when { try await $0.topStories(limit: Match.equal(3)) }.thenReturn(stories)
        let controller = CRNewsFeedController(news: news())
        let updated = expectation(description: "feed updated")
        controller.onUpdate = { articles in
            XCTAssertEqual(articles.count, 2)
            updated.fulfill()
        }
        controller.reload()
        await waitFor([updated])
        XCTAssertEqual(controller.articles, stories)
        await news.verify(1...1) { try await $0.topStories(limit: Match.any()) }
    }

    func testAHandlerFulfillsAnExpectationFromADetachedTask() async throws {
        let news = try Stub<any CRNewsService>()
        let marked = expectation(description: "marked read")
        news.when { $0.markRead(Match.equal(2)) }.then { @Sendable (_: Int) in marked.fulfill() }
        let controller = CRNewsFeedController(news: news())
        controller.open(stories[1])
        await waitFor([marked])
        news.verify(1...1) { $0.markRead(2) }
    }

    func testAFailingServiceLeavesTheFeedEmptyAndIsVerifiedEventually() async throws {
        let news = try Stub<any CRNewsService>()
        let loads = await news.when { try await $0.topStories(limit: Match.any()) }
        loads.thenThrow(URLError(.notConnectedToInternet))
        let controller = CRNewsFeedController(news: news())
        let updated = expectation(description: "feed updated")
        controller.onUpdate = { _ in updated.fulfill() }
        controller.reload()
        let finished = await loads.waitForCompletion(within: .seconds(10))
        XCTAssertTrue(finished)
        await waitFor([updated])
        XCTAssertEqual(controller.articles, [])
    }
}
