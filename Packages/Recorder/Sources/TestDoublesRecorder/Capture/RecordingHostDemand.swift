import Synchronization

/// How many live doubles in the process may meet, in a recording pass, a
/// value no placeholder source can make: a recorder counts here while it
/// declares no recording types (a `ManualStub`, a closure double, a
/// `ClientStub`, a stub with generic requirements) or its last check found a
/// type with no placeholder (see
/// ``InvocationRecorder/declareRecordingTypes(_:)``; a runtime double's
/// types are checked at its own first pass), and stops counting when it is
/// released.
///
/// A recording pass runs on a ``RecordingHost`` while this count is not
/// zero, whatever the double it records declares: a closure written on one
/// double may evaluate `Match.any()` for a parameter of another double's
/// requirement (`stubA.when { stubB.load(Match.any()) }`, an
/// `InvocationOrder` builder listing calls of several doubles), and only a
/// hosted pass can stop there without a value and without stopping the
/// process. A process whose live doubles all declare placeholder-friendly
/// types keeps running its passes on the caller's thread. A runtime double's
/// types are checked at the start of the next recording pass of any double
/// after its creation (``checkWaitingDoubles()``), not in its initializer
/// (a `Spy` of a protocol with `Self` arguments recursed without end
/// there): a closure on one double that uses a matcher of another double's
/// class parameter before that double recorded anything is hosted too.
enum RecordingHostDemand {
    private static let count = Atomic<Int>(0)
    /// Runtime doubles whose declared types no pass has checked yet.
    private static let waiting = Locked<[WaitingDouble]>([])
    /// How many entries `waiting` holds: while none, a pass asks no lock.
    private static let waitingCount = Atomic<Int>(0)

    /// A double waiting for its check, held weakly: a released one is skipped.
    private struct WaitingDouble: @unchecked Sendable {
        weak var recorder: InvocationRecorder?
    }

    /// Whether some live double may need a host for its values.
    static var isPresent: Bool { count.load(ordering: .relaxed) > 0 }

    /// Whether some live double may need a host, once the doubles waiting
    /// for their check are checked (see ``checkWaitingDoubles()``): what a
    /// pass that records no double in particular (an `InvocationOrder`
    /// builder) asks before it starts.
    static var isPresentAfterChecks: Bool {
        checkWaitingDoubles()
        return isPresent
    }

    /// Counts one more double (or one fewer, for a negative `delta`).
    static func adjust(by delta: Int) {
        count.add(delta, ordering: .relaxed)
    }

    /// Adds a double whose declared types are unchecked: the next recording
    /// pass of any double checks them first.
    static func awaitCheck(of recorder: InvocationRecorder) {
        waiting.withLock { $0.append(WaitingDouble(recorder: recorder)) }
        waitingCount.add(1, ordering: .releasing)
    }

    /// Checks the types of every double that waits for it (see
    /// ``InvocationRecorder/needsRecordingHost``), so each one that has a
    /// type with no placeholder counts before a pass decides where it runs.
    /// Doubles made while it checks (a placeholder of an existential may be
    /// one) wait for the next pass.
    static func checkWaitingDoubles() {
        guard waitingCount.load(ordering: .acquiring) > 0 else { return }
        let taken = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        waitingCount.subtract(taken.count, ordering: .releasing)
        for double in taken {
            _ = double.recorder?.needsRecordingHost
        }
    }
}
