import Foundation
import TestDoubles
import Testing

// A view model's dependencies passed as one composition of two non-class
// protocols (`any SDKFeedLoader & SDKCalendarService`), with a callback
// parameter that takes a `sending` value and one that is `@Sendable` and
// throws.

protocol SDKDraftObserving: Sendable {
    func observe(_ handler: @escaping @Sendable (sending SDKDraft) -> Void) -> Int
}

protocol SDKLineValidating: Sendable {
    func validate(_ check: @Sendable (String) throws -> Bool, on lines: [String]) rethrows -> [String]
}

struct SDKLiveDraftObserving: SDKDraftObserving {
    func observe(_ handler: @escaping @Sendable (sending SDKDraft) -> Void) -> Int {
        handler(SDKDraft(lines: ["live"]))
        return 1
    }
}

struct SDKLiveLineValidating: SDKLineValidating {
    func validate(_ check: @Sendable (String) throws -> Bool, on lines: [String]) rethrows -> [String] {
        try lines.filter(check)
    }
}

struct SDKLiveFeedAndCalendar: SDKFeedLoader, SDKCalendarService {
    let feed = SDKLiveFeedLoader()
    let calendars = SDKLiveCalendarService()
    func page(after cursor: String?) async throws -> SDKPage<SDKItem> { try await feed.page(after: cursor) }
    func state(for screen: String) -> SDKLoadable<[SDKItem]> { feed.state(for: screen) }
    func nextState(from state: SDKFeedState, event: String) -> SDKFeedState {
        feed.nextState(from: state, event: event)
    }
    func cachedTitle(for id: Int) -> String?? { feed.cachedTitle(for: id) }
    func thumbnail(for id: Int) -> Result<Data, URLError> { feed.thumbnail(for: id) }
    func refresh(ids: some Collection<Int>) async throws(SDKAPIError) -> Int { try await feed.refresh(ids: ids) }
    func titles(of items: some Sequence<SDKItem>) -> [String] { feed.titles(of: items) }
    func sum(_ values: some Collection<Int>) -> Int { feed.sum(values) }
    func nextRun(after date: Date, matching components: DateComponents, in calendar: Calendar) -> Date? {
        calendars.nextRun(after: date, matching: components, in: calendar)
    }
    func window(containing day: Date, in zone: TimeZone) async -> DateInterval {
        await calendars.window(containing: day, in: zone)
    }
    func components(of date: Date, in calendar: Calendar) throws -> DateComponents {
        try calendars.components(of: date, in: calendar)
    }
    func zone(named identifier: String) -> TimeZone? { calendars.zone(named: identifier) }
    var calendar: Calendar { calendars.calendar }
    var locale: Locale { calendars.locale }
}

@Suite struct RealCodeOpaqueCompositionTests {
    static let day = Date(timeIntervalSince1970: 1_767_225_600)

    @MainActor @Test func aCompositionOfTwoValueProtocolsAnswersBoth() async throws {
        let both = try Stub<any SDKFeedLoader & SDKCalendarService>()
        both.when { $0.state(for: Match.any()) }.thenReturn(.loading(progress: 0.75))
        both.when { $0.zone(named: Match.any()) }.thenReturn(TimeZone(identifier: "UTC"))
        await both.when { await $0.window(containing: Match.any(), in: Match.any()) }.then {
            (day: Date, _: TimeZone) in
            DateInterval(start: day, duration: 3600)
        }
        await both.when { try await $0.refresh(ids: Match.any() as [Int]) }.thenReturn(5)

        let dependencies = both()
        #expect(dependencies.state(for: "home") == .loading(progress: 0.75))
        #expect(dependencies.zone(named: "x") == TimeZone(identifier: "UTC"))
        #expect(
            await dependencies.window(containing: Self.day, in: .current)
                == DateInterval(start: Self.day, duration: 3600))
        #expect(try await dependencies.refresh(ids: [1, 2]) == 5)
        // Each protocol's view of the same value reaches the same double.
        let feed: any SDKFeedLoader = dependencies
        let calendars: any SDKCalendarService = dependencies
        #expect(feed.state(for: "other") == .loading(progress: 0.75))
        #expect(calendars.zone(named: "y") == TimeZone(identifier: "UTC"))
        both.verify(.exactly(2)) { $0.state(for: Match.any()) }
        #expect(both.when { $0.zone(named: Match.any()) }.arguments() == ["x", "y"])
    }

    @Test func aSpyOfTheCompositionForwardsToOneRealValue() async throws {
        let spy = try Spy<any SDKFeedLoader & SDKCalendarService>(forwardingTo: SDKLiveFeedAndCalendar())
        #expect(spy().cachedTitle(for: 3) == .some(.some("t3")))
        #expect(spy().zone(named: "Asia/Tokyo")?.identifier == "Asia/Tokyo")
        #expect(spy().locale.identifier == "de_DE")
        #expect(try await spy().refresh(ids: Set([1, 2, 3])) == 3)
        spy.verify { $0.cachedTitle(for: 3) }
    }

    @Test func aClosureTakingASendingValueFailsClosedByName() throws {
        // The closure bridge cannot take ownership of an argument it hands on: a Stub and a Spy refuse the
        // requirement at construction, naming it and the closure type (before: "no source described its
        // signature", since the witness symbol could not be read).
        for build in [
            { _ = try Stub<any SDKDraftObserving>() },
            { _ = try Spy<any SDKDraftObserving>(forwardingTo: SDKLiveDraftObserving()) },
        ] as [() throws -> Void] {
            do {
                try build()
                Issue.record("built a double whose closure bridge would take an owned argument")
            } catch let error as StubError {
                #expect(error.description.contains("requirement observe(_:)"))
                #expect(error.description.contains("(__owned SDKDraft) -> ()"))
                #expect(error.reason.contains("sending"))
                #expect(error.fix.contains("ManualStub"))
            }
        }
    }

    @Test func aNonEscapingThrowingCheckIsLentToTheHandler() throws {
        struct Rejected: Error {}
        let observing = try Stub<any SDKLineValidating>()
        observing.when {
            try $0.validate(Match.any(using: { @Sendable (_: String) throws -> Bool in true }), on: Match.any())
        }.then { (check: @escaping @Sendable (String) throws -> Bool, lines: [String]) in
            try lines.filter(check)
        }
        #expect(try observing().validate({ $0.count > 2 }, on: ["a", "abc", "abcd"]) == ["abc", "abcd"])
        #expect(throws: Rejected.self) {
            try observing().validate({ _ in throw Rejected() }, on: ["a"])
        }
    }

    @Test func aSpyForwardsTheCheck() throws {
        let spy = try Spy<any SDKLineValidating>(forwardingTo: SDKLiveLineValidating())
        #expect(try spy().validate({ !$0.isEmpty }, on: ["", "x"]) == ["x"])
        spy.verify {
            try $0.validate(
                Match.any(using: { @Sendable (_: String) throws -> Bool in true }), on: Match.equal(["", "x"]))
        }
    }
}
