extension ShapeGenerator {
    /// The generic wrapper tier (issues 19 and 17), after every other tier so
    /// that earlier cases keep their numbers: each wrapper form (a phantom,
    /// an array phantom, a `T.Type` field, `T` stored inline, an enum payload,
    /// nested structs) as a method's argument and result under every effect,
    /// the families of the form rotating, then once each (the effect
    /// rotating) as a static method and a subscript.
    func genericWrapperTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ form: ShapeForm, _ kind: RequirementKind, _ effect: Effect, _ family: String) {
            unique.insert(
                Shape(
                    kind: kind, effect: effect, structure: .plain, layout: .single, parameters: [family],
                    result: family, focus: form.rawValue, form: form))
        }
        let forms: [(ShapeForm, [String])] = [
            (.wrapperPhantom, ["LabEndpoint<Int>", "LabEndpoint<LabLarge5>"]),
            (.wrapperNestedArray, ["LabEndpoint<Array<Int>>"]),
            (.wrapperMetatypeField, ["LabTyped<Int>", "LabTyped<LabRef>"]),
            (.wrapperStored, ["LabKey<String>", "LabKey<Int>", "LabKey<LabLarge5>"]),
            (.wrapperEnum, ["LabLoadable<Int>", "LabLoadable<String>"]),
            (.wrapperNested, ["LabPage<LabItem<String>>"]),
        ]
        for (form, families) in forms {
            for (index, effect) in Effect.classic.enumerated() {
                insert(form, .method, effect, families[index % families.count])
            }
            insert(form, .staticMethod, nextEffect(), families[0])
            insert(form, .subscript, nextEffect(), families[families.count - 1])
        }
    }
}
