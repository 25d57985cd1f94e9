extension ShapeGenerator {
    /// The shapes tier (issue 19's declaration forms), small by design (about 200 cases):
    /// each form as a method under every effect, and once each (the effect rotating) as a
    /// static method and, where the form can appear there, a subscript, a getter or a setter.
    /// Method generics: `T?`, `[T]`, `[String: T]`, `Set<T>`, `T.Type`, `Result<T, LabError>`,
    /// `(T) -> T`, a result-only `T`, `T: Codable`, `T...`. `Self` arguments (plain,
    /// `borrowing`, `consuming`, `Self?`, `[Self]`, `inout Self`) and results (`Self`, `Self?`).
    /// Async closures (0–4 parameters; plain, `@Sendable`, `async throws`, `@MainActor`) as
    /// arguments and results. Autoclosures recorded with `Match.any()`. Two and three primary
    /// associated types, and an associated type bound with `Stub(associatedTypes:)`. Last,
    /// `read` and yield_once_2 `modify` accessors (CoroutineAccessors).
    /// Tuple parameters are not here: the first tiers already cover them (filter `tuple`).
    func shapesTier(into unique: inout UniqueShapes) {
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
        // Method generics: the concrete types the check sends, T rotating with the effect.
        let generics: [(ShapeForm, [([String], String?)], subscripts: Bool)] = [
            (
                .genericOptional,
                [(["Optional<String>"], "Optional<String>"), (["Optional<LabLarge5>"], "Optional<LabLarge5>")], true
            ),
            (.genericArray, [(["Array<Int>"], "Array<Int>"), (["Array<String>"], "Array<String>")], true),
            (.genericDictionary, [(["Dictionary<String,Int>"], "Dictionary<String,Int>")], true),
            (.genericSet, [(["Set<Int>"], "Set<Int>")], true),
            (.genericMetatype, [(["Int.Type"], "Int.Type"), (["LabBaseRef.Type"], "LabBaseRef.Type")], true),
            (.genericResult, [(["Result<String,LabError>"], "Result<String,LabError>")], true),
            (.genericClosure, [(["(Int) -> Int"], "(Int) -> Int")], true),
            (
                .genericResultOnly,
                [(["Int"], "String"), (["Int"], "LabLarge5"), (["Int"], "Double"), (["Int"], "LabRef")], true
            ),
            (.genericCodable, [(["String", "Int.Type"], "Optional<Int>")], false),
            (.genericVariadic, [(["Variadic<Int>"], "Array<Int>")], true),
        ]
        for (form, choices, subscripts) in generics {
            for (index, effect) in Effect.classic.enumerated() {
                let (parameters, result) = choices[index % choices.count]
                insert(form, .method, effect, parameters, result)
            }
            let (parameters, result) = choices[0]
            insert(form, .staticMethod, nextEffect(), parameters, result)
            if subscripts { insert(form, .subscript, nextEffect(), parameters, result) }
        }
        // `Self`: the check reaches these requirements through a generic opener, as app code does.
        for form in [ShapeForm.selfArgument, .borrowingSelf, .consumingSelf, .optionalSelf, .selfArray, .inoutSelf] {
            for effect in Effect.classic { insert(form, .method, effect, [], form == .inoutSelf ? nil : "Int") }
            insert(form, .staticMethod, nextEffect(), [], form == .inoutSelf ? nil : "Int")
        }
        for form in [ShapeForm.selfResult, .optionalSelfResult] {
            for effect in Effect.classic { insert(form, .method, effect, ["Int"], nil) }
            insert(form, .staticMethod, nextEffect(), ["Int"], nil)
        }
        // Async closures as arguments (every effect, and static) and as results (a method and a getter).
        for family in TypeFamily.asyncClosureFamilies {
            for effect in Effect.classic { insert(.asyncClosure, .method, effect, [family.id], "Int") }
            insert(.asyncClosure, .staticMethod, nextEffect(), [family.id], "Int")
            insert(.asyncClosure, .method, nextEffect(), [], family.id)
            insert(.asyncClosure, .getter, nextEffect(), [], family.id)
        }
        // Autoclosures, recorded with `Match.any()`: the call must not evaluate them.
        for family in TypeFamily.autoclosureFamilies {
            let result = family.id.hasSuffix("Int") ? "Int" : "String"
            for effect in Effect.classic { insert(.autoclosure, .method, effect, [family.id], result) }
            insert(.autoclosure, .staticMethod, nextEffect(), [family.id], result)
        }
        // Two and three primary associated types: every effect, static, getter, subscript (and a setter).
        for effect in Effect.classic { insert(.twoPrimary, .method, effect, ["Int", "String"], "Int") }
        insert(.twoPrimary, .staticMethod, nextEffect(), ["Int", "String"], "String")
        insert(.twoPrimary, .getter, nextEffect(), [], "String")
        insert(.twoPrimary, .subscript, nextEffect(), ["Int", "String"], "Int")
        insert(.twoPrimary, .setter, .sync, ["Int"], nil)
        for effect in Effect.classic { insert(.threePrimary, .method, effect, ["LabLarge5", "Double"], "String") }
        insert(.threePrimary, .staticMethod, nextEffect(), ["LabLarge5", "Double"], "String")
        insert(.threePrimary, .getter, nextEffect(), [], "String")
        insert(.threePrimary, .subscript, nextEffect(), ["LabLarge5", "Double"], "String")
        // An associated type no primary type binds, bound by the caller: argument (through an opener) and result.
        for effect in Effect.classic { insert(.callerBound, .method, effect, ["Int"], "Int") }
        insert(.callerBound, .staticMethod, nextEffect(), ["String"], "String")
        // Accessors where the form can appear (after the rest, so the cases above keep their numbers).
        insert(.selfResult, .getter, nextEffect(), [], nil)
        insert(.selfArgument, .subscript, nextEffect(), [], "Int")
        // `Stub(associatedTypes:)` takes no `getterEffects:`: the getter's effects come from the linked conformer.
        insert(.callerBound, .getter, .typedThrows, [], "Int")
        insert(.asyncClosure, .subscript, nextEffect(), ["@Sendable (Int) async -> Int"], "Int")
        insert(.autoclosure, .subscript, nextEffect(), ["@autoclosure () -> Int"], "Int")
        insert(.callerBound, .getter, .asyncThrows, [], "Int")
        // Coroutine accessors (a case module of their own, x86_64 only): a `read` getter, and the
        // yield_once_2 `modify` of a `{ get set }` property, which starts from the value the getter's
        // configuration answers (the result) and sets the one the check swaps in (the parameter).
        for family in ["Int", "String", "LabLarge5", "Optional<String>", "LabRef"] {
            insert(.readAccessor, .getter, .sync, [], family)
            insert(.modifyAccessor, .setter, .sync, [family], family)
        }
    }
}
