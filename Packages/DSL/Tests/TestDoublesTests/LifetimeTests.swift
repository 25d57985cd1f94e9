import TestDoubles
import Testing

@Suite struct LifetimeTests {
    func makeConfiguredFlags() throws -> any FeatureFlags {
        let flags = try Stub<any FeatureFlags>()
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.then { (_: String, id: Int) in id > 0 }
        return flags()
    }

    @Test func valuesOutliveTheirStub() throws {
        let flags = try makeConfiguredFlags()
        #expect(flags.isEnabled("a", for: 1))
        #expect(!flags.isEnabled("a", for: -1))
        let copies = [flags, flags]
        #expect(copies.allSatisfy { $0.isEnabled("b", for: 2) })
    }

    /// Every cycle must release the whole double: the recorder is owned only
    /// by the stub runtime, which the fabricated conformance's handler holds,
    /// which the value's payload holds; so a dead recorder proves the
    /// conformance (and with it the veneer pages) was released too. (Resident
    /// memory over 100,000 cycles is measured in isolation by StubMemoryTests.)
    /// 1,000 cycles under emulation (a minute of qemu for 10,000); each cycle
    /// is checked exactly, so fewer still find a double that outlives its use.
    ///
    /// A recorder alive at the end of its cycle is not yet a leak: a
    /// recording pass of a test running beside this one checks every fresh
    /// double's declared types (`RecordingHostDemand`), and holds the one it
    /// checks for that moment. So each such recorder is watched a while
    /// longer, without blocking a thread, and only one still alive after that
    /// counts.
    @Test func tenThousandConstructDestroyCyclesReleaseEverything() async throws {
        var lingering: [WeakRecorder] = []
        let cycles = LoadedLibrary.runsUnderEmulation ? 1_000 : 10_000
        for index in 0..<cycles {
            weak var recorder: InvocationRecorder?
            try {
                let stub = try Stub<any FeatureFlags>()
                stub.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(true)
                let value = stub()
                #expect(value.isEnabled("x", for: index))
                recorder = stub.recorder
            }()
            if recorder != nil { lingering.append(WeakRecorder(recorder: recorder)) }
        }
        for _ in 0..<200 where lingering.contains(where: { $0.recorder != nil }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(lingering.filter { $0.recorder != nil }.count == 0)
    }

    /// A recorder held weakly, so the test's own list keeps none alive.
    private struct WeakRecorder {
        weak var recorder: InvocationRecorder?
    }

    /// As in the test above, a test running beside this one may hold the
    /// fresh recorder for a moment (a recording pass checking its declared
    /// types, a matcher looking through live doubles for a value): once the
    /// value dies, the recorder is watched a while, without blocking a
    /// thread, and must be gone by then.
    @Test func aValueKeepsItsRecorderAliveUntilItDies() async throws {
        weak var recorder: InvocationRecorder?
        var value: (any FeatureFlags)? = try {
            let stub = try Stub<any FeatureFlags>()
            recorder = stub.recorder
            return stub()
        }()
        #expect(recorder != nil)
        _ = value
        value = nil
        for _ in 0..<200 where recorder != nil {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(recorder == nil)
    }
}
