#if compiler(>=6.2)
import TestDoubles
import Testing

// Fixed-size buffers in requirements as a game engine or a DSP graph
// declares them: `InlineArray` of numbers, strings and objects, direct (in
// registers) and by address (more than four parts), as arguments, results,
// async and throwing, inside tuples and structs.

final class IAVoice: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

struct IAPatch: Sendable {
    var gains: InlineArray<2, Double>
    var label: String
}

protocol IAMixer: Sendable {
    func pan(_ left: InlineArray<2, Float>, _ right: InlineArray<2, Float>, by amount: Float) -> InlineArray<4, Float>
    func long(_ bytes: InlineArray<40, UInt8>, _ words: InlineArray<6, Int>) -> InlineArray<6, Int>
    func voices(_ voices: InlineArray<3, IAVoice>) -> InlineArray<5, IAVoice>
    func lead(_ voices: InlineArray<2, IAVoice>) -> IAVoice
    func patch(_ patch: IAPatch, pair: (InlineArray<2, Int32>, Bool)) -> IAPatch
    func names(_ count: Int) async throws -> InlineArray<3, String>
    func counts() -> InlineArray<0, Int>
}

/// No conformer is linked: only explicit requirements describe it.
protocol IAPanner: Sendable {
    func pan(_ levels: InlineArray<4, Float>, by amount: Float) -> InlineArray<4, Float>
    func spread(_ voices: InlineArray<2, IAVoice>) -> InlineArray<6, IAVoice>
}

struct IALiveMixer: IAMixer {
    struct Failure: Error {}
    func pan(_ left: InlineArray<2, Float>, _ right: InlineArray<2, Float>, by amount: Float) -> InlineArray<4, Float> {
        [left[0] * amount, left[1] * amount, right[0] * amount, right[1] * amount]
    }
    func long(_ bytes: InlineArray<40, UInt8>, _ words: InlineArray<6, Int>) -> InlineArray<6, Int> {
        InlineArray { words[$0] + Int(bytes[$0 * 7]) }
    }
    func voices(_ voices: InlineArray<3, IAVoice>) -> InlineArray<5, IAVoice> { InlineArray { voices[$0 % 3] } }
    func lead(_ voices: InlineArray<2, IAVoice>) -> IAVoice { voices[1] }
    func patch(_ patch: IAPatch, pair: (InlineArray<2, Int32>, Bool)) -> IAPatch {
        IAPatch(gains: [patch.gains[1], Double(pair.0[0])], label: patch.label + (pair.1 ? "!" : "?"))
    }
    func names(_ count: Int) async throws -> InlineArray<3, String> {
        guard count > 0 else { throw Failure() }
        return InlineArray { String(repeating: "n", count: count + $0) }
    }
    func counts() -> InlineArray<0, Int> { [] }
}

extension InlineArray {
    /// The elements in order, for comparisons.
    fileprivate var all: [Element] { indices.map { self[$0] } }
}

@Suite struct RealCodeInlineArrayTests {
    @Test func directArraysTravelBothWays() throws {
        let mixer = try Stub<any IAMixer>()
        mixer.when { $0.pan(Match.any(), Match.any(), by: Match.any()) }.then {
            (left: InlineArray<2, Float>, right: InlineArray<2, Float>, amount: Float) in
            [right[1] * amount, right[0], left[1], left[0] - amount]
        }
        mixer.when { $0.counts() }.thenReturn([])
        let service: any IAMixer = mixer()
        #expect(service.pan([1, 2], [3, 4], by: 0.5).all == [2, 3, 2, 0.5])
        #expect(service.counts().all.isEmpty)
        let recorded: [(InlineArray<2, Float>, InlineArray<2, Float>, Float)] = mixer.when {
            $0.pan(Match.any(), Match.any(), by: Match.any())
        }.arguments()
        #expect(recorded.map { $0.0.all + $0.1.all + [$0.2] } == [[1, 2, 3, 4, 0.5]])
    }

