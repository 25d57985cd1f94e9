import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct BasicsRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func parametersNamedWithKeywords() {
        let names = KeywordNamesStub()
        names.when { $0.image(for: Match.equal("logo")) }.thenReturn(4)
        names.when { $0.convert(Match.any(), as: Match.equal("hex")) }.then { (value: Int, _: String) in
            String(value, radix: 16)
        }
        names.when { $0[Match.equal(2)] }.thenReturn("two")
        names.when { $0[Match.any()] = Match.any() }.thenDoNothing()
        var sut: any KeywordNames = names()
        #expect(sut.image(for: "logo") == 4)
        #expect(sut.convert(255, as: "hex") == "ff")
        #expect(sut[2] == "two")
        sut[3] = "three"
        names.verify(.exactly(1)) { $0.image(for: Match.equal("logo")) }
        names.verify(.exactly(1)) { $0.convert(Match.equal(255), as: Match.equal("hex")) }
        names.verify(.exactly(1)) { $0[Match.equal(3)] = Match.equal("three") }
    }

    @Test func priceService() async throws {
        let prices = PriceServiceStub()
        prices.when { $0.currency }.thenReturn("EUR")
        prices.when { $0.currency = Match.any() }.thenDoNothing()
        prices.when { try $0.price(Match.equal("apple")) }.thenReturn(42)
        await prices.when { try await $0.load(id: Match.any()) }.thenThrow(LoadError(code: 7))
        prices.when { $0[Match.any()] }.thenReturn("first")
        var service: any PriceService = prices()
        #expect(service.currency == "EUR")
        service.currency = "USD"
        #expect(try service.price("apple") == 42)
        await #expect(throws: LoadError(code: 7)) { try await service.load(id: 3) }
        #expect(service[0] == "first")
        prices.verify { $0.currency }
        prices.verify { $0.currency = Match.equal("USD") }
        prices.verify { try $0.price(Match.equal("apple")) }
        await prices.verify(1...1) { try await $0.load(id: Match.equal(3)) }
        prices.verify { $0[Match.equal(0)] }
        SharedManualStubs.isolated {
            let statics = PriceServiceStub.shared
            statics.when { _ in PriceServiceStubConformer.make() }.thenReturn(9)
            #expect(PriceServiceStubConformer.make() == 9)
            statics.verify { _ in PriceServiceStubConformer.make() }
        }
    }

    @Test func featureFlagsTranslatorAndFeedLoader() async throws {
        let flags = FeatureFlagsStub()
        flags.when { $0.isEnabled(Match.equal("new"), for: Match.any()) }.thenReturn(true)
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)
        let sut: any FeatureFlags = flags()
        #expect(sut.isEnabled("new", for: 1))
        #expect(!sut.isEnabled("old", for: 1))
        flags.verify(2...2) { $0.isEnabled(Match.any(), for: Match.equal(1)) }
        // The forwarded arguments really reach the recorder: a wrong one fails verification.
        let issues = TestDoubleIssueReporting.capture {
            flags.verify { $0.isEnabled(Match.any(), for: Match.equal(2)) }
        }
        #expect(issues.count == 1)

        let translator = TranslatorStub()
        translator.when { $0.translate(Match.any()) }.thenReturn("hola")
        #expect((translator() as any Translator).translate("hello") == "hola")
        translator.verify { $0.translate(Match.equal("hello")) }

        let loader = FeedLoaderStub()
        await loader.when { try await $0.loadFeed() }.thenReturn(["a", "b"])
        #expect(try await (loader() as any FeedLoader).loadFeed() == ["a", "b"])
        await loader.verify(1...1) { try await $0.loadFeed() }
    }

    @Test func clockVoidAndValueRequirements() {
        let clock = ClockStub()
        clock.when { $0.start() }.thenDoNothing()
        clock.when { $0.stop() }.thenDoNothing()
        clock.when { $0.reset() }.thenDoNothing()
        clock.when { $0.now() }.thenReturn(1.5)
        let sut: any Clock = clock()
        sut.start()
        sut.stop()
        sut.reset()
        #expect(sut.now() == 1.5)
        clock.verify { $0.start() }
        clock.verify { $0.stop() }
        clock.verify { $0.reset() }
        clock.verify { $0.now() }
    }

    @Test func loggerVariadicAndInout() {
        let logger = LoggerStub()
        // One matcher per element of the variadic list, as on a runtime Stub.
        logger.when { $0.log(Match.equal("a"), Match.any(), level: Match.any()) }.thenDoNothing()
        logger.when {
            var buffer: [String] = Match.any()
            $0.append(to: &buffer, Match.any())
        }.thenDoNothing()
        let sut: any Logger = logger()
        sut.log("a", "b", level: 2)
        var lines = ["x"]
        sut.append(to: &lines, "y")
        logger.verify { $0.log(Match.any(), Match.any(), level: Match.equal(2)) }
        // A lone matcher takes exactly one element.
        logger.verify(.never) { $0.log(Match.any(), level: Match.any()) }
        logger.verify(.never) { $0.log(Match.equal("a"), Match.equal("c"), level: Match.any()) }
        logger.verify {
            var buffer: [String] = Match.equal(["x"])
            $0.append(to: &buffer, Match.equal("y"))
        }
    }

    @Test func counterFormatterAnalyticsAndOverloads() {
        let counter = CounterStub()
        counter.when { $0.increment(by: Match.any()) }.thenDoNothing()
        counter.when { $0.count }.thenReturn(3)
        var sut: any Counter = counter()
        sut.increment(by: 2)
        #expect(sut.count == 3)
        counter.verify { $0.increment(by: Match.equal(2)) }
        counter.verify { $0.count }

        let formatter = FormatterStub()
        formatter.when { $0.format(Match.any() as Int) }.thenReturn("int")
        formatter.when { $0.join(Match.any() as [String], separator: Match.any()) }.thenReturn("a,b")
        let format: any Formatter = formatter()
        #expect(format.format(5) == "int")
        #expect(format.join(["a", "b"], separator: ",") == "a,b")
        formatter.verify { $0.format(Match.equal(5)) }
        formatter.verify { $0.join(Match.any() as [String], separator: Match.equal(",")) }

        let analytics = AnalyticsStub()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        analytics.when { $0.track(Match.any()) }.thenDoNothing()
        analytics.when { $0.flush(Match.any()) }.thenDoNothing()
        let track: any Analytics = analytics()
        track.track(event: "buy", value: 1)
        track.track("view")
        track.flush(true)
        analytics.verify { $0.track(event: Match.equal("buy"), value: Match.equal(1)) }
        analytics.verify { $0.track(Match.equal("view")) }
        analytics.verify { $0.flush(Match.equal(true)) }

        let overloads = OverloadsStub()
        overloads.when { $0.fetch(id: Match.any() as Int) }.thenReturn(User(name: "int"))
        overloads.when { $0.fetch(id: Match.any() as String) }.thenReturn(User(name: "string"))
        overloads.when { $0.fetch(name: Match.any()) }.thenReturn(nil)
        let fetch: any Overloads = overloads()
        #expect(fetch.fetch(id: 1) == User(name: "int"))
        #expect(fetch.fetch(id: "1") == User(name: "string"))
        #expect(fetch.fetch(name: "x") == nil)
        overloads.verify { $0.fetch(id: Match.any() as Int) }
        overloads.verify { $0.fetch(id: Match.any() as String) }
        overloads.verify { $0.fetch(name: Match.any()) }
    }
}
