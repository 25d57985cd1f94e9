import Foundation
import TestDoubles
import Testing

// Feature flags keyed by an enum with payloads, remote-config values of
// several scalar widths, and a clock/scheduler dependency.

enum RCFlag: Hashable, Sendable {
    case newCheckout
    case paywall(variant: String)
    case rollout(percent: UInt8)
}

enum RCVariant: String, Sendable, Equatable, CaseIterable {
    case control, treatmentA, treatmentB
}

protocol RCFeatureFlags: Sendable {
    func isEnabled(_ flag: RCFlag) -> Bool
    func variant(for experiment: String, userID: Int64) -> RCVariant
    func number(_ key: String, default fallback: Double) -> Double
    func knobs() -> (retries: Int8, backoff: Float, port: UInt16, jitter: Bool, separator: Character)
    var overrides: [RCFlag: Bool] { get set }
}

struct RCRemoteFlags: RCFeatureFlags {
    func isEnabled(_ flag: RCFlag) -> Bool { flag == .newCheckout }
    func variant(for experiment: String, userID: Int64) -> RCVariant {
        userID.isMultiple(of: 2) ? .treatmentA : .control
    }
    func number(_ key: String, default fallback: Double) -> Double { fallback * 2 }
    func knobs() -> (retries: Int8, backoff: Float, port: UInt16, jitter: Bool, separator: Character) {
        (3, 1.5, 8080, true, ";")
    }
    var overrides: [RCFlag: Bool] = [:]
}

protocol RCScheduling: Sendable {
    var now: Date { get }
    func sleep(for duration: Duration) async throws
    func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> RCCancellation
}

struct RCCancellation: Sendable, Equatable {
    var id: Int
}

struct RCSystemScheduler: RCScheduling {
    var now: Date { Date() }
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
    func schedule(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> RCCancellation {
        work()
        return RCCancellation(id: Int(delay))
    }
}

@Suite struct RealCodeFeatureFlagAndClockTests {
    @Test func enumFlagsWithPayloadsMatchByCase() throws {
        let flags = try Stub<any RCFeatureFlags>()
        flags.when { $0.isEnabled(.paywall(variant: "B")) }.thenReturn(true)
        flags.when {
            $0.isEnabled(
                Match.enumCase(
                    "rollout",
                    extracting: { flag -> UInt8? in
                        guard case .rollout(let percent) = flag else { return nil }
                        return percent
                    }, matching: Match.atLeast(50)))
        }.thenReturn(true)
        flags.when { $0.isEnabled(Match.any()) }.thenReturn(false)
        let sut = flags()
        #expect(sut.isEnabled(.paywall(variant: "B")))
        #expect(!sut.isEnabled(.paywall(variant: "A")))
        #expect(sut.isEnabled(.rollout(percent: 75)))
        #expect(!sut.isEnabled(.rollout(percent: 10)))
        #expect(!sut.isEnabled(.newCheckout))
        let asked: [RCFlag] = flags.when { $0.isEnabled(Match.any()) }.arguments()
        #expect(
            asked == [
                .paywall(variant: "B"), .paywall(variant: "A"), .rollout(percent: 75), .rollout(percent: 10),
                .newCheckout,
            ])
    }

    @Test func variantsAndNumbersComputeFromArguments() throws {
        let flags = try Stub<any RCFeatureFlags>()
        flags.when { $0.variant(for: Match.equal("onboarding"), userID: Match.any()) }
            .then { (_: String, userID: Int64) in RCVariant.allCases[Int(userID % 3)] }
        flags.when { $0.number(Match.any(), default: Match.any()) }.then { (_: String, fallback: Double) in
            fallback + 0.5
        }
        let sut = flags()
        #expect(sut.variant(for: "onboarding", userID: 4_000_000_000) == .treatmentA)
        #expect(sut.variant(for: "onboarding", userID: -3) == .control)
        #expect(sut.number("timeout", default: 2.25) == 2.75)
        flags.verify { $0.variant(for: "onboarding", userID: Int64(4_000_000_000)) }
    }

    @Test func aTupleOfNarrowScalarsAndACharacterComesBackExactly() throws {
        let flags = try Stub<any RCFeatureFlags>()
        flags.when { $0.knobs() }.thenReturn((retries: -7, backoff: 0.125, port: 65_535, jitter: true, separator: "é"))
        let knobs = flags().knobs()
        #expect(knobs.retries == -7)
        #expect(knobs.backoff == 0.125)
        #expect(knobs.port == 65_535)
        #expect(knobs.jitter)
        #expect(knobs.separator == "é")
        let spy = try Spy<any RCFeatureFlags>(forwardingTo: RCRemoteFlags())
        let live = spy().knobs()
        #expect(live.retries == 3 && live.backoff == 1.5 && live.port == 8080 && live.jitter && live.separator == ";")
        #expect(spy().variant(for: "x", userID: 10) == .treatmentA)
        #expect(spy().number("n", default: 1.5) == 3)
        #expect(spy().isEnabled(.newCheckout))
    }

    @Test func aDictionaryPropertyKeyedByTheEnumIsReadAndWritten() throws {
        let flags = try Stub<any RCFeatureFlags>()
        flags.when { $0.overrides }.thenReturn([.newCheckout: true, .rollout(percent: 5): false])
        flags.when { $0.overrides = Match.any() }.thenDoNothing()
        var sut = flags()
        #expect(sut.overrides == [.newCheckout: true, .rollout(percent: 5): false])
        sut.overrides[.paywall(variant: "C")] = true
        flags.verify {
            $0.overrides = Match.equal([.newCheckout: true, .rollout(percent: 5): false, .paywall(variant: "C"): true])
        }
        var spied = try Spy<any RCFeatureFlags>(forwardingTo: RCRemoteFlags())()
        spied.overrides[.newCheckout] = false
        #expect(spied.overrides == [.newCheckout: false])
    }

    @MainActor @Test func aClockThatNeverSleepsAndASchedulerThatRunsWorkOnDemand() async throws {
        let scheduler = try Stub<any RCScheduling>()
        let frozen = Date(timeIntervalSince1970: 1_733_400_000)
        scheduler.when { $0.now }.thenReturn(frozen)
        await scheduler.when { try await $0.sleep(for: Match.any()) }.thenDoNothing()
        let work = CallbackCapture<@Sendable () -> Void>()
        scheduler.when { $0.schedule(after: Match.any(), work.capture()) }
            .then { (delay: TimeInterval, _: @escaping @Sendable () -> Void) in RCCancellation(id: Int(delay * 10)) }
        let sut = scheduler()
        #expect(sut.now == frozen)
        try await sut.sleep(for: .seconds(30))
        try await sut.sleep(for: .milliseconds(250))
        let ran = RCChangeLog()
        #expect(sut.schedule(after: 1.5) { ran.append("fired") } == RCCancellation(id: 15))
        #expect(ran.all.isEmpty)
        work.last?()
        #expect(ran.all == ["fired"])
        let slept: [Duration] = await scheduler.when { try await $0.sleep(for: Match.any()) }.arguments()
        #expect(slept == [.seconds(30), .milliseconds(250)])
        await scheduler.verify { try await $0.sleep(for: Match.greaterThan(.seconds(1))) }
    }
}
