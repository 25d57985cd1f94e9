import Foundation
import TestDoubles
import Testing

// This target must never make a `Stub`, `Spy` or `Dummy`: it checks that a
// test which only uses client and manual doubles, importing `TestDoubles`,
// gets the runtime's synthesized placeholders for `Match.any()` of its own
// structs, enums and closures, whichever test of the process runs first.

struct Coordinates: Equatable, Sendable {
    var latitude: Double
    var longitude: Double
    var label: String?
}

enum Units: Equatable, Sendable { case metric, imperial(precision: Int) }

struct Forecast: Equatable, Sendable {
    var celsius: Double
    var summary: String
}

struct WeatherClient: Sendable {
    var forecast: @Sendable (Coordinates, Units) async throws -> Forecast
    var subscribe: @Sendable (Coordinates, @escaping @Sendable (Forecast) -> Void) -> Bool
}

@MainActor @Suite struct ClientStubPlaceholderTests {
    static let paris = Coordinates(latitude: 48.85, longitude: 2.35, label: "Paris")

    @Test func anyOfAStructAndAnEnumNeedsNoUsingValue() async throws {
        let weather = ClientStub<WeatherClient> { endpoints in
            WeatherClient(
                forecast: endpoints.asyncThrowingFunction("forecast"),
                subscribe: endpoints.function("subscribe"))
        }
        await weather.when { try await $0.forecast(Match.any(), Match.any()) }.then {
            (place: Coordinates, units: Units) in
            Forecast(celsius: units == .metric ? 20 : 68, summary: place.label ?? "?")
        }
        let forecast = try await weather().forecast(Self.paris, .metric)
        #expect(forecast == Forecast(celsius: 20, summary: "Paris"))
        let calls: [(Coordinates, Units)] = await weather.when {
            try await $0.forecast(Match.any(), Match.any())
        }.arguments()
        #expect(calls.map(\.0) == [Self.paris])
        #expect(calls.map(\.1) == [.metric])
    }

    @Test func anyOfAnEscapingCallbackNeedsNoUsingValue() {
        let weather = ClientStub<WeatherClient> { endpoints in
            WeatherClient(
                forecast: endpoints.asyncThrowingFunction("forecast"),
                subscribe: endpoints.function("subscribe"))
        }
        weather.when { $0.subscribe(Match.any(), Match.any()) }.then {
            (place: Coordinates, onUpdate: @escaping @Sendable (Forecast) -> Void) in
            onUpdate(Forecast(celsius: 1, summary: place.label ?? ""))
            return true
        }
        let received = LockedForecasts()
        #expect(weather().subscribe(Self.paris) { received.append($0) })
        #expect(received.values == [Forecast(celsius: 1, summary: "Paris")])
        weather.verify(1...1) { $0.subscribe(Match.equal(Self.paris), Match.any()) }
    }
}

final class LockedForecasts: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Forecast] = []
    var values: [Forecast] { lock.withLock { stored } }
    func append(_ forecast: Forecast) { lock.withLock { stored.append(forecast) } }
}
