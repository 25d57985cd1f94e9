extension ShapeGenerator {
    /// The isolated-protocol tier (issue 19), after every other tier so that
    /// earlier cases keep their numbers: a protocol constrained to `Actor`
    /// (`protocol P: Actor`, called from outside the actor, so every instance
    /// call awaits and the double serves it on the actor's executor) and a
    /// protocol isolated to a global actor (`@LabGlobalActor protocol P`,
    /// called from a check isolated to that actor, so synchronous requirements
    /// are called synchronously). Each: a method under every effect (the
    /// families rotating as argument and result), a two-argument method, a
    /// static method, getters and a subscript; the global-actor form also a
    /// setter (an actor's property cannot be set from outside it).
    func isolatedProtocolTier(into unique: inout UniqueShapes) {
        let families = TypeFamily.isolatedProtocolFamilies
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(
            _ form: ShapeForm, _ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?
        ) {
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : .single, parameters: parameters, result: result,
                    focus: form.rawValue, form: form))
        }
        for form in [ShapeForm.actorProtocol, .globalActorProtocol] {
            for (index, effect) in Effect.classic.enumerated() {
                insert(
                    form, .method, effect, [families[index % families.count]], families[(index + 1) % families.count])
            }
            insert(form, .method, nextEffect(), ["Int", "String"], "LabLarge5")
            insert(form, .method, .sync, ["LabLarge5"], nil)
            insert(form, .staticMethod, nextEffect(), ["String"], "Int")
            insert(form, .getter, nextEffect(), [], "String")
            insert(form, .getter, nextEffect(), [], "LabLarge5")
            insert(form, .subscript, nextEffect(), ["Int"], "Optional<String>")
            if form == .globalActorProtocol { insert(form, .setter, .sync, ["Double"], nil) }
        }
    }
}
