import TestDoubles
import Testing

/// A queue whose pending count the cancellation examples await.
protocol SeedJobQueue: Sendable {
    func pendingCount() async -> Int
    func drain() async throws -> [String]
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveSeedJobQueue: SeedJobQueue {
    func pendingCount() async -> Int { 0 }
    func drain() async throws -> [String] { [] }
}

/// The error a cancelled drain throws in the examples.
enum SeedQueueError: Error, Equatable {
    case cancelled
}

/// A tagger the matcher examples call with collections and strings.
protocol SeedTagger {
    func tag(_ tags: [String]) -> Bool
    func open(_ url: String) -> Bool
    func score(_ value: Int) -> Int
}

/// The linked conformer of ``SeedTagger``; never called.
struct LiveSeedTagger: SeedTagger {
    func tag(_ tags: [String]) -> Bool { false }
    func open(_ url: String) -> Bool { false }
    func score(_ value: Int) -> Int { 0 }
}

// Cancellation behaviors, the behavior-chain name, and the matcher forms
// the seed lists beside ours (four-operand allOf/anyOf, variadic
// collection matchers, matchesRegex over a Regex, Placeholders at top level).
@Suite struct SeedCancellationAndMatcherTests {
    @Test func awaitCancellationAnswersWithTheGivenValueOrError() async throws {
        let stub = try Stub<any SeedJobQueue>()
        await stub.when { await $0.pendingCount() }.thenAwaitCancellation(returning: 0)
        await stub.when { try await $0.drain() }.thenAwaitCancellation(throwing: SeedQueueError.cancelled)
        let queue = stub()

        let count = Task { await queue.pendingCount() }
        let drain = Task { try await queue.drain() }
        await stub.verify(within: .seconds(60)) { await $0.pendingCount() }
        await stub.verify(within: .seconds(60)) { try await $0.drain() }
        count.cancel()
        drain.cancel()
        #expect(await count.value == 0)
        await #expect(throws: SeedQueueError.cancelled) { try await drain.value }
    }

    @Test func awaitCancellationThrowingOnANonThrowingRequirementFailsClosed() async throws {
        let stub = try Stub<any SeedJobQueue>()
        let counts = await stub.when { await $0.pendingCount() }
        let issues = TestDoubleIssueReporting.capture {
            counts.thenAwaitCancellation(throwing: SeedQueueError.cancelled)
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("needs a throwing requirement"))
    }

    @Test func thenCancelCancelsTheCallingTask() async throws {
        let clock = ManualStubClock()
        let stub = try Stub<any SeedFeedService>()
        await stub.when { try await $0.loadFeed() }.thenCancel(after: .seconds(1), using: clock)
        let service = stub()

        let task = Task { try await service.loadFeed() }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(task.isCancelled)
    }

    @Test func thenCancelReturningAnswersAfterCancellingTheCaller() async throws {
        let stub = try Stub<any SeedJobQueue>()
        await stub.when { await $0.pendingCount() }
            .thenCancel(after: .zero, returning: 7, using: StubClocks.immediate)
        let queue = stub()

        let task = Task { await queue.pendingCount() }
        #expect(await task.value == 7)
        #expect(task.isCancelled)

        let counts = await stub.when { await $0.pendingCount() }
        let issues = TestDoubleIssueReporting.capture { counts.thenCancel(after: .seconds(1)) }
        let issue = try #require(issues.first)
        #expect(issue.message.contains("needs a throwing requirement"))
    }

    @Test func chainedBehaviorsHaveTheSeedsChainName() async throws {
        let stub = try Stub<any SeedFeedService>()
        let chain: StubBehaviorChain<[String]> = await stub.when { try await $0.loadFeed() }
            .thenReturn(["first"], times: 1)
            .thenReturn(["then"])
        #expect(try await stub().loadFeed() == ["first"])
        #expect(try await stub().loadFeed() == ["then"])
        chain.verify(2...2)
    }

    @Test func fourOperandCompositionsAndVariadicCollectionMatchers() throws {
        let stub = try Stub<any SeedTagger>()
        stub.when {
            $0.score(Match.allOf(Match.greaterThan(0), Match.lessThan(100), Match.not(Match.equal(13)), Match.any()))
        }.thenReturn(1)
        stub.when {
            $0.score(Match.anyOf(Match.equal(-1), Match.equal(-2), Match.equal(-3), Match.equal(-4)))
        }.thenReturn(2)
        stub.when { $0.tag(Match.containsAll("swift", "testing")) }.thenReturn(true)
        stub.when { $0.tag(Match.startsWith("draft")) }.thenReturn(true)
        stub.when { $0.tag(Match.endsWith("archived", "old")) }.thenReturn(true)
        stub.when { $0.tag(Match.any()) }.thenReturn(false)
        let tagger = stub()

        #expect(tagger.score(50) == 1)
        #expect(tagger.score(-3) == 2)
        #expect(tagger.tag(["testing", "swift", "linux"]))
        #expect(tagger.tag(["draft", "notes"]))
        #expect(tagger.tag(["notes", "archived", "old"]))
        #expect(tagger.tag(["notes"]) == false)
        stub.verify(.exactly(1)) {
            $0.score(Match.anyOf(Match.equal(-1), Match.equal(-2), Match.equal(-3), Match.equal(-4)))
        }
    }

    @Test func matchesRegexTakesACompiledRegex() throws {
        let stub = try Stub<any SeedTagger>()
        let secure = try Regex("^https://")
        stub.when { $0.open(Match.matchesRegex(secure)) }.thenReturn(true)
        stub.when { $0.open(Match.any()) }.thenReturn(false)
        let tagger = stub()
        #expect(tagger.open("https://example.com"))
        #expect(tagger.open("http://example.com") == false)
    }

    @Test func placeholdersAreReachableByTheirTopLevelName() throws {
        let registered = SeedPlaceholderBox(label: "placeholder")
        Placeholders.register(SeedPlaceholderBox.self) { registered }
        #expect(Match.Placeholders.make(SeedPlaceholderBox.self) === registered)
        Placeholders.unregister(SeedPlaceholderBox.self)
        #expect(Match.Placeholders.make(SeedPlaceholderBox.self) !== registered)
    }
}

/// A class whose placeholder the top-level `Placeholders` registers.
final class SeedPlaceholderBox: Sendable {
    let label: String
    init(label: String) { self.label = label }
}
