import TestDoublesTrampolines

extension StubRuntime {
    /// The routes a spy's synchronous scalar-lane calls take to `target`, by
    /// dispatch index, nil for a requirement whose calls take the general
    /// forwarding path; for a stub (no target), the routes of the
    /// requirements whose unmatched calls run the protocol's default
    /// implementation (``UnmatchedDefault``), nil for every other, and
    /// empty when it has none.
    static func routes(to target: ForwardingTarget?, plans: [RequirementPlan]) -> [ForwardingRoute?] {
        guard let target else {
            let defaults = plans.map(\.shape.defaultRoute)
            return defaults.contains { $0 != nil } ? defaults : []
        }
        return plans.enumerated().map { index, plan in
            guard plan.scalarLane != nil, !plan.shape.isAsync else { return nil }
            return try? ForwardingRoute(to: target, dispatchIndex: index, plan: plan.shape.plan)
        }
    }

    /// Forwards a spy's synchronous scalar-lane call to the real
    /// implementation without decoding its arguments: the frame is re-issued
    /// to the target's witness as it came, along the route worked out at
    /// construction (`CallFrame.forward(along:)`), so the call allocates
    /// nothing. A scalar-lane call has only scalar arguments (nothing to copy
    /// for the witness, no `Self` argument) and makes no new value of `Self`.
    /// A stub's unmatched call of a requirement that runs its default
    /// implementation is re-issued to that default the same way, on any
    /// path: such a requirement has no owned, `inout` or `Self` argument.
    ///
    /// - Returns: Whether the call was forwarded; false (nothing called) for
    ///   a recording spy (which reads the decoded arguments back), or a call
    ///   without a route, which the general forwarding path then makes or
    ///   reports.
    /// Out of line: inlined, it made every other scalar-lane answer's code longer.
    @inline(never)
    func forwardInPlace(_ frame: CallFrame) -> Bool {
        guard recording == nil else { return false }
        let slot = frame.slot
        guard slot >= 0, slot < forwardingRoutes.count, let route = forwardingRoutes[slot] else { return false }
        return frame.forward(along: route)
    }
}
