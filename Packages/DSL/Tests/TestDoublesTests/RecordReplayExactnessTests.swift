import Foundation
import TestDoubles
import Testing

// A settings store recorded through a forwarding Spy, saved to a file and
// replayed on a plain Stub: each replayed value must be the recorded one
// exactly, or recording must refuse it.

protocol ExactSettingsStore: Sendable {
    /// `.none`: no such key; `.some(nil)`: the key is set to "no override".
    func override(for key: String) -> Int??
    /// The value with its sign flipped: `scaled(0.0)` is `-0.0`.
    func scaled(_ value: Double) -> Double
    /// How many of `tags` the store knows.
    func known(_ tags: Set<String>) -> Int
}

final class LiveExactSettingsStore: ExactSettingsStore {
    func override(for key: String) -> Int?? {
        switch key {
        case "cleared": .some(nil)
        case "set": .some(.some(42))
        default: .none
        }
    }

    func scaled(_ value: Double) -> Double { -value }

    func known(_ tags: Set<String>) -> Int { tags.filter { $0.count > 3 }.count }
}

@Suite struct RecordReplayExactnessTests {
    /// Records `calls` against the live store through a spy, saves the
    /// fixture to a file, and runs `calls` again on a stub replaying it.
    static func roundTrip<Value>(
        _ calls: @escaping (any ExactSettingsStore) -> Value,
        replaying replayCalls: ((any ExactSettingsStore) -> Value)? = nil
    ) throws -> (recorded: Value, replayed: Value, issues: [String]) {
        let directory = try FixtureDirectory()
        let session = RecordingSession(named: "settings")
        let spy = try Spy<any ExactSettingsStore>(forwardingTo: LiveExactSettingsStore(), recordingInto: session)
        let recorded = calls(spy())
        let url = directory.file("settings.json")
        try session.save(to: url)
        let stub = try Stub<any ExactSettingsStore>()
        let replay = stub.replay(try InteractionFixture.load(from: url))
        var replayed: Value?
        let issues = TestDoubleIssueReporting.capture {
            replayed = (replayCalls ?? calls)(stub())
            replay.assertFullyReplayed()
        }
        return (recorded, try #require(replayed), issues.map(\.message))
    }

    @Test func aNestedOptionalResultReplaysWithEveryLayer() throws {
        let run = try Self.roundTrip { store in
            ["cleared", "set", "missing"].map { store.override(for: $0) }
        }
        #expect(run.recorded == [.some(nil), .some(.some(42)), .none])
        #expect(run.replayed == run.recorded)
        #expect(run.issues == [])
    }

    @Test func aNegativeZeroReplaysWithItsSignAndMatchesAZeroAsSwiftsEqualityDoes() throws {
        let run = try Self.roundTrip { store -> [Double] in
            [store.scaled(0.0), store.scaled(-0.0)]
        }
        #expect(run.recorded.map(\.sign) == [.minus, .plus])
        #expect(run.replayed.map(\.sign) == [.minus, .plus])
        #expect(run.issues == [])
        // Arguments match as `==` compares them: -0.0 == 0.0.
        let swapped = try Self.roundTrip(
            { store -> [Double] in [store.scaled(0.0), store.scaled(-0.0)] },
            replaying: { store in [store.scaled(-0.0), store.scaled(0.0)] })
        #expect(swapped.replayed.map(\.sign) == [.minus, .plus])
        #expect(swapped.issues == [])
    }

    @Test func aNegativeZeroRequestMatchesAZeroAsSwiftsEqualityDoes() throws {
        let live = LiveExactSettingsStore()
        let spy = try Spy<any ExactSettingsStore>(forwardingTo: live)
        let session = RecordingSession()
        spy.when { $0.scaled(Match.any()) }
            .thenRecord(as: "scaled", into: session, recording: { (value: Double) in value }) { value in
                live.scaled(value)
            }
        #expect(spy().scaled(0.0).sign == .minus)
        let fixture = try InteractionFixture(json: try session.snapshot().json())

        let stub = try Stub<any ExactSettingsStore>()
        stub.when { $0.scaled(Match.any()) }.thenReplay(
            as: "scaled", from: fixture, matching: { (value: Double) in value })
        let issues = TestDoubleIssueReporting.capture {
            #expect(stub().scaled(-0.0).sign == .minus)
            #expect(stub().scaled(0.0).sign == .minus)
        }
        #expect(issues.map(\.message) == [])
    }

    @Test func aSetArgumentMatchesAnEqualSetInAnotherHashOrder() throws {
        let tags: Set<String> = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
        // Equal, with the iteration order another process's hash seed gives.
        var elsewhere = Set<String>(minimumCapacity: 4096)
        elsewhere.formUnion(tags)
        #expect(Array(elsewhere) != Array(tags))
        let run = try Self.roundTrip({ store in store.known(tags) }, replaying: { store in store.known(elsewhere) })
        #expect(run.recorded == 7)
        #expect(run.replayed == 7)
        #expect(run.issues == [])
    }
}
