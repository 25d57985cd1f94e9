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
/// types keeps running its passes on the caller's thread. A runtime double
/// that never recorded a pass does not count yet: a matcher of its class
/// parameter in another double's pass still stops the process (with an
/// issue at the line first), as before.
enum RecordingHostDemand {
    private static let count = Atomic<Int>(0)

    /// Whether some live double may need a host for its values.
    static var isPresent: Bool { count.load(ordering: .relaxed) > 0 }

    /// Counts one more double (or one fewer, for a negative `delta`).
    static func adjust(by delta: Int) {
        count.add(delta, ordering: .relaxed)
    }
}