    @Test func arraysByAddressTravelBothWays() throws {
        let mixer = try Stub<any IAMixer>()
        mixer.when { $0.long(Match.any(), Match.any()) }.then {
            (bytes: InlineArray<40, UInt8>, words: InlineArray<6, Int>) in
            InlineArray { words[5 - $0] * 10 + Int(bytes[39 - $0]) }
        }
        let bytes = InlineArray<40, UInt8> { UInt8($0 * 3) }
        let words: InlineArray<6, Int> = [-1, 2, -3, 4, -5, Int.max / 100]
        #expect(
            mixer().long(bytes, words).all == [
                Int.max / 100 * 10 + 117, -50 + 114, 40 + 111, -30 + 108, 20 + 105, -10 + 102,
            ])
        let recorded: [(InlineArray<40, UInt8>, InlineArray<6, Int>)] = mixer.when {
            $0.long(Match.any(), Match.any())
        }.arguments()
        #expect(recorded.map(\.0.all) == [bytes.all])
        #expect(recorded.map(\.1.all) == [words.all])
    }

    @Test func objectElementsKeepTheirIdentity() throws {
        let mixer = try Stub<any IAMixer>()
        let a = IAVoice("a")
        let b = IAVoice("b")
        let c = IAVoice("c")
        // An array of objects has no placeholder of its own: the test hands one over, as for any class.
        let three: InlineArray<3, IAVoice> = [a, b, c]
        let two: InlineArray<2, IAVoice> = [a, b]
        mixer.when { $0.voices(Match.any(using: three)) }.then { (voices: InlineArray<3, IAVoice>) in
            InlineArray { voices[2 - $0 % 3] }
        }
        mixer.when { $0.lead(Match.any(using: two)) }.then { (voices: InlineArray<2, IAVoice>) in voices[0] }
        for _ in 0..<100 {
            let answered = mixer().voices([a, b, c])
            #expect(answered.all.map(\.name) == ["c", "b", "a", "c", "b"])
            #expect(answered[0] === c && answered[4] === b)
            #expect(mixer().lead([b, c]) === b)
        }
        let recorded: [InlineArray<3, IAVoice>] = mixer.when { $0.voices(Match.any(using: three)) }.arguments()
        #expect(recorded.count == 100)
        #expect(recorded.first?.all.map(\.name) == ["a", "b", "c"])
        #expect(recorded.allSatisfy { $0[0] === a && $0[2] === c })
    }

    @Test func arraysInsideStructsAndTupleParameters() throws {
        let mixer = try Stub<any IAMixer>()
        mixer.when { $0.patch(Match.any(), pair: Match.any()) }.then {
            (patch: IAPatch, pair: (InlineArray<2, Int32>, Bool)) in
            IAPatch(gains: [patch.gains[0] + 1, Double(pair.0[1])], label: pair.1 ? patch.label : "off")
        }
        let answered = mixer().patch(IAPatch(gains: [0.25, 8], label: "pad"), pair: ([3, -7], true))
        #expect(answered.gains.all == [1.25, -7])
        #expect(answered.label == "pad")
    }

    @Test func asyncThrowingResultsFromStubAndSpy() async throws {
        let mixer = try Stub<any IAMixer>()
        await mixer.when { try await $0.names(Match.greaterThan(0)) }.then { (count: Int) in
            InlineArray<3, String> { "voice \(count)-\($0) with a name long enough for the heap" }
        }
        await mixer.when { try await $0.names(0) }.thenThrow(IALiveMixer.Failure())
        #expect(try await mixer().names(2).all == (0..<3).map { "voice 2-\($0) with a name long enough for the heap" })
        await #expect(throws: IALiveMixer.Failure.self) { try await mixer().names(0) }
        let spy = try Spy<any IAMixer>(forwardingTo: IALiveMixer())
        #expect(try await spy().names(1).all == ["n", "nn", "nnn"])
        await #expect(throws: IALiveMixer.Failure.self) { try await spy().names(0) }
        let fromTask = try await Task.detached { try await spy().names(2) }.value
        #expect(fromTask.all == ["nn", "nnn", "nnnn"])
    }

    @Test func aSpyForwardsEveryShape() throws {
        let spy = try Spy<any IAMixer>(forwardingTo: IALiveMixer())
        let service: any IAMixer = spy()
        #expect(service.pan([1, 2], [3, 4], by: 2).all == [2, 4, 6, 8])
        let bytes = InlineArray<40, UInt8> { UInt8($0) }
        #expect(service.long(bytes, [1, 2, 3, 4, 5, 6]).all == [1, 9, 17, 25, 33, 41])
        let voices: InlineArray<3, IAVoice> = [IAVoice("x"), IAVoice("y"), IAVoice("z")]
        #expect(service.voices(voices).all.map(\.name) == ["x", "y", "z", "x", "y"])
        #expect(service.lead([voices[2], voices[0]]) === voices[0])
        let patched = service.patch(IAPatch(gains: [1, 2], label: "p"), pair: ([9, 0], false))
        #expect(patched.gains.all == [2, 9] && patched.label == "p?")
        spy.verify(.once) { $0.long(Match.any(), Match.any()) }
    }

    @Test func unstubbedCallsAnswerPlaceholdersAndReportTheCall() throws {
        let mixer = try Stub<any IAMixer>()
        var floats: InlineArray<4, Float> = [1, 1, 1, 1]
        var words: InlineArray<6, Int> = [1, 1, 1, 1, 1, 1]
        let issues = TestDoubleIssueReporting.capture {
            floats = mixer().pan([1, 2], [3, 4], by: 1)
            words = mixer().long(InlineArray(repeating: 1), InlineArray(repeating: 2))
        }
        #expect(floats.all == [0, 0, 0, 0])
        #expect(words.all == [0, 0, 0, 0, 0, 0])
        #expect(issues.map(\.kind) == [.unmatchedCall, .unmatchedCall])
        // Reported with the elements (reflection shows only `_storage: (Unknown)`).
        #expect(issues.first?.message.contains("pan([1.0, 2.0], [3.0, 4.0], by: 1.0)") == true)
    }

    @Test func explicitRequirementsDescribeInlineArrays() throws {
        // No conformer of `IAPanner` is linked: only explicit requirements describe it.
        let panner = try Stub<any IAPanner>(
            .method("pan(_:by:)", signatureOf: { $0.pan }),
            .method("spread(_:)", signatureOf: { $0.spread }))
        panner.when { $0.pan(Match.any(), by: Match.any()) }.then { (levels: InlineArray<4, Float>, by: Float) in
            [levels[3] * by, levels[2], levels[1], levels[0]]
        }
        // An array of objects has no placeholder of its own: the test hands one over, as for any class.
        let voices: InlineArray<2, IAVoice> = [IAVoice("l"), IAVoice("r")]
        panner.when { $0.spread(Match.any(using: voices)) }.then { (voices: InlineArray<2, IAVoice>) in
            InlineArray<6, IAVoice> { voices[$0 % 2] }
        }
        #expect(panner().pan([1, 2, 3, 4], by: 3).all == [12, 3, 2, 1])
        #expect(panner().spread(voices).all.map(\.name) == ["l", "r", "l", "r", "l", "r"])
    }
}
#endif
