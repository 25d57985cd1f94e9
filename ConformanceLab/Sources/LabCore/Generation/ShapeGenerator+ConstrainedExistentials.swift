extension ShapeGenerator {
    /// The constrained existentials tier (issue 19), after every other tier so
    /// that earlier cases keep their numbers: each family as an argument under
    /// every effect, of a static method, as a method's result under every
    /// effect, and as a property's value (getter and setter).
    func constrainedExistentialTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?) {
            let form = ShapeForm.constrainedExistential
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : .single, parameters: parameters, result: result,
                    focus: form.rawValue, form: form))
        }
        for family in TypeFamily.constrainedExistentialFamilies {
            for effect in Effect.classic {
                insert(.method, effect, [family.id], "Int")
                insert(.method, effect, [], family.id)
            }
            insert(.staticMethod, nextEffect(), [family.id], "Int")
            insert(.getter, nextEffect(), [], family.id)
            insert(.setter, .sync, [family.id], nil)
        }
    }
}
