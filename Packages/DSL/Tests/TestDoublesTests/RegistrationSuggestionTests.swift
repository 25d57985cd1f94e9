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

struct SuggestedPin: Equatable {
    var x: Int
    var y: Int
}

protocol SuggestedTagger {
    func tag(_ id: Int, _ labels: String...)
    func place(_ pin: SuggestedPin, near others: SuggestedPin..., radius: Int) -> Int
}

/// The conformer the runtime reads the signatures from.
private struct RealTagger: SuggestedTagger {
    func tag(_ id: Int, _ labels: String...) {}
    func place(_ pin: SuggestedPin, near others: SuggestedPin..., radius: Int) -> Int { others.count }
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

    /// The suggestion for an unmatched call of the stub's `call`.
    private func suggestion(
        of stub: Stub<any SuggestedTagger>, _ call: (any SuggestedTagger) -> Void
    ) throws -> String {
        let issues = TestDoubleIssueReporting.capture { call(stub()) }
        let message = try #require(issues.first?.message)
        let marker = try #require(message.range(of: "for example:\n    "))
        return String(message[marker.upperBound...])
    }

    @Test func aVariadicArgumentIsWrittenAsOneValueOrMatcherPerElement() throws {
        let stub = try Stub<any SuggestedTagger>()
        #expect(
            try suggestion(of: stub) { $0.tag(7, "a", "b") } == #"stub.when { $0.tag(7, "a", "b") }.thenDoNothing()"#)
        #expect(try suggestion(of: stub) { $0.tag(7) } == "stub.when { $0.tag(7) }.thenDoNothing()")
        let pin = SuggestedPin(x: 1, y: 2)
        #expect(
            try suggestion(of: stub) { _ = $0.place(pin, near: pin, pin, radius: 3) }
                == "stub.when { $0.place(Match.any(), near: Match.any(), Match.any(), radius: Match.equal(3)) }"
                + #".then { fatalError("TODO: configure place(_:near:radius:)") }"#)
    }

    @Test func theSuggestedVariadicRegistrationsMatchTheCallsTheyWereWrittenFor() throws {
        let stub = try Stub<any SuggestedTagger>()
        // The suggestions above, pasted: each matches its own call, and no call of another length.
        stub.when { $0.tag(7, "a", "b") }.thenDoNothing()
        stub.when { $0.place(Match.any(), near: Match.any(), Match.any(), radius: Match.equal(3)) }.thenReturn(2)
        let tagger = stub()
        let pin = SuggestedPin(x: 1, y: 2)
        let matched = TestDoubleIssueReporting.capture {
            tagger.tag(7, "a", "b")
            #expect(tagger.place(pin, near: pin, pin, radius: 3) == 2)
        }
        #expect(matched.isEmpty)
        let unmatched = TestDoubleIssueReporting.capture { tagger.tag(7, "a") }
        #expect(unmatched.count == 1)
    }
}
