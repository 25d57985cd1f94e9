import TestDoublesRecorder

// What the dynamic-member routes and `ManualRouteID` calls hand to the
// engine: the requirement (arguments erased to `Any`) and its arguments.

extension ManualStub {
    /// The requirement a dynamic-member route names: `member` with the labels
    /// of its call (`fetch(id:)`, `save(_:)`, `reset()`), or `member` alone for a property.
    func routeRequirement<R>(
        _ member: String, labels: [String]?, kind: RequirementTable.Kind = .call, effects: RequirementEffects,
        result: R.Type
    ) -> Requirement {
        let name = labels.map { "\(member)(\($0.map { "\($0.isEmpty ? "_" : $0):" }.joined()))" } ?? member
        let arity = (labels?.count ?? 0) + (kind == .setter ? 1 : 0)
        return requirementTable.requirement(
            name, kind, effects: effects, erasedArguments: Array(repeating: Any.self, count: arity), result: R.self)
    }

    /// The requirement an explicit ``ManualRouteID`` names.
    func routeRequirement<R>(
        _ route: ManualRouteID, effects: RequirementEffects, error: Any.Type? = nil, result: R.Type
    ) -> Requirement {
        requirementTable.requirement(
            route.signature, .call, effects: effects, error: error, erasedArguments: route.argumentTypes,
            identity: route.identity, result: R.self)
    }
}

/// The labels and values of a dynamically called requirement.
func labelsAndValues(_ arguments: KeyValuePairs<String, Any>) -> (labels: [String], values: [Any]) {
    (arguments.map(\.key), arguments.map(\.value))
}
