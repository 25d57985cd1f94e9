extension ShapeGenerator {
    /// The tier of store shapes (issue 19), after every other tier so that
    /// earlier cases keep their numbers:
    /// - each inout closure family as an argument under every effect, of a
    ///   static method, as a method's result and as a property's value
    ///   (getter and setter);
    /// - each associated type form of a method's generic parameter
    ///   (`R.Response`, `[R.Response]`, `R.Response?`, `C.Element?`) as a
    ///   method under every effect, a static method and a subscript;
    /// - `any AsyncSequence<Int, Never>` as an argument and a result under
    ///   every effect, of a static method and as a property's value.
    func inoutClosureTier(into unique: inout UniqueShapes) {
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
        for family in TypeFamily.inoutClosureFamilies {
            for effect in Effect.classic { insert(.inoutClosure, .method, effect, [family.id], "Int") }
            insert(.inoutClosure, .staticMethod, nextEffect(), [family.id], "Int")
            insert(.inoutClosure, .method, nextEffect(), [], family.id)
            insert(.inoutClosure, .getter, nextEffect(), [], family.id)
            insert(.inoutClosure, .setter, .sync, [family.id], nil)
        }
        // (request, response) pairs per form: the response is what `R.Response` (or its wrapper) is at the call.
        let members: [(ShapeForm, [(String, String)])] = [
            (.memberResult, [("LabIntRequest", "Int"), ("LabWideRequest", "LabLarge5"), ("LabTextRequest", "String")]),
            (.memberArray, [("LabIntRequest", "Array<Int>"), ("LabTextRequest", "Array<String>")]),
            (.memberOptional, [("LabWideRequest", "Optional<LabLarge5>"), ("LabIntRequest", "Optional<Int>")]),
            (.collectionElement, [("Array<Int>", "Optional<Int>"), ("Array<String>", "Optional<String>")]),
        ]
        for (form, pairs) in members {
            for (index, effect) in Effect.classic.enumerated() {
                let (request, response) = pairs[index % pairs.count]
                insert(form, .method, effect, [request], response)
            }
            insert(form, .staticMethod, nextEffect(), [pairs[0].0], pairs[0].1)
            insert(form, .subscript, nextEffect(), [pairs[pairs.count - 1].0], pairs[pairs.count - 1].1)
        }
        for family in TypeFamily.asyncSequenceFamilies {
            for effect in Effect.classic {
                insert(.asyncSequence, .method, effect, [family.id], "Int")
                insert(.asyncSequence, .method, effect, [], family.id)
            }
            insert(.asyncSequence, .staticMethod, nextEffect(), [family.id], "Int")
            insert(.asyncSequence, .getter, nextEffect(), [], family.id)
            insert(.asyncSequence, .setter, .sync, [family.id], nil)
        }
    }
}
