import DoublesGenCore

/// Methods of one protocol body that differ only by their effects
/// (`func current() -> Value` beside `func current() async -> Value`).
///
/// Flattening merges requirements one member can satisfy, and a synchronous
/// member satisfies both of these, so the asynchronous overload lost its
/// own members: its calls reached the synchronous spy and its stubs could
/// not be written. The mock declares each overload again, with a spy per
/// effect.
enum EffectOverloads {
    /// The flattened protocol with each such group of the protocol's own
    /// methods in place of the one requirement flattening merged them into.
    static func restore(_ flattened: FlattenedProtocol) -> FlattenedProtocol {
        var groups: [String: [Requirement]] = [:]
        for requirement in flattened.declaration.requirements where effects(of: requirement) != nil {
            groups[requirement.key, default: []].append(requirement)
        }
        var restored = flattened
        restored.requirements = flattened.requirements.flatMap { requirement -> [Requirement] in
            guard let group = groups[requirement.key], group.count > 1,
                Set(group.compactMap(effects)).count == group.count
            else { return [requirement] }
            return group
        }
        return restored
    }

    private static func effects(of requirement: Requirement) -> Effects? {
        if case .method(_, _, _, let effects, _) = requirement.kind { return effects }
        return nil
    }
}
