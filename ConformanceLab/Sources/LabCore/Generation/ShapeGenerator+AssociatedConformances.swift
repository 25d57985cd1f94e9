extension ShapeGenerator {
    /// The associated-conformance tier (issue 17), after every other tier so
    /// that earlier cases keep their numbers: `any P<A>` whose requirements
    /// spell the bound type inside generic types (`AsyncStream<A>`,
    /// `AsyncThrowingStream<A, any Error>`, `LabKey<A>`, `[String: A]`, `[A]`)
    /// and `any P<C>` with `associatedtype C: Collection where C.Element:
    /// Hashable`; each as a method's argument and result under every effect,
    /// and once each (the effect rotating) as a static method, a getter and a
    /// subscript.
    func associatedConformanceTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(
            _ form: ShapeForm, _ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String
        ) {
            unique.insert(
                Shape(
                    kind: kind, effect: effect, structure: .plain, layout: parameters.isEmpty ? .none : .single,
                    parameters: parameters, result: result, focus: form.rawValue, form: form))
        }
        for form in ShapeForm.allCases where form.group == .associatedConformance {
            guard let family = form.boundWrapper?.family else { continue }
            for effect in Effect.classic { insert(form, .method, effect, [family], family) }
            insert(form, .staticMethod, nextEffect(), [family], family)
            insert(form, .getter, nextEffect(), [], family)
            insert(form, .subscript, nextEffect(), [family], family)
        }
    }
}
