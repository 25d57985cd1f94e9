import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// The payload of a value a behavior produced where the caller expects
    /// this conformance's `Self` (the final value of an `inout Self`).
    ///
    /// A value of another double, or of another type, cannot be the caller's
    /// `Self`: that is an issue at the line that created the stub, and the
    /// answer is nil (the caller's variable keeps its value).
    ///
    /// - Parameters:
    ///   - value: The behavior's value, an existential of the stub's protocol.
    ///   - requirement: The requirement's name, for the issue.
    ///   - what: What the value is (`the final value of its inout Self`), for the issue.
    /// - Returns: The payload, to hand to the caller; nil after reporting the issue.
    func selfPayload(of value: Any, requirement: String, what: String) -> AnyObject? {
        let object = value as AnyObject
        guard isOwnValue(object) else {
            let produced =
                FabricatedConformance.isPayload(object)
                ? "a value of another double" : "\(String(reflecting: value)) of type \(type(of: value))"
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidBehavior,
                    message:
                        "\(recorder.name): \(requirement) takes a value of this same stub as \(what); its behavior "
                        + "produced \(produced), which the caller cannot hold as its Self, so the "
                        + "caller's variable keeps its value (assign a value of this stub, such as stub())",
                    location: recorder.creationSite))
            return nil
        }
        return object
    }
}
