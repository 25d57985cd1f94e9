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

    /// The payloads of a `[Self]` answer, for the caller's array of its `Self`.
    ///
    /// The caller gets the very values the behavior gave (`thenReturn([stub()])`), each a value of this
    /// same stub. A value of another double, or of another type, cannot be an element of the caller's
    /// `[Self]`: that is an issue at the line that created the stub, and the caller gets an empty array.
    ///
    /// - Parameters:
    ///   - value: The behavior's value, an array of the stub's existential (`()` for no answer).
    ///   - requirement: The requirement's name, for the issue.
    /// - Returns: The payloads, in order; empty after reporting the issue.
    func selfArrayPayloads(of value: Any, requirement: String) -> [AnyObject] {
        if value is Void { return [] }
        guard let values = value as? [Any] else {
            reportSelfArrayMisfit(requirement, "\(String(reflecting: value)) of type \(type(of: value))")
            return []
        }
        var objects: [AnyObject] = []
        objects.reserveCapacity(values.count)
        for (index, element) in values.enumerated() {
            let object = element as AnyObject
            guard isOwnValue(object) else {
                let produced =
                    FabricatedConformance.isPayload(object)
                    ? "a value of another double" : "\(String(reflecting: element)) of type \(type(of: element))"
                reportSelfArrayMisfit(requirement, produced + " at index \(index)")
                return []
            }
            objects.append(object)
        }
        return objects
    }

    private func reportSelfArrayMisfit(_ requirement: String, _ produced: String) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message:
                    "\(recorder.name): \(requirement) returns [Self], values of this same stub; its behavior "
                    + "produced \(produced), which the caller cannot hold as its Self, so the caller gets an empty "
                    + "array (answer with values of this stub, such as [stub()])",
                location: recorder.creationSite))
    }
}
