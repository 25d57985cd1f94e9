extension ShapeGenerator {
    /// The addressed-tuple tier, after every other tier so that earlier cases
    /// keep their numbers: tuples whose elements travel partly by address
    /// (``TypeFamily/addressedTupleFamilies``). Each family as an argument
    /// after 0 to 9 `Int`s followed by one more `Int` (the elements' words
    /// and addresses in every register position of both architectures, then
    /// on the stack), the effects rotating; as a method's result under every
    /// effect; of a static method, a subscript and an initializer (whose
    /// arguments are owned); and as a property's value.
    func addressedTupleTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?) {
            let form = ShapeForm.addressedTuple
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : parameters.count == 1 ? .single : .afterIntegers,
                    parameters: parameters, result: result, focus: form.rawValue, form: form))
        }
        for family in TypeFamily.addressedTupleFamilies {
            for before in 0...9 {
                insert(.method, nextEffect(), Array(repeating: "Int", count: before) + [family.id, "Int"], nil)
            }
            for effect in Effect.classic {
                insert(.method, effect, [family.id], family.id)
            }
            insert(.staticMethod, nextEffect(), [family.id], "Int")
            insert(.subscript, .sync, [family.id, "String"], "Int")
            insert(.initializer, nextEffect(), ["Int", family.id], nil)
            insert(.getter, nextEffect(), [], family.id)
            insert(.setter, .sync, [family.id], nil)
        }
    }
}
