extension CallFrame {
    /// Prepares this intercepted call for re-issuing to a real witness.
    ///
    /// Call it in the handler, while the caller's stack arguments are live
    /// (for async calls: before `suspend(_:)`).
    ///
    /// - Parameters:
    ///   - target: The real conformer.
    ///   - witness: The target's witness for the requirement (`ForwardingTarget.witness(forRequirementAt:of:)`).
    ///   - plan: The requirement's plan (where the `Self` words and stack arguments are).
    /// - Returns: The prepared call.
    /// - Throws: `ForwardingError` when the call cannot be forwarded.
    public func prepareForwarding(
        to target: ForwardingTarget, witness: ForwardingWitness, plan: CallPlan
    ) throws(ForwardingError) -> ForwardedCall {
        try ForwardedCall(copying: self, target: target, witness: witness, plan: plan)
    }

    /// Forwards this sync call to a real witness: the target's results, error
    /// (thrown errors propagate to the caller) and indirect result become this call's.
    ///
    /// - Parameters:
    ///   - target: The real conformer.
    ///   - witness: The target's witness for the requirement.
    ///   - plan: The requirement's plan.
    /// - Throws: `ForwardingError` when the call cannot be forwarded (nothing was called).
    public func forward(to target: ForwardingTarget, witness: ForwardingWitness, plan: CallPlan) throws(ForwardingError)
    {
        guard !isAsync else {
            throw .conventionMismatch("an async call forwards with forwardSuspending(to:witness:plan:)")
        }
        try prepareForwarding(to: target, witness: witness, plan: plan).invoke(into: self)
    }

    /// Forwards this async call to a real async witness: pops the caller's
    /// stack arguments as the plan says, suspends, awaits the witness on the
    /// caller's task, and completes the call with its results or error.
    ///
    /// - Parameters:
    ///   - target: The real conformer.
    ///   - witness: The target's async witness (its async function pointer record).
    ///   - plan: The requirement's plan.
    /// - Throws: `ForwardingError` when the call cannot be forwarded (nothing was suspended).
    public func forwardSuspending(
        to target: ForwardingTarget, witness: ForwardingWitness, plan: CallPlan
    ) throws(ForwardingError) {
        guard isAsync else { throw .conventionMismatch("a sync call forwards with forward(to:witness:plan:)") }
        let call = try prepareForwarding(to: target, witness: witness, plan: plan)
        calleePoppedStackByteCount = plan.calleePoppedStackByteCount
        suspend { result in await call.invoke(into: result) }
    }
}
