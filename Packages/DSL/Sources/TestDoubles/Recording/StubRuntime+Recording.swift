import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// Records a forwarded call with what the real implementation answered,
    /// read back from the frame after the forwarded call wrote it.
    ///
    /// A value that cannot be recorded (not `Codable`, a closure, an async
    /// call's typed error whose buffer address arrived on the stack) is a
    /// test issue at the spy's creation; the caller still receives the real answer.
    func record(_ frame: CallFrame, _ shape: RequirementShape, _ arguments: [Any], into session: RecordingSession) {
        let name = shape.requirement.name
        do throws(FixtureError) {
            switch shape.thrown {
            case .typed(let errorType):
                guard let location = shape.plan.typedError else {
                    throw .encodingFailed(requirement: name, role: .error, reason: "no typed-error location")
                }
                func read<E: Error>(_: E.Type) -> Result<(any Error)?, ForwardedOutcomeUnreadable> {
                    frame.copyOfTypedThrownError(E.self, at: location).map { $0 }
                }
                switch _openExistential(errorType, do: read) {
                case .success(let error?):
                    try session.record(name, arguments: arguments, outcome: .failure(error))
                    return
                case .success(nil):
                    break
                case .failure(let unreadable):
                    throw .encodingFailed(
                        requirement: name, role: .error, reason: "the thrown error cannot be read back: \(unreadable)")
                }
            case .untyped:
                if let error = frame.copyOfThrownError {
                    try session.record(name, arguments: arguments, outcome: .failure(error))
                    return
                }
            case .none:
                break
            }
            guard shape.resultBridge == nil else {
                throw .notEncodable(requirement: name, role: .result, type: String(reflecting: shape.resultType))
            }
            func read<T>(_: T.Type) -> Any? { frame.copyOfResult(T.self, at: shape.plan.result).map { $0 as Any } }
            guard let result = _openExistential(shape.resultType, do: read) else {
                throw .encodingFailed(requirement: name, role: .result, reason: "the result could not be read back")
            }
            try session.record(name, arguments: arguments, outcome: .success(result))
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording, message: "\(recorder.name): \(error)", location: recorder.creationSite))
        }
    }
}
