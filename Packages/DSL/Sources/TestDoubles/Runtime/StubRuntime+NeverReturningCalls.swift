import TestDoublesRecorder

extension StubRuntime {
    /// Ends a call of a requirement no call can return from
    /// (``RequirementShape/neverReturns``), once the recorder has recorded
    /// it and given an answer that is neither running the test's handler
    /// nor forwarding to a real conformer (both end the call themselves,
    /// and neither comes back here).
    ///
    /// Stops the process: there is no value of `Never` to write, the
    /// requirement cannot throw, and returning would run caller code the
    /// compiler marked unreachable. A real conformer's call would not come
    /// back either. The recorder's answer to an unmatched or misconfigured
    /// call is a `.trap` that says so; any other answer is named here.
    func endNeverReturningCall(_ plan: RequirementPlan, _ outcome: CallOutcome, _ arguments: [Any]) -> Never {
        if case .trap(let message) = outcome { fatalError(message) }
        let call = recorder.describe(plan.shape.requirement, arguments)
        stop(
            "\(recorder.name): \(call) returns Never and cannot throw, so its answer (\(outcome)) cannot return from "
                + "it. The test process stops here, as it would at a real conformer's call. Register a handler that "
                + "ends the call your way (`.then { ... -> Never in ... }`), or check such a call in an exit test.")
    }
}
