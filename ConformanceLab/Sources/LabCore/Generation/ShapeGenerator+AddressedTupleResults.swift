extension ShapeGenerator {
    /// The addressed-tuple-result tier, after every other tier so that
    /// earlier cases keep their numbers: tuple results holding existential
    /// or resilient elements (``TypeFamily/addressedTupleResultFamilies``).
    /// Each family as a method's result under every effect, after 0 to 7
    /// `Int`s (the result addresses take the first argument registers, and
    /// the arguments then reach the stack), the effects rotating; of a static
    /// method and a subscript; and as a getter's value.
    func addressedTupleResultTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?) {
            let form = ShapeForm.addressedTupleResult
            unique.insert(
                Shape(
                    kind: kind, effect: effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : parameters.count == 1 ? .single : .afterIntegers,
                    parameters: parameters, result: result, focus: form.rawValue, form: form))
        }
        for family in TypeFamily.addressedTupleResultFamilies {
            for effect in Effect.classic {
                insert(.method, effect, [], family.id)
            }
            for before in 1...7 {
                insert(.method, nextEffect(), Array(repeating: "Int", count: before), family.id)
            }
            insert(.staticMethod, nextEffect(), ["Int"], family.id)
            insert(.subscript, .sync, ["Int", "String"], family.id)
            insert(.getter, nextEffect(), [], family.id)
        }
    }
}
