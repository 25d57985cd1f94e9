extension ShapeGenerator {
    /// The class-double tier (issue 26), after every other tier so that
    /// earlier cases keep their numbers: members of an `open class` doubled
    /// with `Stub<C>(initializingWith:)`. Each family of
    /// ``TypeFamily/classDoubleFamilies`` as a method's argument and result
    /// under every effect, as a computed property's getter (the effect
    /// rotating) and as its setter; three read-only subscripts (throwing, typed-throwing, async); then an open class of a
    /// module built with `-enable-library-evolution` (callers reach its slots
    /// through its dispatch thunks): each of
    /// ``TypeFamily/resilientClassDoubleFamilies`` as a synchronous and a
    /// throwing method, a getter and a setter, plus an async method and a
    /// subscript. Members a class double refuses (async ones) fail closed by
    /// name at construction.
    func classDoubleTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(
            _ form: ShapeForm, _ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?,
            focus: String
        ) {
            let prefix = form == .classMember ? "class " : "evolution class "
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : .single, parameters: parameters, result: result,
                    focus: prefix + focus, form: form))
        }
        for family in TypeFamily.classDoubleFamilies {
            for effect in Effect.classic {
                insert(.classMember, .method, effect, [family], family, focus: family)
            }
            insert(.classMember, .getter, nextEffect(), [], family, focus: family)
            insert(.classMember, .setter, .sync, [family], nil, focus: family)
        }
        // Read-only subscripts whose getters throw (their symbols do not say so) and one that is async.
        for (family, effect) in [("String", Effect.throws), ("LabLarge5", .typedThrows), ("Optional<Int>", .async)] {
            insert(.classMember, .subscript, effect, ["Int"], family, focus: family)
        }
        for family in TypeFamily.resilientClassDoubleFamilies {
            insert(.resilientClassMember, .method, .sync, [family], family, focus: family)
            insert(.resilientClassMember, .method, .throws, [family], family, focus: family)
            insert(.resilientClassMember, .getter, .sync, [], family, focus: family)
            insert(.resilientClassMember, .setter, .sync, [family], nil, focus: family)
        }
        insert(.resilientClassMember, .method, .async, ["Int"], "String", focus: "Int")
        insert(.resilientClassMember, .subscript, .sync, ["Int"], "LabLarge5", focus: "LabLarge5")
    }
}
