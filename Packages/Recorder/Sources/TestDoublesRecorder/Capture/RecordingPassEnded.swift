/// Ends a recording pass at a call of a throwing requirement whose result
/// type has no placeholder.
///
/// The call and its matchers are recorded before it is thrown, so the pass
/// has all it needs; the `when`, `verify` and `InvocationOrder` closures
/// absorb it. A front of a requirement with a typed error throws a
/// placeholder of that error type instead.
public struct RecordingPassEnded: Error, Sendable, CustomStringConvertible {
    /// The requirement whose result could not be made, as diagnostics name it.
    public let requirement: String

    /// Describes the early end.
    public var description: String {
        "the recording pass ended at \(requirement): no placeholder of its result type can be made"
    }

    /// Parks the pass this error would end, for good, where a front cannot
    /// throw it: a requirement whose typed error has no placeholder either.
    /// The call and its matchers are recorded already. Returns at once when
    /// the pass does not run on a thread of its own (the front then has no
    /// value to answer with).
    public func parkPass() {
        CaptureSession.currentIfRecording?.park(because: nil)
    }
}
