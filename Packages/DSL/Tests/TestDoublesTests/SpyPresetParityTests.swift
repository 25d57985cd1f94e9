import TestDoubles
import Testing

protocol Glossary {
    func define(_ word: String) -> String
}

struct LiveGlossary: Glossary {
    func define(_ word: String) -> String { "live:\(word)" }
}

/// The closure-field spelling of `Glossary`, for `ClientDoublePreset`.
struct GlossaryClient: Sendable {
    var define: @Sendable (String) -> String
}

/// `Spy(forwardingTo:)` and `ClientDoublePreset.spy(forwardingTo:)` share
/// the recorder's forwarding policy (`UnmatchedCallPolicy.forward`); the
/// runtime spy re-issues the call's frame to the target's witness, the
/// preset calls the endpoint's `forwarding:` closure. These tests run one
/// script against both and expect the same observations.
@Suite struct SpyPresetParityTests {
    struct Observations: Equatable {
        var answers: [String]
        var forwarded: [String]
        var stubbed: [String]
        var outcomes: [String]
        var historyForwarded: Int
        var historyStubbed: Int
    }

    /// The script: one override, one `thenForward` chain step, everything else unmatched.
    static func observe<Subject: RecordingTestDouble>(
        _ double: Subject, define: (String) -> String, pattern: () -> CallPattern<String>,
        pinned: () -> CallPattern<String>
    ) -> Observations {
        pinned().thenForward().thenReturn("second-try")
        let all = pattern()
        let answers = ["hello", "pinned", "pinned", "pinned", "other"].map(define)
        return Observations(
            answers: answers, forwarded: all.forwarded.arguments(), stubbed: all.stubbed.arguments(),
            outcomes: double.recorder.invocations.map { "\($0.outcome)" },
            historyForwarded: double.history.forwarded.callCount, historyStubbed: double.history.stubbed.callCount)
    }

    @Test func unmatchedCallsForwardAndTheViewsAgree() throws {
        let spy = try Spy<any Glossary>(forwardingTo: LiveGlossary())
        let runtime = Self.observe(
            spy, define: { spy().define($0) }, pattern: { spy.when { $0.define(Match.any()) } },
            pinned: { spy.when { $0.define(Match.equal("pinned")) } })

        let preset = ClientDoublePreset<GlossaryClient> { endpoints in
            GlossaryClient(define: endpoints.function("define", forwarding: { live, word in live.define(word) }))
        }
        let client = preset.spy(forwardingTo: GlossaryClient(define: { "live:\($0)" }))
        let manual = Self.observe(
            client, define: { client().define($0) }, pattern: { client.when { $0.define(Match.any()) } },
            pinned: { client.when { $0.define(Match.equal("pinned")) } })

        #expect(runtime == manual)
        #expect(runtime.answers == ["live:hello", "live:pinned", "second-try", "second-try", "live:other"])
        #expect(runtime.forwarded == ["hello", "pinned", "other"])
        #expect(runtime.stubbed == ["pinned", "pinned"])
        #expect(runtime.outcomes == ["forwarded", "forwarded", "returned", "returned", "forwarded"])
    }

    @Test func recordingSessionsSeeTheSameForwardedCalls() throws {
        let runtimeSession = RecordingSession()
        let spy = try Spy<any Glossary>(forwardingTo: LiveGlossary(), recordingInto: runtimeSession)
        spy.when { $0.define(Match.equal("pinned")) }.thenReturn("stubbed")

        let presetSession = RecordingSession()
        let preset = ClientDoublePreset<GlossaryClient> { endpoints in
            GlossaryClient(define: endpoints.function("define", forwarding: { live, word in live.define(word) }))
        }
        let client = preset.spy(
            forwardingTo: GlossaryClient(define: { "live:\($0)" }), recordingInto: presetSession
        ) { $0.when { $0.define(Match.equal("pinned")) }.thenReturn("stubbed") }

        for word in ["a", "pinned", "b"] {
            #expect(spy().define(word) == client().define(word))
        }
        let runtime = runtimeSession.interactions
        let manual = presetSession.interactions
        #expect(runtime.map(\.arguments) == [[.string("a")], [.string("b")]])
        #expect(runtime.map(\.arguments) == manual.map(\.arguments))
        #expect(runtime.map(\.outcome) == manual.map(\.outcome))
        #expect(runtime.first?.requirement == "define(_:)")
    }
}
