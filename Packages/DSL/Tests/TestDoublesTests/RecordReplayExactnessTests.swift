import Foundation
import TestDoubles
import Testing

// A settings store recorded through a forwarding Spy, saved to a file and
// replayed on a plain Stub: each replayed value must be the recorded one
// exactly, or recording must refuse it.

protocol ExactSettingsStore: Sendable {
    /// `.none`: no such key; `.some(nil)`: the key is set to "no override".
    func override(for key: String) -> Int??
}

final class LiveExactSettingsStore: ExactSettingsStore {
    func override(for key: String) -> Int?? {
        switch key {
        case "cleared": .some(nil)
        case "set": .some(.some(42))
        default: .none
        }
    }
}

@Suite struct RecordReplayExactnessTests {
    /// Records `calls` against the live store through a spy, saves the
    /// fixture to a file, and runs `calls` again on a stub replaying it.
    static func roundTrip<Value: Equatable>(
        _ calls: (any ExactSettingsStore) -> Value
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
            replayed = calls(stub())
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
}
