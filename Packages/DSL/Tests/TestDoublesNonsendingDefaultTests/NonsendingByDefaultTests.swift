#if compiler(>=6.2)
import Dispatch
import Synchronization
import TestDoubles
import Testing

// This module is built with the upcoming feature NonisolatedNonsendingByDefault ("approachable
// concurrency"): every nonisolated async function, requirements included, is `nonisolated(nonsending)`
// without saying so, and its callers pass their actor as two hidden words before the arguments.

protocol WeatherService: Sendable {
    func temperature(in city: String, hour: Int) async throws -> Double
    func forecast(days: Int) async -> [String]
    func refresh() async
    @concurrent func stations() async -> Int
}

/// The real service: it logs what it receives and whether it runs on the main queue.
final class LiveWeatherService: WeatherService {
    static let mainQueueKey = DispatchSpecificKey<Bool>()
    let log = Mutex<[String]>([])
    let onMainQueue = Mutex<[Bool]>([])

    private func note(_ entry: String) {
        log.withLock { $0.append(entry) }
        onMainQueue.withLock { $0.append(DispatchQueue.getSpecific(key: Self.mainQueueKey) == true) }
    }

    func temperature(in city: String, hour: Int) async throws -> Double {
        note("temperature \(city) \(hour)")
        return Double(city.count * 10 + hour)
    }
    func forecast(days: Int) async -> [String] {
        note("forecast \(days)")
        return (0..<days).map { "day \($0)" }
    }
    func refresh() async { note("refresh") }
    @concurrent func stations() async -> Int { 12 }
}

/// Async properties and subscripts are nonsending here too, and so is an async initializer.
protocol WeatherStation: Sendable {
    init(code: String) async throws
    var reading: Double { get async throws }
    subscript(hour hour: Int, city city: String) -> String { get async }
}

/// The real station (a linked conformer: its debug information describes the requirements).
struct LiveWeatherStation: WeatherStation {
    let code: String
    init(code: String) async throws { self.code = code }
    var reading: Double { get async throws { 18 } }
    subscript(hour hour: Int, city city: String) -> String { get async { "\(code) \(city) \(hour)" } }
}

@Suite struct NonsendingByDefaultTests {
    @MainActor @Test func aStubAnswersAsyncPropertiesSubscriptsAndInitializers() async throws {
        let station = try Stub<any WeatherStation>()
        await station.when { try await $0.reading }.thenReturn(21.5)
        await station.when { await $0[hour: Match.any(), city: Match.any()] }.then { (hour: Int, city: String) in
            "\(city) at \(hour)"
        }
        await station.when { try await type(of: $0).init(code: Match.any()) }.thenReturn(station())
        let made = try await type(of: station()).init(code: "OSL")
        #expect(try await made.reading == 21.5)
        #expect(await made[hour: 9, city: "Oslo"] == "Oslo at 9")
        MainActor.assertIsolated()
        await station.verify(.once) { await $0[hour: 9, city: "Oslo"] }
        await station.verify(.once) { try await type(of: $0).init(code: "OSL") }
    }

    @MainActor @Test func aStubOfAnApproachableConcurrencyProtocolSeesItsArguments() async throws {
        let weather = try Stub<any WeatherService>()
        await weather.when { try await $0.temperature(in: Match.any(), hour: Match.any()) }.then {
            (city: String, hour: Int) in Double(city.count) + Double(hour) / 100
        }
        await weather.when { await $0.forecast(days: Match.any()) }.then { (days: Int) in ["\(days) days"] }
        await weather.when { await $0.refresh() }.thenDoNothing()
        await weather.when { await $0.stations() }.thenReturn(3)
        let service = weather()
        #expect(try await service.temperature(in: "Oslo", hour: 7) == 4.07)
        #expect(await service.forecast(days: 5) == ["5 days"])
        await service.refresh()
        #expect(await service.stations() == 3)
        MainActor.assertIsolated()
        await weather.verify(.once) { try await $0.temperature(in: "Oslo", hour: 7) }
        await weather.verify(.once) { await $0.forecast(days: Match.matching { (days: Int) in days > 4 }) }
        await weather.verify(.once) { await $0.refresh() }
        let asked: [(String, Int)] = await weather.when {
            try await $0.temperature(in: Match.any(), hour: Match.any())
        }.arguments()
        #expect(asked.map(\.0) == ["Oslo"])
        #expect(asked.map(\.1) == [7])
    }

    @Test func aStubAnswersANonisolatedCaller() async throws {
        let weather = try Stub<any WeatherService>()
        await weather.when { await $0.forecast(days: Match.any()) }.then { (days: Int) in ["\(days) days"] }
        #expect(await weather().forecast(days: 2) == ["2 days"])
        #expect(await weather().forecast(days: -1) == ["-1 days"])
        await weather.verify(.exactly(2)) { await $0.forecast(days: Match.any()) }
    }

    @MainActor @Test func aSpyHandsTheRealServiceItsArgumentsAndItsCallersActor() async throws {
        DispatchQueue.main.setSpecific(key: LiveWeatherService.mainQueueKey, value: true)
        let live = LiveWeatherService()
        let spy = try Spy<any WeatherService>(forwardingTo: live)
        let service = spy()
        #expect(try await service.temperature(in: "Lima", hour: 3) == 43)
        #expect(await service.forecast(days: 2) == ["day 0", "day 1"])
        await service.refresh()
        #expect(await service.stations() == 12)
        #expect(live.log.withLock { $0 } == ["temperature Lima 3", "forecast 2", "refresh"])
        #expect(live.onMainQueue.withLock { $0 } == [true, true, true])
        await spy.verify(.once) { try await $0.temperature(in: "Lima", hour: 3) }
    }
}
#endif
