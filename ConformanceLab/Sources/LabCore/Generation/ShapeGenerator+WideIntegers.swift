extension ShapeGenerator {
    /// The 128-bit integer tier (issue 17), after every other tier so that
    /// earlier cases keep their numbers: each family as an argument after 0
    /// to 9 `Int`s followed by one more `Int` (every register position of both
    /// architectures: a free pair, one register left, an odd register on arm64,
    /// an odd or even stack word), the effects rotating; as a method's result
    /// under every effect; of a static method; and as a property's value.
    func wideIntegerTier(into unique: inout UniqueShapes) {
        var rotation = 0
        func nextEffect() -> Effect {
            rotation += 1
            return Effect.classic[rotation % Effect.classic.count]
        }
        func insert(_ kind: RequirementKind, _ effect: Effect, _ parameters: [String], _ result: String?) {
            let form = ShapeForm.wideInteger
            unique.insert(
                Shape(
                    kind: kind, effect: kind == .setter ? .sync : effect, structure: .plain,
                    layout: parameters.isEmpty ? .none : parameters.count == 1 ? .single : .afterIntegers,
                    parameters: parameters, result: result, focus: form.rawValue, form: form))
        }
        for family in TypeFamily.wideIntegerFamilies {
            for before in 0...9 {
                insert(.method, nextEffect(), Array(repeating: "Int", count: before) + [family.id, "Int"], family.id)
            }
            for effect in Effect.classic {
                insert(.method, effect, [], family.id)
            }
            insert(.staticMethod, nextEffect(), [family.id], family.id)
            insert(.getter, nextEffect(), [], family.id)
            insert(.setter, .sync, [family.id], nil)
        }
    }
}
