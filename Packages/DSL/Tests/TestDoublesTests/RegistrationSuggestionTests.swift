import TestDoubles
import Testing

protocol SuggestedPlayer {
    var title: String { get }
    var volume: Double { get set }
    subscript(track: Int) -> String { get set }
    static func make(seed: Int) -> Int
    func load(_ name: String, retries: Int) async throws -> [String]
}

/// The conformer the runtime reads the signatures from.
private struct RealPlayer: SuggestedPlayer {
    var title: String { "" }
    var volume = 0.0
    subscript(track: Int) -> String {
        get { "" }
        set {}
    }
    static func make(seed: Int) -> Int { seed }
    func load(_ name: String, retries: Int) async throws -> [String] { [] }
}

/// What an unmatched call's diagnostic suggests for a runtime `Stub`: the
/// code a test pastes into its setup (the requirement names the runtime
/// reads for getters, setters, subscripts and static members).
@Suite struct RegistrationSuggestionTests {
    private func suggestion(_ call: (any SuggestedPlayer) async throws -> Void) async throws -> String {
        let stub = try Stub<any SuggestedPlayer>()
        let player = stub()
        var issues: [TestDoubleIssue] = []
        issues = await TestDoubleIssueReporting.capture { _ = try? await call(player) }
        let message = try #require(issues.first?.message)
        let marker = try #require(message.range(of: "for example:\n    "))
        return String(message[marker.upperBound...])
    }

    @Test func everyKindOfRequirementIsWrittenAsAWhenClosureWouldWriteIt() async throws {
        #expect(
            try await suggestion { _ = $0.title }
                == #"stub.when { $0.title }.then { fatalError("TODO: configure title") }"#)
        #expect(
            try await suggestion { player in
                var copy = player
                copy.volume = 0.25
            } == "stub.when { $0.volume = 0.25 }.thenDoNothing()")
        #expect(
            try await suggestion { _ = $0[3] }
                == #"stub.when { $0[3] }.then { fatalError("TODO: configure subscript(_:)") }"#)
        #expect(
            try await suggestion { player in
                var copy = player
                copy[4] = "intro"
            } == #"stub.when { $0[4] = "intro" }.thenDoNothing()"#)
        #expect(
            try await suggestion { _ = type(of: $0).make(seed: 9) }
                == #"stub.when { type(of: $0).make(seed: 9) }.then { fatalError("TODO: configure static make(seed:)") }"#
        )
        #expect(
            try await suggestion { _ = try await $0.load("mix", retries: 2) }
                == #"await stub.when { try await $0.load("mix", retries: 2) }.then { fatalError("TODO: configure load(_:retries:)") }"#
        )
    }
}
