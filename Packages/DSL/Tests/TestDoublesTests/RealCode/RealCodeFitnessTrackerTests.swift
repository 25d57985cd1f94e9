import Foundation
import TestDoubles
import Testing

// A fitness app's health layer: workout samples logged through `some
// Collection<FTSample>` and `some Sequence<String>` parameters, totals as
// `Measurement`s keyed by an enum, durations as `Duration`, a two-index
// subscript, an authorization getter with a typed error, an async summary
// property, and a `@MainActor` coach model under test.

enum FTMetric: String, Hashable, Sendable, CaseIterable {
    case distance, energy, heartRate
}

enum FTHealthError: Error, Equatable {
    case notAuthorized
    case unavailable(reason: String)
}

enum FTPermission: Equatable, Sendable {
    case granted(Set<FTMetric>)
    case denied
}

struct FTSample: Hashable, Sendable {
    var metric: FTMetric
    var value: Double
    var start: Date
    var duration: Duration
}

struct FTSummary: Equatable, Sendable {
    var distance: Measurement<UnitLength>
    var energy: Measurement<UnitEnergy>
    var active: Duration
}

protocol FTHealthStore: Sendable {
    func log(_ samples: some Collection<FTSample> & Sendable) async throws -> Int
    func samples(for metrics: some Sequence<FTMetric>, since: Date) async throws -> [FTSample]
    func totals(in interval: DateInterval) -> [FTMetric: Double]
    func convert(_ distance: Measurement<UnitLength>, to unit: UnitLength) -> Measurement<UnitLength>
    subscript(day: Date, metric: FTMetric) -> Double { get }
    var permission: FTPermission { get throws(FTHealthError) }
    var summary: FTSummary { get async }
}

struct FTLiveHealthStore: FTHealthStore {
    func log(_ samples: some Collection<FTSample> & Sendable) async throws -> Int { samples.count }
    func samples(for metrics: some Sequence<FTMetric>, since: Date) async throws -> [FTSample] { [] }
    func totals(in interval: DateInterval) -> [FTMetric: Double] { [:] }
    func convert(_ distance: Measurement<UnitLength>, to unit: UnitLength) -> Measurement<UnitLength> {
        distance.converted(to: unit)
    }
    subscript(day: Date, metric: FTMetric) -> Double { metric == .heartRate ? 62 : 0 }
    var permission: FTPermission {
        get throws(FTHealthError) { .granted([.distance]) }
    }
    var summary: FTSummary {
        get async {
            FTSummary(
                distance: Measurement(value: 5, unit: .kilometers),
                energy: Measurement(value: 300, unit: .kilocalories),
                active: .seconds(1_800))
        }
    }
}

/// The code under test.
@MainActor final class FTCoachModel {
    private let store: any FTHealthStore
    private(set) var banner: String?
    private(set) var logged = 0

    init(store: any FTHealthStore) { self.store = store }

    func finishRun(distanceKm: Double, minutes: Int, at start: Date) async {
        let samples: [FTSample] = [
            FTSample(metric: .distance, value: distanceKm * 1_000, start: start, duration: .seconds(minutes * 60)),
            FTSample(metric: .energy, value: distanceKm * 62, start: start, duration: .seconds(minutes * 60)),
        ]
        do {
            switch try store.permission {
            case .denied:
                banner = "Allow Health access to save runs"
                return
            case .granted(let metrics):
                logged += try await store.log(samples.filter { metrics.contains($0.metric) })
            }
        } catch let error as FTHealthError {
            banner = error == .notAuthorized ? "Not authorized" : "Health is unavailable"
        } catch {
            banner = "Could not save: \(error)"
        }
    }

    func restingHeartRate(on day: Date) -> String {
        let bpm = store[day, .heartRate]
        return bpm > 0 ? "\(Int(bpm)) bpm" : "--"
    }

    func weeklyDistance(in interval: DateInterval, locale: Locale) -> String {
        let meters = store.totals(in: interval)[.distance] ?? 0
        let unit: UnitLength = locale.measurementSystem == .us ? .miles : .kilometers
        let converted = store.convert(Measurement(value: meters, unit: .meters), to: unit)
        return String(format: "%.1f %@", converted.value, converted.unit.symbol)
    }

    func headline() async -> String {
        let summary = await store.summary
        return
            "\(Int(summary.distance.converted(to: .kilometers).value)) km in \(summary.active.components.seconds / 60) min"
    }

    func history(since date: Date) async throws -> Int {
        try await store.samples(for: FTMetric.allCases.filter { $0 != .heartRate }, since: date).count
    }
}

@MainActor @Suite struct RealCodeFitnessTrackerTests {
    static let morning = Date(timeIntervalSince1970: 1_785_000_000)

    static func makeStore() throws -> Stub<any FTHealthStore> {
        // The subscript getter, `permission` (typed throws), then `summary` (async).
        try Stub<any FTHealthStore>(
            getterEffects: .nonthrowing, .typedThrowing(FTHealthError.self), .nonthrowing)
    }

    @Test func aFinishedRunLogsOnlyTheMetricsTheUserGranted() async throws {
        let store = try Self.makeStore()
        store.when { try $0.permission }.thenReturn(.granted([.distance]))
        await store.when { try await $0.log(Match.any() as [FTSample]) }.then { (samples: [FTSample]) in samples.count }

        let model = FTCoachModel(store: store())
        await model.finishRun(distanceKm: 5.2, minutes: 31, at: Self.morning)
        #expect(model.logged == 1)
        #expect(model.banner == nil)

        let batches: [[FTSample]] = await store.when { try await $0.log(Match.any() as [FTSample]) }.arguments()
        #expect(batches.count == 1)
        #expect(batches.first?.first?.metric == .distance)
        #expect(batches.first?.first?.value == 5_200)
        #expect(batches.first?.first?.duration == .seconds(1_860))
        await store.verify(.once) { try await $0.log(Match.hasCount(1) as [FTSample]) }
    }

