extension InvocationRecorder {
    /// Whether the calling task runs a recording pass (a `when`, `verify` or
    /// order closure) rather than a real call.
    ///
    /// A front that can tell a call of its double came from code the pass
    /// does not stand for (a class double's member whose class code ran in
    /// the pass and called an answered member) reports the problem at
    /// ``recordingPassSite``.
    public var isInRecordingPass: Bool { CaptureSession.currentIfRecording != nil }

    /// The line of the `when`, `verify` or order expression whose recording
    /// pass the calling task runs; nil outside a pass or when the pass has no line.
    public var recordingPassSite: CallSite? { CaptureSession.currentIfRecording?.site }
}
