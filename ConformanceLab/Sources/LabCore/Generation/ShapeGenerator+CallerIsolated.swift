extension ShapeGenerator {
    /// The caller-isolated tier, after every other tier so that earlier cases
    /// keep their numbers: `nonisolated(nonsending)` async requirements
    /// (Swift 6.2), whose caller passes its own isolation ahead of the
    /// declared arguments (two words on x86_64: the actor, or none, and its
    /// `Actor` witness table). Each form: a method under both async effects
    /// with the isolated-protocol families rotating as argument and result,
    /// a two-argument method answering a struct returned by address (the
    /// isolation then follows the indirect result), a method taking that
    /// struct by address, a static method, getters (a word, a struct by
    /// address), subscripts (one index; two, one by address, answering by
    /// address) and an initializer. The arm64 lab's Swift 6.0.3 cannot parse
    /// the attribute (not built).
    func callerIsolatedTier(into unique: inout UniqueShapes) {
        let families = TypeFamily.isolatedProtocolFamilies
        let effects: [Effect] = [.async, .asyncThrows]
        func insert(
            _ form: ShapeForm, _ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?
        ) {
            unique.insert(
                Shape(
                    kind: kind, effect: effect, structure: .plain, layout: parameters.isEmpty ? .none : .single,
                    parameters: parameters, result: result, focus: form.rawValue, form: form))
        }
        for form in [ShapeForm.callerIsolated, .callerIsolatedOnGlobalActor] {
            for (index, family) in families.enumerated() {
                insert(form, .method, effects[index % 2], [family], families[(index + 1) % families.count])
            }
            insert(form, .method, .asyncThrows, ["Int", "String"], "LabLarge5")
            insert(form, .method, .async, ["LabLarge5"], nil)
            insert(form, .staticMethod, .async, ["String"], "Int")
            insert(form, .getter, .async, [], "String")
            insert(form, .getter, .asyncThrows, [], "LabLarge5")
            insert(form, .subscript, .asyncThrows, ["Int"], "Optional<String>")
            insert(form, .subscript, .async, ["String", "LabLarge5"], "LabLarge5")
            insert(form, .initializer, .asyncThrows, ["Int", "String"], nil)
        }
        // An open class's members: the same words, with the instance as `self`.
        let member = ShapeForm.callerIsolatedClassMember
        for (index, family) in families.enumerated() {
            insert(member, .method, effects[index % 2], [family], families[(index + 1) % families.count])
        }
        insert(member, .method, .asyncThrows, ["Int", "String"], "LabLarge5")
        insert(member, .getter, .async, [], "LabLarge5")
        insert(member, .subscript, .asyncThrows, ["String", "LabLarge5"], "Optional<String>")
    }
}
