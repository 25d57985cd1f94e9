/// Ends the recording pass in progress at a call a front cannot answer at
/// all: a placeholder the pass handed out that has no behavior (a
/// fail-on-use closure, a dummy with no signatures) was called inside the
/// `when`, `verify` or order closure.
@_spi(TestDoublesInternals)
public enum RecordingPassStop {
    /// Parks the pass the calling task records in, for good, with `problem`
    /// reported at the line that started it (nothing after the call runs;
    /// the `when` or `verify` reports the issue and records nothing); after
    /// the pass ended (a task the closure started and did not await), ends
    /// that task's job instead (see ``AbandonedJob``). Returns only when it
    /// can do neither.
    ///
    /// - Parameter problem: What was called and why nothing can answer it.
    /// - Returns: False when the calling task records in no pass (the front
    ///   then does what it does outside one); true when it does but the pass
    ///   could not stop here, after an issue that says why the process stops.
    public static func parkCurrentPass(because problem: String) -> Bool {
        guard let session = CaptureSession.current else { return false }
        session.park(because: problem)
        CaptureSession.reportStop(problem, in: session)
        return true
    }
}
