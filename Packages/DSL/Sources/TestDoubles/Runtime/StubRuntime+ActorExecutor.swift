import TestDoublesTrampolines

extension StubRuntime {
    /// Answers `Swift.Actor.unownedExecutor`: a spy forwards it to its real
    /// actor (whose isolated witnesses it calls, so callers must hop to that
    /// actor); a stub names its own ``StubIsolation`` actor's executor. Not
    /// recorded: it is how callers reach the double, not a call of the test.
    func answerExecutor(_ frame: CallFrame, _ plan: RequirementPlan) {
        if let target {
            let prepared = prepareForwarding(frame, plan.shape, to: target)
            forwardedCall(prepared, plan.shape, []).invoke(into: frame)
            return
        }
        guard plan.shape.resultType == UnownedSerialExecutor.self else {
            stop(
                "\(recorder.name): \(plan.shape.requirement.name) of Swift.Actor returns \(plan.shape.resultType), "
                    + "not UnownedSerialExecutor")
        }
        frame.setResult(isolation.unownedExecutor, at: plan.shape.plan.result)
    }
}
