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
    private struct CacheKey: Hashable {
        let subject: ObjectIdentifier
        let getterEffects: String?
        let readsGetterEffectProofs: Bool
    }

    private static let cache = Mutex<[CacheKey: StubBlueprint]>([:])

    /// The blueprint of `Subject`, from discovery (cached) or from explicit requirements.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - explicit: Explicit signatures, or nil to discover them.
    ///   - getterEffects: Getter effect hints for discovered signatures, if any.
    ///   - associatedTypes: The caller's associated type bindings (`Stub(associatedTypes:)`); a
    ///     blueprint built with some is not cached.
    /// - Throws: `StubError` for every shape the runtime cannot serve exactly.
    static func make(
        for subject: Any.Type, explicit: ExplicitRequirements?, getterEffects: GetterEffectHints? = nil,
        associatedTypes: [RequestedAssociatedType] = []
    ) throws(StubError) -> StubBlueprint {
        let key = CacheKey(
            subject: ObjectIdentifier(subject), getterEffects: getterEffects?.cacheKey,
            readsGetterEffectProofs: GetterEffectProof.isEnabled)
        let cacheable = explicit == nil && associatedTypes.isEmpty
        if cacheable, let cached = cache.withLock({ $0[key] }) { return cached }
        let blueprint = try StubBlueprint(
            subject: subject, explicit: explicit, getterEffects: getterEffects, associatedTypes: associatedTypes)
        if cacheable { cache.withLock { $0[key] = blueprint } }
        return blueprint
    }

    private init(
        subject: Any.Type, explicit: ExplicitRequirements?, getterEffects: GetterEffectHints?,
        associatedTypes: [RequestedAssociatedType]
    ) throws(StubError) {
        // The qualified name, as String(reflecting:) prints a metatype, without
        // the protocol conformance lookups that function makes first (each a
        // walk of every conformance record for a type the runtime has not seen).
        let typeName = Self.displayName(of: subject)
        self.typeName = typeName
        func unsupported(_ reason: String, _ fix: String) -> StubError {
            StubError(.unsupportedProtocolShape, type: typeName, reason: reason, fix: fix)
        }
        let metadata = TypeMetadata(subject)
        let binding = try Self.binding(of: subject, typeName: typeName, requested: associatedTypes)
        if metadata.kind == .extendedExistential {
            isClassBound = (try? BoundExistential(subject))?.isClassBound ?? false
        } else {
            guard metadata.kind == .existential, let existential = try? ExistentialMetadata(metadata) else {
                throw StubError(
                    .typeIsNotProtocol, type: typeName,
                    reason: "\(typeName) is not a protocol existential",
                    fix: "write Stub<any P> for a protocol P, or use Dummy.make(using:) for concrete values")
            }
            guard !existential.hasSuperclassConstraint else {
                throw unsupported("it has a superclass constraint", "use ManualStub with a subclass")
            }
            guard existential.specialProtocol == 0 else {
                throw unsupported("it is the special Error existential", "stub a protocol of your own")
            }
            isClassBound = existential.isClassConstrained
        }
        if binding != nil, explicit != nil {
            throw unsupported(
                "explicit requirements cannot describe a bound associated type, whether a constrained existential "
                    + "or Stub(associatedTypes:) binds it (its values travel indirectly, as the protocol's generic "
                    + "witness convention passes them)",
                "pass no requirements and let the stub discover the signatures from a linked conformer, or use "
                    + "ManualStub")
        }
        let hierarchy: ProtocolHierarchy
        do {
            if let binding, metadata.kind == .extendedExistential {
                hierarchy = try ProtocolHierarchy(roots: [binding.protocolDescriptor])
            } else {
                hierarchy = try ProtocolHierarchy(of: subject)
            }
        } catch {
            throw StubError(.unsupportedProtocolShape, type: typeName, reason: error.description, fix: "use ManualStub")
        }
        guard !hierarchy.roots.isEmpty else {
            throw StubError(
                .typeIsNotProtocol, type: typeName, reason: "\(typeName) names no protocol",
                fix: "write Stub<any P> for a protocol P")
        }
        let callables = hierarchy.callableRequirements
        for node in hierarchy.nodes
        where node.requirements.contains(where: {
            $0.kind == .associatedTypeAccessFunction || $0.kind == .associatedConformanceAccessFunction
        }) {
            if let binding, node.protocolDescriptor == binding.protocolDescriptor {
                try binding.validate(node, typeName: typeName)
                continue
            }
            let names = node.protocolDescriptor.associatedTypeNames
            let list = names.joined(separator: ", ")
            let protocolName = node.protocolDescriptor.name
            let bindings = names.map {
                RequestedAssociatedType.fix(protocolType: protocolName, name: $0, type: "<Type>")
            }
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(list)",
                reason: "\(protocolName) has associated types (\(list)) that \(typeName) does not bind",
                fix: binding == nil
                    && (hierarchy.roots.contains(node.protocolDescriptor)
                        || hierarchy.roots.allSatisfy(\.associatedTypeNames.isEmpty))
                    ? "bind them: Stub<\(typeName)>(associatedTypes: [\(bindings.joined(separator: ", "))]), or use "
                        + "ManualStub with a concrete conformer"
                    : "use ManualStub with a concrete conformer (the runtime stub binds the associated types of one "
                        + "protocol: the stubbed one, or the one inherited protocol that declares them)")
        }
        var signatures: [ResolvedSignature] = []
        var discovery = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        var explicitSignatures: [ResolvedSignature]?
        if let explicit {
            explicitSignatures = try Self.explicitSignatures(
                explicit, hierarchy: hierarchy, callables: callables, typeName: typeName)
        }
        for callable in callables {
            if let explicitSignatures {
                signatures.append(explicitSignatures[callable.dispatchIndex])
                continue
            }
            do throws(StubError) {
                let signature = try Self.discoveredSignature(of: callable, discovery: &discovery, typeName: typeName)
                signatures.append(
                    try ResolvedSignature(signature, binding: binding) {
                        reason, fix in
                        StubError(
                            .unsupportedProtocolShape, type: typeName, requirement: signature.name.description,
                            reason: reason, fix: fix)
                    })
            } catch {
                // Only a failure that named no requirement pays for the label's symbol reads.
                throw error.requirement == nil
                    ? error.naming(requirement: RequirementLabel(of: callable, in: hierarchy).text) : error
            }
        }
        if explicit == nil {
            try Self.resolveGetterEffects(
                getterEffects, signatures: &signatures, callables: callables, hierarchy: hierarchy,
                discovery: &discovery, typeName: typeName)
        }
        var shapes: [RequirementShape] = []
        for callable in callables {
            let signature = signatures[callable.dispatchIndex]
            let fail = { (reason: String, fix: String) in
                StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: signature.name, reason: reason, fix: fix)
            }
            let access: RequirementAccess
            switch callable.requirement.kind {
            case .readCoroutine:
                guard callable.requirement.isCalleeAllocatedCoroutine else {
                    throw fail(
                        "it is a legacy _read accessor, which the runtime stub does not serve yet", "use ManualStub")
                }
                try Self.checkCalleeAllocatedCoroutine(signature, form: "read", fail: fail)
                access = .read
            case .modifyCoroutine:
                let calleeAllocated = callable.requirement.isCalleeAllocatedCoroutine
                if calleeAllocated {
                    try Self.checkCalleeAllocatedCoroutine(signature, form: "modify", fail: fail)
                }
                guard
                    let getter = Self.sibling(of: callable, offset: -2, kind: .getter, in: callables)
                        ?? Self.sibling(of: callable, offset: -2, kind: .readCoroutine, in: callables),
                    let setter = Self.sibling(of: callable, offset: -1, kind: .setter, in: callables)
                else {
                    throw fail("its _modify has no getter and setter beside it", "use ManualStub")
                }
                if signatures[getter].result == nil {
                    throw fail(
                        "its _modify yields Self, Self? or [Self], which the runtime stub does not serve yet",
                        "use ManualStub")
                }
                if signatures[getter].resultIsAbstract, signatures[getter].genericResultTemplate != nil {
                    throw fail(
                        "its _modify yields a wrapper of the requirement's own generic parameter that travels "
                            + "indirectly (such as T?), which the runtime stub does not serve yet",
                        "use ManualStub (a hand-written or doubles-gen conformer)")
                }
                if signatures[getter].resultIsAbstract, let result = signatures[getter].result,
                    !AbstractionForm.matchesConcrete(result)
                {
                    // Another bound type's yielded storage holds the same bytes in either form.
                    throw fail(
                        "its _modify yields the bound associated type as \(result), whose form in generic code (a "
                            + "function thunk or a metatype's metadata address) differs from its concrete form, which "
                            + "the runtime stub cannot convert in place",
                        "use ManualStub (a hand-written or doubles-gen conformer)")
                }
                if let result = signatures[getter].result, signatures[getter].resultBoundClosureAbstraction != nil {
                    // The getter and setter convert such a closure at the call; yielded storage holds
                    // the generic form, which nothing converts in place.
                    throw fail(
                        "its _modify yields the closure type \(result), which takes or returns the bound associated "
                            + "type: in generic code that closure is a thunk passing it by address, which the runtime "
                            + "stub cannot convert in place",
                        "use ManualStub (a hand-written or doubles-gen conformer)")
                }
                access = .modify(getter: getter, setter: setter, calleeAllocated: calleeAllocated)
            case .initializer:
                access = signature.resultIsOptionalSelf ? .makesOptionalSelf : .makesSelf
            case .getter where callable.protocolDescriptor.qualifiedName == "Swift.Actor":
                access = .actorExecutor
            default:
                access =
                    signature.resultIsOptionalSelf ? .makesOptionalSelf : signature.result == nil ? .makesSelf : .call
            }
            if signature.isAsync, !FabricatedConformance.supportsAsyncRequirements {
                throw fail("async requirements are not supported on this architecture", "use ManualStub")
            }
            shapes.append(
                try RequirementShape(
                    signature, dispatchIndex: callable.dispatchIndex, access: access, isClassBound: isClassBound,
                    existential: subject,
                    fail: fail))
        }
        self.shapes = shapes
        self.prepared = PreparedRequirements(shapes)
        var layouts: [WitnessTableLayout] = []
        for root in hierarchy.roots {
            layouts.append(
                try Self.layout(
                    of: root, hierarchy: hierarchy, callables: callables, typeName: typeName, binding: binding))
        }
        self.layouts = layouts
    }

    /// The dispatch index of the requirement `offset` records before `callable` in its protocol, if it has `kind`.
    /// Fails closed for a callee-allocated (`yield_once_2`) `read` or
    /// `modify` accessor the runtime cannot serve exactly: on an
    /// architecture whose convention for them is not verified, or one that
    /// yields a value the stub cannot hand over.
    private static func checkCalleeAllocatedCoroutine(
        _ signature: ResolvedSignature, form: String, fail: (String, String) -> StubError
    ) throws(StubError) {
        guard FabricatedConformance.supportsCalleeAllocatedCoroutines else {
            throw fail(
                "it is a `\(form)` accessor (a callee-allocated yield_once_2 coroutine of the CoroutineAccessors "
                    + "feature), which the runtime stub serves on x86_64 only",
                "run these tests on x86_64, or use ManualStub")
        }
        if signature.result == nil {
            throw fail(
                "its `\(form)` accessor yields Self, Self? or [Self], which the runtime stub does not serve yet",
                "use ManualStub")
        }
        // A `modify` yields an address, like `_modify`: the bound type's storage is served where its bytes are
        // the same in generic code (checked with the getter's result by the caller). A `read` of the bound type
        // yields the address of a borrowed value (its lowering is indirect, as generic code holds it), served
        // under the same condition.
        let yieldsBoundStorage =
            signature.genericResultTemplate == nil
            && (form == "modify" || signature.result.map(AbstractionForm.matchesConcrete) == true)
        if (signature.resultIsAbstract && !yieldsBoundStorage) || signature.genericResultIndex != nil
            || signature.isAsync
        {
            throw fail(
                "its `\(form)` accessor yields the bound associated type or a generic value, which the runtime "
                    + "stub does not serve yet",
                "use ManualStub")
        }
        if let result = signature.result, (try? ConcreteRepresentation(of: result)) ?? nil != nil, form == "read" {
            throw fail(
                "its `read` accessor yields a thin metatype, which the runtime stub does not serve yet",
                "use ManualStub")
        }
    }

    private static func sibling(
        of callable: ProtocolHierarchy.CallableRequirement, offset: Int, kind: ProtocolRequirementKind,
        in callables: [ProtocolHierarchy.CallableRequirement]
    ) -> Int? {
        callables.first {
            $0.protocolDescriptor == callable.protocolDescriptor
                && $0.requirement.index == callable.requirement.index + offset && $0.requirement.kind == kind
        }?.dispatchIndex
    }

    /// The table layout of one protocol of the hierarchy, its bases nested.
    static func layout(
        of descriptor: ProtocolDescriptor, hierarchy: ProtocolHierarchy,
        callables: [ProtocolHierarchy.CallableRequirement], typeName: String, binding: AssociatedTypeBinding? = nil
    ) throws(StubError) -> WitnessTableLayout {
        guard let node = hierarchy.nodes.first(where: { $0.protocolDescriptor == descriptor }) else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, reason: "\(descriptor.name) is missing from its hierarchy",
                fix: "use ManualStub")
        }
        var slots: [WitnessSlot] = []
        var baseIndex = 0
        var conformanceIndex = 0
        var associatedTypeIndex = 0
        for requirement in node.requirements {
            switch requirement.kind {
            case .baseProtocol:
                let base = node.baseProtocols[baseIndex]
                baseIndex += 1
                slots.append(
                    .baseProtocol(
                        try layout(
                            of: base, hierarchy: hierarchy, callables: callables, typeName: typeName,
                            binding: binding)))
            case .associatedTypeAccessFunction, .associatedConformanceAccessFunction:
                if let binding, binding.protocolDescriptor == descriptor {
                    if requirement.kind == .associatedTypeAccessFunction, associatedTypeIndex < binding.types.count {
                        // Associated type slots follow the order of the protocol's associated type names.
                        slots.append(.associatedType(binding.types[associatedTypeIndex]))
                        associatedTypeIndex += 1
                        continue
                    }
                    if conformanceIndex < binding.conformances.count {
                        // The runtime reads an untagged slot as the witness table itself.
                        slots.append(.word(UInt(bitPattern: binding.conformances[conformanceIndex].pointer)))
                        conformanceIndex += 1
                        continue
                    }
                }
                let names = node.protocolDescriptor.associatedTypeNames.joined(separator: ", ")
                throw StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: "\(descriptor.name).\(names)",
                    reason: "\(descriptor.name) has associated types (\(names)) that \(typeName) does not bind",
                    fix: "use ManualStub with a concrete conformer")
            default:
                guard
                    let callable = callables.first(where: {
                        $0.protocolDescriptor == descriptor && $0.requirement.index == requirement.index
                    })
                else {
                    slots.append(.empty)
                    continue
                }
                slots.append(
                    requirement.isAsync
                        ? .asyncRequirement(dispatchIndex: callable.dispatchIndex)
                        : requirement.isCalleeAllocatedCoroutine
                            ? .coroutineRequirement(dispatchIndex: callable.dispatchIndex)
                            : .requirement(dispatchIndex: callable.dispatchIndex))
            }
        }
        return WitnessTableLayout(protocolDescriptor: descriptor.pointer, slots: slots)
    }
}