    @Test func aTypedPermissionErrorAndADenialBecomeBanners() async throws {
        let store = try Self.makeStore()
        store.when { try $0.permission }
            .thenThrow(FTHealthError.notAuthorized)
            .thenReturn(.denied)
            .thenThrow(FTHealthError.unavailable(reason: "restricted"))
        let model = FTCoachModel(store: store())
        await model.finishRun(distanceKm: 1, minutes: 5, at: Self.morning)
        #expect(model.banner == "Not authorized")
        await model.finishRun(distanceKm: 1, minutes: 5, at: Self.morning)
        #expect(model.banner == "Allow Health access to save runs")
        await model.finishRun(distanceKm: 1, minutes: 5, at: Self.morning)
        #expect(model.banner == "Health is unavailable")
        await store.verify(.never) { try await $0.log(Match.any() as [FTSample]) }
        store.verify(.exactly(3)) { try $0.permission }
    }

    @Test func aFailedLogShowsTheUnderlyingError() async throws {
        let store = try Self.makeStore()
        store.when { try $0.permission }.thenReturn(.granted(Set(FTMetric.allCases)))
        await store.when { try await $0.log(Match.any() as [FTSample]) }.thenThrow(CocoaError(.fileWriteOutOfSpace))
        let model = FTCoachModel(store: store())
        await model.finishRun(distanceKm: 3, minutes: 20, at: Self.morning)
        #expect(model.banner?.hasPrefix("Could not save:") == true)
        #expect(model.logged == 0)
        await store.verify(.once) { try await $0.log(Match.hasCount(2) as [FTSample]) }
    }

    @Test func theTwoIndexSubscriptAnswersPerDayAndMetric() throws {
        let store = try Self.makeStore()
        let tomorrow = Self.morning.addingTimeInterval(86_400)
        store.when { $0[Self.morning, .heartRate] }.thenReturn(58)
        store.when { $0[Match.any(), Match.any()] }.thenReturn(0)
        let model = FTCoachModel(store: store())
        #expect(model.restingHeartRate(on: Self.morning) == "58 bpm")
        #expect(model.restingHeartRate(on: tomorrow) == "--")
        let reads: [(Date, FTMetric)] = store.when { $0[Match.any(), Match.any()] }.arguments()
        #expect(reads.map(\.0) == [Self.morning, tomorrow])
        #expect(reads.allSatisfy { $0.1 == .heartRate })
    }

    @Test func weeklyDistanceConvertsWithTheUsersMeasurementSystem() throws {
        let store = try Self.makeStore()
        let week = DateInterval(start: Self.morning, duration: 7 * 86_400)
        store.when { $0.totals(in: week) }.thenReturn([.distance: 16_093.44, .energy: 1_200])
        store.when { $0.convert(Match.any(), to: Match.any()) }.then {
            (distance: Measurement<UnitLength>, unit: UnitLength) in distance.converted(to: unit)
        }
        let model = FTCoachModel(store: store())
        #expect(model.weeklyDistance(in: week, locale: Locale(identifier: "en_US")) == "10.0 mi")
        #expect(model.weeklyDistance(in: week, locale: Locale(identifier: "fr_FR")) == "16.1 km")
        let units: [(Measurement<UnitLength>, UnitLength)] =
            store.when { $0.convert(Match.any(), to: Match.any()) }.arguments()
        #expect(units.map(\.1) == [.miles, .kilometers])
        #expect(units.first?.0 == Measurement(value: 16_093.44, unit: .meters))
        store.verify(.exactly(2)) { $0.totals(in: week) }
    }

    @Test func anAsyncSummaryPropertyFeedsTheHeadline() async throws {
        let store = try Self.makeStore()
        await store.when { await $0.summary }.thenReturn(
            FTSummary(
                distance: Measurement(value: 42_195, unit: .meters),
                energy: Measurement(value: 2_600, unit: .kilocalories), active: .seconds(3 * 3_600 + 15 * 60)))
        let model = FTCoachModel(store: store())
        #expect(await model.headline() == "42 km in 195 min")
        await store.verify(.once) { await $0.summary }
    }

    @Test func aSequenceParameterIsRecordedWithItsConcreteType() async throws {
        let store = try Self.makeStore()
        await store.when { try await $0.samples(for: Match.any() as [FTMetric], since: Match.any()) }.then {
            (metrics: [FTMetric], _: Date) in
            metrics.map { FTSample(metric: $0, value: 1, start: Self.morning, duration: .zero) }
        }
        let model = FTCoachModel(store: store())
        #expect(try await model.history(since: Self.morning) == 2)
        await store.verify(.once) {
            try await $0.samples(for: [FTMetric.distance, .energy], since: Self.morning)
        }
    }

    @Test func aSpyOfTheLiveStoreForwardsGenericAndSubscriptCalls() async throws {
        let spy = try Spy<any FTHealthStore>(
            forwardingTo: FTLiveHealthStore(), getterEffects: .nonthrowing, .typedThrowing(FTHealthError.self),
            .nonthrowing)
        let model = FTCoachModel(store: spy())
        await model.finishRun(distanceKm: 2, minutes: 12, at: Self.morning)
        #expect(model.logged == 1)
        #expect(model.restingHeartRate(on: Self.morning) == "62 bpm")
        #expect(await model.headline() == "5 km in 30 min")
        await spy.verify(.once) { try await $0.log(Match.any() as [FTSample]) }
        spy.verify(.once) { $0[Match.any(), Match.equal(.heartRate)] }
    }
}
