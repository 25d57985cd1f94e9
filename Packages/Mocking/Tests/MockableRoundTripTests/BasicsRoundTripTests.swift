import SwiftMocking
import Testing

@testable import DoublesGenCorpus
@testable import MockableCorpus

/// Mocks `mockable` generated from the corpus at build time, used for real:
/// each is stubbed through its interaction members, called through the
/// protocol, and verified.
@Suite struct BasicsRoundTripTests {
    @Test func featureFlagsTranslatorAndFeedLoader() async throws {
        let flags = MockFeatureFlags()
        when(flags.isEnabled("beta", for: .greaterThan(10))).thenReturn(true)
        #expect((flags as FeatureFlags).isEnabled("beta", for: 11))
        #expect(!(flags as FeatureFlags).isEnabled("beta", for: 1))
        verify(flags.isEnabled(.any, for: .any)).called(2)

        let translator = MockTranslator()
        when(translator.translate(.any)).thenReturn { "t(\($0))" }
        #expect((translator as Translator).translate("hi") == "t(hi)")

        let loader = MockFeedLoader()
        when(loader.loadFeed()).thenThrow(LoadError(code: 1))
        await #expect(throws: LoadError(code: 1)) { try await (loader as FeedLoader).loadFeed() }
        verify(loader.loadFeed()).called(1)
    }

    @Test func clockZeroArgumentMembersShareTheirPinnedSpies() {
        let clock = MockClock()
        when(clock.now()).thenReturn(12.5)
        let service: Clock = clock
        service.start()
        service.stop()
        service.reset()
        #expect(service.now() == 12.5)
        verify(clock.start()).called(1)
        verify(clock.stop()).called(1)
        verify(clock.reset()).called(1)
        verify(clock.now()).called(1)
    }

    @Test func loggerVariadicsAndInout() {
        let logger = MockLogger()
        let service: Logger = logger
        service.log("a", "b", level: 2)
        var buffer = ["x"]
        service.append(to: &buffer, "line")
        verify(logger.log("a", "b", level: 2)).called(1)
        verify(logger.log(.any, level: .any)).neverCalled()
        verify(logger.append(to: .hasCount(1), "line")).called(1)
    }

    @Test func counterFormatterAnalyticsAndOverloads() {
        let counter = MockCounter()
        when(counter.count).thenReturn(3)
        var service: Counter = counter
        service.increment(by: 2)
        #expect(service.count == 3)
        verify(counter.increment(by: 2)).called(1)

        let formatter = MockFormatter()
        when(formatter.format(.any(Int.self))).thenReturn("int")
        when(formatter.join(.any([String].self), separator: ",")).thenReturn("joined")
        #expect((formatter as Formatter).format(1) == "int")
        #expect((formatter as Formatter).join(["a"], separator: ",") == "joined")

        let analytics = MockAnalytics()
        (analytics as Analytics).track(event: "e", value: 1)
        (analytics as Analytics).track("e")
        (analytics as Analytics).flush(true)
        verify(analytics.track(event: "e", value: .any)).called(1)
        verify(analytics.track(.equal("e"))).called(1)
        verify(analytics.flush(true)).called(1)

        let overloads = MockOverloads()
        when(overloads.fetch(id: .any(Int.self))).thenReturn(User(name: "int"))
        when(overloads.fetch(id: .any(String.self))).thenReturn(User(name: "string"))
        when(overloads.fetch(name: .any)).thenReturn(nil)
        #expect((overloads as Overloads).fetch(id: 1) == User(name: "int"))
        #expect((overloads as Overloads).fetch(id: "1") == User(name: "string"))
        #expect((overloads as Overloads).fetch(name: "n") == nil)
    }

    @Test func labelOnlyOverloadsGetSeparateSpies() {
        let lookup = MockUserLookup()
        when(lookup.fetch(id: .any)).thenReturn("by id")
        when(lookup.fetch(name: .any)).thenReturn("by name")
        let service: UserLookup = lookup
        #expect(service.fetch(id: "1") == "by id")
        #expect(service.fetch(name: "n") == "by name")
        verify(lookup.fetch(id: .any)).called(1)
        verify(lookup.fetch(name: "n")).called(1)
        verify(lookup.fetch(name: "1")).neverCalled()
    }

    @Test func theSeedsCheckListOnTheCLIExample() throws {
        let mock = MockP()
        when(mock.price(.any)).thenReturn(42)
        let svc: P = mock
        _ = try svc.price("apple")
        verify(mock.price(.equal("apple"))).called(1)
    }

    @Test func inventoryInEveryEffect() async throws {
        let inventory = MockInventory()
        when(inventory.count(of: .any)).thenReturn(4)
        when(inventory.reserve(.any, quantity: .greaterThan(3))).thenThrow(LoadError(code: 3))
        when(inventory.reserve(.any, quantity: .any)).thenReturn(true)
        when(inventory.audit(since: .any)).thenReturn(["ok"])
        when(MockInventory.shared()).thenReturn("shared")
        var service: Inventory = inventory
        #expect(service.count(of: "a") == 4)
        #expect(try service.reserve("a", quantity: 1))
        #expect(throws: LoadError(code: 3)) { try service.reserve("a", quantity: 5) }
        await service.restock()
        #expect(try await service.audit(since: 1) == ["ok"])
        service.location = "north"
        #expect(MockInventory.shared() as String == "shared")
        verify(inventory.restock()).called(1)
        verify(inventory.location <- "north").called(1)
        verifyInOrder([inventory.count(of: "a"), inventory.restock(), inventory.location <- .any])
    }
}
