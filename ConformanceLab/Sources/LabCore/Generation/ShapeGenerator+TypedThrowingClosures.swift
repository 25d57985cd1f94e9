extension ShapeGenerator {
    /// The typed-throwing closures tier (issue 19), after every other tier so
    /// that earlier cases keep their numbers: each typed-throwing closure
    /// family as an argument under every effect, of a static method, as a
    /// method's result, and as a property's value (getter and setter).
    func typedThrowingClosureTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?) {
            let form = ShapeForm.typedThrowingClosure
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : .single, parameters: parameters, result: result,
                    focus: form.rawValue, form: form))
        }
        for family in TypeFamily.typedThrowingClosureFamilies {
            for effect in Effect.classic { insert(.method, effect, [family.id], "Int") }
            insert(.staticMethod, nextEffect(), [family.id], "Int")
            insert(.method, nextEffect(), [], family.id)
            insert(.getter, nextEffect(), [], family.id)
            insert(.setter, .sync, [family.id], nil)
        }
    }

    /// The `read` of a bound associated type (x86_64 only, in the coroutine case module): `var value: A { read }`
    /// on `any P<T>`, after the typed-throwing closures. The families are a struct, enum or class each (what a
    /// binding may be): a word, a string, a large struct yielded by address, a double and a class reference.
    func boundReadAccessorTier(into unique: inout UniqueShapes) {
        let form = ShapeForm.boundReadAccessor
        for family in ["Int", "String", "LabLarge5", "Double", "LabRef"] {
            unique.insert(
                Shape(
                    kind: .getter, effect: .sync, structure: .plain, layout: .none, parameters: [], result: family,
                    focus: form.rawValue, form: form))
        }
    }
}
