/// The double a scenario's setup closure receives: any double of the shared
/// vocabulary, seen through its subject type.
///
/// It offers the whole vocabulary (`when`, `verify`, `history`, ...) and
/// forwards it to the double the scenario is applied to.
///
/// Sendable so that a setup isolated to an actor (`{ @MainActor double in ... }`)
/// can receive it. Unchecked: `recordingSubject` is the value of a double,
/// whose every call goes through the recorder, which is thread-safe.
public struct ScenarioDouble<Subject>: RecordingTestDouble, @unchecked Sendable {
    /// The engine of the double the scenario is applied to.
    public let recorder: InvocationRecorder
    /// The value `when` closures receive.
    public let recordingSubject: Subject
}

extension ScenarioDouble {
    /// Views a double through the scenario's subject type; `nil` when its
    /// subject cannot be used as `Subject`.
    static func view<Double: RecordingTestDouble>(_ double: Double) -> Self? {
        guard let subject = double.recordingSubject as? Subject else { return nil }
        return ScenarioDouble(recorder: double.recorder, recordingSubject: subject)
    }

    /// Reports a scenario applied to a double whose subject does not fit.
    static func reportMismatch<Double: RecordingTestDouble>(_ double: Double, site: CallSite) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidRecording,
                message: """
                    A scenario for \(Subject.self) cannot be applied to \(double.recorder.name): its subject \
                    \(Double.Subject.self) is not a \(Subject.self); nothing was registered.
                    """,
                location: site))
    }
}
