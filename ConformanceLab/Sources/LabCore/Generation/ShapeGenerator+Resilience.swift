extension ShapeGenerator {
    /// The resilience tier: every resilience family (standard library and
    /// Concurrency types behind library evolution, the lab's own
    /// library-evolution module, Foundation value types) as the sole argument
    /// and as the result under every effect (`async throws(E)` included), as
    /// a getter, setter, subscript, static method and initializer, after 16
    /// register-filling parameters, as an `inout` parameter, as the parameter
    /// and result of a closure (argument and result), as a typed error where
    /// the type is an `Error`, and its optional as argument and result.
    func resilienceTier(into unique: inout UniqueShapes) {
        var generator = SeededGenerator(seed: seed, stream: "resilience")
        for family in TypeFamily.resilienceValues {
            resilienceShapes(of: family, generator: &generator, into: &unique)
        }
    }

    /// The resilience tier's shapes of the evidence modules' families
    /// (``TypeFamily/evidenceValues``), after every other tier so the earlier
    /// cases keep their numbers.
    func resilienceEvidenceTier(into unique: inout UniqueShapes) {
        var generator = SeededGenerator(seed: seed, stream: "resilience-evidence")
        for family in TypeFamily.evidenceValues {
            resilienceShapes(of: family, generator: &generator, into: &unique)
        }
    }

    /// One resilience family's shapes: every position listed on ``resilienceTier(into:)``.
    private func resilienceShapes(
        of family: TypeFamily, generator: inout SeededGenerator, into unique: inout UniqueShapes
    ) {
        let otherKinds: [RequirementKind] = [.getter, .setter, .subscript, .staticMethod, .initializer]
        let id = family.id
        for effect in Effect.allCases {
            unique.insert(method([id], result: nil, effect: effect, focus: id))
            unique.insert(method([], result: id, effect: effect, focus: id))
        }
        for kind in otherKinds {
            unique.insert(
                Self.normalized(
                    kind: kind, effect: generator.pick(kind.allowedEffects), structure: .plain, layout: .single,
                    focus: id, result: id))
        }
        unique.insert(
            Shape(
                kind: .method, effect: .sync, structure: .plain, layout: .afterBoth,
                parameters: ParameterLayout.afterBoth.parameters(focus: id, second: "Int"), result: id, focus: id))
        for effect in [Effect.sync, generator.pick([Effect.throws, .async, .asyncThrows, .asyncTypedThrows])] {
            unique.insert(
                Shape(
                    kind: .inoutMethod, effect: effect, structure: .plain, layout: .single, parameters: [id],
                    result: id, focus: id))
        }
        if TypeFamily.errorFamilyIDs.contains(id) {
            for effect in [Effect.typedThrows, .asyncTypedThrows] {
                unique.insert(method(["Int"], result: "Int", effect: effect, focus: id, errorType: id))
            }
        }
        let closure = family.closureThrough.id
        unique.insert(method([closure], result: nil, effect: generator.pick(Effect.allCases), focus: closure))
        unique.insert(method([], result: closure, effect: generator.pick(Effect.allCases), focus: closure))
        let optional = family.optional.id
        unique.insert(method([optional], result: nil, effect: .sync, focus: optional))
        unique.insert(method([], result: optional, effect: .asyncThrows, focus: optional))
    }

    /// The recording tier: for every family of the catalog and of the
    /// resilience tier (and their optionals), a method taking and returning it
    /// whose `when` uses `Match.any()` with no `using:` and no `returning:`,
    /// and a method taking it and returning a class whose `when` has no
    /// `returning:`. The effect rotates through every effect.
    func recordingTier(into unique: inout UniqueShapes) {
        let families = TypeFamily.catalog + TypeFamily.resilienceValues + TypeFamily.resilienceOptionals
        for (index, family) in families.enumerated() {
            let effect = Effect.allCases[index % Effect.allCases.count]
            unique.insert(method([family.id], result: family.id, effect: effect, focus: family.id, recording: .bareAny))
            let classResult = index.isMultiple(of: 2) ? "LabRef" : "LabBaseRef"
            unique.insert(
                method(
                    [family.id], result: classResult, effect: Effect.allCases[(index + 3) % Effect.allCases.count],
                    focus: family.id, recording: .bareClassResult))
        }
    }

    /// The recording tier's cases of the evidence modules' families and their
    /// optionals (`bare-any` and `bare-class-result`, as ``recordingTier(into:)``
    /// gives every other family), after every other tier so the earlier cases
    /// keep their numbers.
    func evidenceRecordingTier(into unique: inout UniqueShapes) {
        let families = TypeFamily.evidenceValues + TypeFamily.evidenceValues.map(\.optional)
        for (index, family) in families.enumerated() {
            let effect = Effect.allCases[index % Effect.allCases.count]
            unique.insert(method([family.id], result: family.id, effect: effect, focus: family.id, recording: .bareAny))
            let classResult = index.isMultiple(of: 2) ? "LabRef" : "LabBaseRef"
            unique.insert(
                method(
                    [family.id], result: classResult, effect: Effect.allCases[(index + 3) % Effect.allCases.count],
                    focus: family.id, recording: .bareClassResult))
        }
    }

    /// A plain method shape.
    private func method(
        _ parameters: [String], result: String?, effect: Effect, focus: String, errorType: String? = nil,
        recording: Shape.Recording = .samples
    ) -> Shape {
        let layout: ParameterLayout = parameters.isEmpty ? .none : .single
        return Shape(
            kind: .method, effect: effect, structure: .plain, layout: layout, parameters: parameters, result: result,
            focus: focus, errorType: errorType, recording: recording)
    }
}
