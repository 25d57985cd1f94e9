import TestDoublesMacros
import Testing

/// `@Stubbable` conformers, configured and verified as the ManualStubbing
/// article does, from `@MainActor` tests in Swift 6 mode.
@Suite struct StubbableMacroTests {
    @MainActor @Test func theArticleExample() {
        let stub = WeatherServiceStub()
        stub.when { $0.forecast(for: "Budapest") }.thenReturn("Sunny")

        let service: any WeatherService = stub()
        #expect(service.forecast(for: "Budapest") == "Sunny")
        stub.verify(1...1) { $0.forecast(for: Match.equal("Budapest")) }
    }

    @MainActor @Test func aCallNoRegistrationMatchesIsAnIssue() {
        let stub = WeatherServiceStub()
        stub.when { $0.forecast(for: "Oslo") }.thenReturn("Snow")
        let service: any WeatherService = stub()
        withKnownIssue {
            _ = service.forecast(for: "Rome")
        }
        #expect(service.forecast(for: "Oslo") == "Snow")
    }

    @MainActor @Test func everyEffectPropertyAndSubscriptForwards() async throws {
        // `read()` throws only SensorError, so its recording pass needs a Reading to end with.
        Match.Placeholders.register { Reading(celsius: 0) }
        let stub = ThermometerStub()
        stub.when { $0.name }.thenReturn("porch")
        stub.whenSet { $0.name = Match.any() }.thenDoNothing()
        await stub.when { try await $0.battery }.thenReturn(80)
        stub.when { try $0.read() }.thenThrow(SensorError.offline)
        await stub.when { await $0.calibrate(offset: Match.any()) }.thenDoNothing()
        await stub.when { try await $0.history(hours: Match.equal(2)) }.thenReturn([Reading(celsius: 4)])
        stub.when { $0[Match.equal(1)] }.thenReturn(Reading(celsius: 21))

        var thermometer: any Thermometer = stub()
        thermometer.name = "garden"
        #expect(thermometer.name == "porch")
        #expect(try await thermometer.battery == 80)
        #expect(throws: SensorError.offline) { try thermometer.read() }
        await thermometer.calibrate(offset: 0.5)
        #expect(try await thermometer.history(hours: 2) == [Reading(celsius: 4)])
        #expect(thermometer[1] == Reading(celsius: 21))

        stub.verifySet(1...1) { $0.name = Match.equal("garden") }
        await stub.verify(1...1) { await $0.calibrate(offset: Match.equal(0.5)) }
    }

    @Test func anAssociatedTypeMakesTheConformerGeneric() {
        let stub = InboxStub<String>()
        stub.when { $0.next() }.thenReturn("hello").thenReturn(nil)
        stub.when { $0.post(Match.any()) }.thenDoNothing()

        let inbox: any Inbox<String> = stub()
        inbox.post("ping")
        #expect(inbox.next() == "hello")
        #expect(inbox.next() == nil)
        stub.verify(1...1) { $0.post(Match.equal("ping")) }
    }
}
