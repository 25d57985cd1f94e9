/// What every runtime made from one blueprint shares, worked out once with
/// the blueprint (a steady-state construction rebuilt it for every double):
/// the plan of each requirement and the types a recording pass may need
/// placeholders of.
///
/// Immutable: a plan holds only what the requirement's shape gives (where
/// each argument travels, how it decodes, where the result goes), never a
/// double's state, so runtimes of the same blueprint use the same plans.
final class PreparedRequirements: @unchecked Sendable {
    /// One plan per requirement, by dispatch index.
    let plans: [RequirementPlan]
    /// The same plans, unretained, for the call path; valid while a holder of ``plans`` lives.
    let lentPlans: [Unmanaged<RequirementPlan>]
    /// Every argument and result type of the requirements; nil when a
    /// requirement has generic parameters of its own: a recording pass then
    /// meets the caller's types (`Match.any()` of a class for a `T`), which
    /// no list made here names, so its passes always run where a call may
    /// park (see `InvocationRecorder.declareRecordingTypes`). Nil too when a
    /// result's placeholder may hold a closure (see
    /// ``mayHoldCallablePlaceholder(_:)``), synchronous or async: a closure
    /// that calls it parks.
    let recordingTypes: [Any.Type]?

    init(_ shapes: [RequirementShape]) {
        let plans = shapes.map(RequirementPlan.init)
        self.plans = plans
        lentPlans = plans.map { Unmanaged.passUnretained($0) }
        var types: [Any.Type] = []
        for shape in shapes {
            types.append(contentsOf: shape.argumentTypes)
            types.append(shape.resultType)
        }
        let alwaysHosted = shapes.contains {
            $0.genericParameterCount > 0 || Self.mayHoldCallablePlaceholder($0.resultType)
        }
        recordingTypes = alwaysHosted ? nil : types
    }
}
