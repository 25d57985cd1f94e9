import Foundation
import TestDoubles
import Testing

final class HeldValueVoice: @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
}

protocol HeldValueChorus {
    func loudest(_ level: Int) -> HeldValueVoice
    func join(_ voice: HeldValueVoice)
}

/// A linked conformer: the Stub discovers the requirements' signatures from its witnesses.
struct LiveHeldValueChorus: HeldValueChorus {
    func loudest(_ level: Int) -> HeldValueVoice { HeldValueVoice(name: "live \(level)") }
    func join(_ voice: HeldValueVoice) {}
}

/// A recording call whose result is a class no placeholder can be made of
/// takes, as its placeholder, a value of that class one of the double's
/// registrations answers with (`thenReturn`): only a double's first such
/// pass, with no value handed over, parks its thread for good (keeping the
/// double and what it recorded alive); every later one records and ends.
@Suite struct HeldValuePlaceholderTests {
    /// Waits (without blocking a thread) until `done` holds, at most two
    /// seconds: a test running beside this one may hold a fresh double for a
    /// moment (a recording pass checking every live double's declared types),
    /// and a finished pass's thread ends a moment after the pass.
    private static func settle(_ done: () -> Bool) async throws {
        for _ in 0..<200 where !done() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func aLaterWhenOfTheResultClassRunsToItsEndWithTheConfiguredValue() throws {
        let stub = try Stub<any HeldValueChorus>()
        let first = HeldValueVoice(name: "first")
        let second = HeldValueVoice(name: "second")
        stub.when(returning: first) { $0.loudest(Match.equal(1)) }.thenReturn(first)
        var seen: String?
        stub.when { chorus in
            let voice = chorus.loudest(Match.equal(2))
            // Before, the pass parked at the call above for good: this never ran.
            seen = voice.name
            return voice
        }.thenReturn(second)
        #expect(seen == "first")
        let chorus = stub()
        #expect(chorus.loudest(1) === first)
        #expect(chorus.loudest(2) === second)
        #expect(chorus.loudest(2) === second)
        #expect(stub.verify(.exactly(2)) { $0.loudest(Match.equal(2)) })
        #expect(stub.verify(.exactly(3)) { $0.loudest(Match.any()) })
        #expect(stub.recorder.invocations.count == 3)
    }

    @Test func aVerifyAfterAThenReturnRunsToItsEnd() throws {
        let stub = try Stub<any HeldValueChorus>()
        let answer = HeldValueVoice(name: "answer")
        stub.when(returning: answer) { $0.loudest(Match.any()) }.thenReturn(answer)
        #expect(stub().loudest(3) === answer)
        var reachedEnd = false
        #expect(
            stub.verify(.exactly(1)) { chorus in
                let voice = chorus.loudest(Match.equal(3))
                reachedEnd = true
                return voice
            })
        #expect(reachedEnd)
    }

    @Test func aReleasedStubReleasesItsAnswerAndItsCallsArguments() async throws {
        weak var answer: HeldValueVoice?
        weak var argument: HeldValueVoice?
        weak var recorder: InvocationRecorder?
        try {
            let configured = HeldValueVoice(name: "answer")
            answer = configured
            let stub = try Stub<any HeldValueChorus>()
            recorder = stub.recorder
            stub.when(returning: configured) { $0.loudest(Match.equal(0)) }.thenReturn(configured)
            // No value handed over: before, this pass parked and its thread kept the double for good.
            stub.when { $0.loudest(Match.any()) }.thenReturn(configured)
            stub.when { $0.join(Match.any(using: HeldValueVoice(name: "placeholder"))) }.thenDoNothing()
            let chorus = stub()
            #expect(chorus.loudest(7) === configured)
            let joined = HeldValueVoice(name: "argument")
            argument = joined
            chorus.join(joined)
            #expect(stub.verify(.exactly(1)) { $0.join(Match.any()) })
        }()
        try await Self.settle { recorder == nil && answer == nil && argument == nil }
        #expect(recorder == nil)
        #expect(answer == nil)
        #expect(argument == nil)
    }

    @Test func manyWhensOfTheResultClassLeaveNoThreadBehind() throws {
        let stub = try Stub<any HeldValueChorus>()
        let answer = HeldValueVoice(name: "answer")
        stub.when(returning: answer) { $0.loudest(Match.equal(-1)) }.thenReturn(answer)
        // A pass that parks never reaches the end of its closure and keeps its thread for good; one that
        // ends gives its thread back. (Not a count of the process's threads: the tests beside this one
        // start and end theirs meanwhile.)
        var ended = 0
        for level in 0..<50 {
            stub.when { chorus in
                defer { ended += 1 }
                return chorus.loudest(Match.equal(level))
            }.thenReturn(HeldValueVoice(name: "\(level)"))
        }
        #expect(ended == 50)  // before: 0, each of the 50 passes parked with its thread
        let chorus = stub()
        #expect(chorus.loudest(-1) === answer)
        #expect(chorus.loudest(7).name == "7")
        #expect(chorus.loudest(49).name == "49")
    }
}
