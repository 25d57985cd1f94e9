import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// Everything needed to fabricate stubs of one existential type: one shape
/// per callable requirement (indexed by dispatch index) and the witness
/// table layouts of the root protocols.
///
/// Built once per type (discovery reads symbol tables and DWARF) and cached;
/// every `Stub` of the type fabricates its own tables and veneers from it.
struct StubBlueprint: @unchecked Sendable {
    let typeName: String
    let shapes: [RequirementShape]
    let layouts: [WitnessTableLayout]
    let isClassBound: Bool
    /// The plans and recording types of the shapes, made once for every runtime of the blueprint.
    let prepared: PreparedRequirements

    /// Every argument and result type of the requirements: what a recording
    /// pass may need placeholders of.
    var recordingTypes: [Any.Type]? { prepared.recordingTypes }

    /// What a discovered blueprint is cached under: the type and its getter effect hints.
    private struct CacheKey: Equatable {
        let subject: ObjectIdentifier
        let getterEffects: String?
        let readsGetterEffectProofs: Bool
    }

    /// Blueprints by their subject's metadata address (a `UInt64`), each list compared by the whole key:
    /// a dictionary keyed by `CacheKey` made the runtime check `CacheKey: Hashable` by walking every
    /// conformance record of the process on a process's first `Stub` (~420,000 instructions).
    private static let cache = Mutex<[UInt64: [(key: CacheKey, blueprint: StubBlueprint)]]>([:])

    /// The blueprint of `Subject`, from discovery (cached) or from explicit requirements.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - explicit: Explicit signatures, or nil to discover them.
    ///   - getterEffects: Getter effect hints for discovered signatures, if any.
    ///   - associatedTypes: The caller's associated type bindings (`Stub(associatedTypes:)`); a
    ///     blueprint built with some is not cached.
    ///   - anchor: A value whose conformance discovery also reads (a Spy's target), if any. What it
    ///     gives is the protocol requirement's signature, the same for every conformer, so the
    ///     blueprint is cached under the type alone; a failure is never cached, so a later
    ///     construction with an anchor still tries it.
    /// - Throws: `StubError` for every shape the runtime cannot serve exactly.
    static func make(
        for subject: Any.Type, explicit: ExplicitRequirements?, getterEffects: GetterEffectHints? = nil,
        associatedTypes: [RequestedAssociatedType] = [], anchor: DiscoveryAnchor? = nil
    ) throws(StubError) -> StubBlueprint {
        let key = CacheKey(
            subject: ObjectIdentifier(subject), getterEffects: getterEffects?.cacheKey,
            readsGetterEffectProofs: GetterEffectProof.isEnabled)
        let cacheable = explicit == nil && associatedTypes.isEmpty
        let address = UInt64(UInt(bitPattern: key.subject))
        if cacheable, let cached = cache.withLock({ $0[address]?.first { $0.key == key }?.blueprint }) {
            return cached
        }
        let blueprint = try StubBlueprint(
            subject: subject, explicit: explicit, getterEffects: getterEffects, associatedTypes: associatedTypes,
            anchor: anchor)
        if cacheable {
            cache.withLock { cache in
                var list = cache[address] ?? []
                if let index = list.firstIndex(where: { $0.key == key }) {
                    list[index].blueprint = blueprint
                } else {
                    list.append((key, blueprint))
                }
                cache[address] = list
            }
        }
        return blueprint
    }

    /// Builds the blueprint in ARCHITECTURE.md's construction steps: the
    /// existential, its protocols and their associated types (1), each
    /// requirement's signature (2) resolved to metadata (3), the shape that
    /// places its values (3), and the table layouts fabrication fills (4).
    private init(
        subject: Any.Type, explicit: ExplicitRequirements?, getterEffects: GetterEffectHints?,
        associatedTypes: [RequestedAssociatedType], anchor: DiscoveryAnchor?
    ) throws(StubError) {
        // The qualified name, as String(reflecting:) prints a metatype, without
        // the protocol conformance lookups that function makes first (each a
        // walk of every conformance record for a type the runtime has not seen).
        let typeName = Self.displayName(of: subject)
        self.typeName = typeName
        // 1. The existential, its flattened protocols and their associated types.
        let binding = try Self.binding(of: subject, typeName: typeName, requested: associatedTypes)
        isClassBound = try Self.existentialIsClassBound(subject, typeName: typeName)
        if binding != nil, explicit != nil {
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "explicit requirements cannot describe a bound associated type, whether a constrained "
                    + "existential or Stub(associatedTypes:) binds it (its values travel indirectly, as the "
                    + "protocol's generic witness convention passes them)",
                fix: "pass no requirements and let the stub discover the signatures from a linked conformer, or use "
                    + "ManualStub")
        }
        let hierarchy = try Self.hierarchy(of: subject, binding: binding, typeName: typeName)
        try Self.checkAssociatedTypes(of: hierarchy, binding: binding, typeName: typeName)
        try Self.checkSoleConformers(of: hierarchy, typeName: typeName)
        let callables = hierarchy.callableRequirements
        // 2–3. Each requirement's signature, explicit or discovered, resolved to metadata.
        let signatures = try Self.signatures(
            of: callables, in: hierarchy, explicit: explicit, getterEffects: getterEffects, binding: binding,
            anchor: anchor, typeName: typeName)
        // 3. How each requirement's values travel.
        shapes = try Self.shapes(
            of: callables, signatures: signatures, subject: subject, isClassBound: isClassBound,
            typeName: typeName)
        prepared = PreparedRequirements(shapes)
        // 4. The witness table layouts fabrication fills, one per root protocol.
        // A plain call that passes and returns nothing in a vector register takes the entry that
        // spills only the integer registers (about 2 ns a call on x86_64).
        let integerRegisterCalls = Set(
            zip(callables, shapes).compactMap { callable, shape -> Int? in
                guard case .call = shape.access, !shape.plan.isAsync, !shape.plan.usesVectorRegisters else {
                    return nil
                }
                return callable.dispatchIndex
            })
        var layouts: [WitnessTableLayout] = []
        for root in hierarchy.roots {
            layouts.append(
                try Self.layout(
                    of: root, hierarchy: hierarchy, callables: callables, typeName: typeName, binding: binding,
                    integerRegisterCalls: integerRegisterCalls))
        }
        self.layouts = layouts
    }
}
