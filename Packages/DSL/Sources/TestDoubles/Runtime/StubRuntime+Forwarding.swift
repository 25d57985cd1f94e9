import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// A forwarded call prepared from a call's frame, or the reason it cannot be made.
    ///
    /// Preparing copies the frame; an async call prepares before it suspends
    /// and only fails (closed) when its outcome really is `.forward`.
    struct PreparedForwarding: @unchecked Sendable {
        let call: Result<ForwardedCall, ForwardingError>
    }

    /// Copies `frame` into a call of the target's witness for `shape`'s requirement.
    func prepareForwarding(
        _ frame: CallFrame, _ shape: RequirementShape, to target: ForwardingTarget
    ) -> PreparedForwarding {
        PreparedForwarding(
            call: Result { () throws(ForwardingError) -> ForwardedCall in
                if shape.access.makesSelfValue {
                    throw .unsupportedTarget(
                        "it makes a new value of Self (an initializer, or a result of type Self or Self?), and the "
                            + "real implementation would make one of its own type, not of the spy's; configure it with "
                            + "when { ... }.thenReturn(spy())")
                }
                if shape.resultIsSelfArray {
                    throw .unsupportedTarget(
                        "it returns [Self], and the real implementation would return values of its own type, not "
                            + "the spy's; configure it with when { ... }.thenReturn([spy()])")
                }
                if let form = shape.selfArguments.first(where: { $0 != nil && $0 != .value }), let form {
                    throw .unsupportedTarget(
                        "it takes \(form.spelling), whose values have no real counterpart the spy could pass to the real "
                            + "implementation (only the spy's own value stands for its target); configure the call with "
                            + "when { ... } instead")
                }
                let witness = try witness(of: target, dispatchIndex: frame.slot)
                return try frame.prepareForwarding(to: target, witness: witness, plan: shape.plan)
            })
    }

    /// The code a forwarded call of `dispatchIndex` runs: a class double's
    /// parent implementation, else the target's witness.
    func witness(of target: ForwardingTarget, dispatchIndex: Int) throws(ForwardingError) -> ForwardingWitness {
        if let classForwarding { return try classForwarding.witness(forDispatchIndex: dispatchIndex) }
        return try target.witness(forDispatchIndex: dispatchIndex)
    }

    /// The prepared call with fresh copies of the owned arguments (the decoded
    /// ones were consumed), ready to invoke; stops with a diagnostic when it cannot be made.
    ///
    /// - Parameters:
    ///   - prepared: The call prepared from the frame.
    ///   - shape: The requirement's shape.
    ///   - arguments: The decoded arguments, in the recorder's order.
    func forwardedCall(
        _ prepared: PreparedForwarding, _ shape: RequirementShape, _ arguments: [Any]
    ) -> ForwardedCall {
        do throws(ForwardingError) {
            let call = try prepared.call.get()
            guard arguments.count == shape.argumentTypes.count, shape.recorderOrder.count == arguments.count else {
                throw .malformedPlan("\(arguments.count) decoded arguments for \(shape.argumentTypes.count) parameters")
            }
            // The recorder's order permutes the declaration order; undo it (a
            // copy of the arguments, so only when it is not the identity).
            var declared = arguments
            for (recorderIndex, declarationIndex) in shape.recorderOrder.enumerated()
            where recorderIndex != declarationIndex {
                declared[declarationIndex] = arguments[recorderIndex]
            }
            for (index, form) in shape.selfArguments.enumerated() where form == .value {
                // The double's own value stands for the real one; any other value has no real counterpart.
                guard isOwnValue(declared[index] as AnyObject) else {
                    throw .unsupportedTarget(
                        "its Self argument is not this spy's own value, and only the spy's own value has a real "
                            + "counterpart (the forwarding target) to pass to the real implementation; configure the "
                            + "call with when { ... } instead")
                }
                try call.supplyTargetAsSelfArgument(at: shape.plan.arguments[index], ownership: shape.ownerships[index])
            }
            for (index, ownership) in shape.ownerships.enumerated()
            where ownership == .owned && shape.selfArguments[index] == nil {
                if let bridge = shape.argumentBridges[index] {
                    try call.supplyOwnedClosure(
                        declared[index], ofType: shape.argumentTypes[index], at: shape.plan.arguments[index],
                        abstraction: bridge.abstraction)
                    continue
                }
                try call.supplyOwnedArgument(
                    declared[index], ofType: shape.argumentTypes[index], at: shape.plan.arguments[index])
            }
            return call
        } catch {
            // Described only here: rendering every argument on each forwarded call cost more than the call.
            let description = recorder.describe(shape.requirement, arguments)
            stop("\(recorder.name): \(description) cannot be forwarded to the real implementation: \(error)")
        }
    }
}
