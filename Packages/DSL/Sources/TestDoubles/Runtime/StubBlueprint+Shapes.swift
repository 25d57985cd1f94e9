import TestDoublesMetadata
import TestDoublesTrampolines

extension StubBlueprint {
    /// Construction step 3: how each requirement's values travel (its
    /// access, then `RequirementShape`'s classification and placement), or
    /// the shape the runtime stub cannot serve exactly.
    ///
    /// - Parameters:
    ///   - callables: Every callable requirement, in dispatch order.
    ///   - signatures: Their resolved signatures, by dispatch index.
    ///   - subject: The existential type.
    ///   - isClassBound: Whether the existential is class-bound.
    ///   - typeName: The existential's name, for errors.
    /// - Returns: One shape per callable requirement, by dispatch index.
    /// - Throws: `StubError.unsupportedProtocolShape` naming the requirement.
    static func shapes(
        of callables: [ProtocolHierarchy.CallableRequirement], signatures: [ResolvedSignature], subject: Any.Type,
        isClassBound: Bool, typeName: String
    ) throws(StubError) -> [RequirementShape] {
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
                if signatures[getter].result == nil || signatures[getter].resultIsSelfArray {
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
                    defaultImplementation: UnmatchedDefault.implementation(
                        of: callable, signature: signature, access: access),
                    fail: fail))
        }
        return shapes
    }

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
        if signature.result == nil || signature.resultIsSelfArray {
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

    /// The dispatch index of the requirement `offset` records before `callable` in its protocol, if it has `kind`.
    private static func sibling(
        of callable: ProtocolHierarchy.CallableRequirement, offset: Int, kind: ProtocolRequirementKind,
        in callables: [ProtocolHierarchy.CallableRequirement]
    ) -> Int? {
        callables.first {
            $0.protocolDescriptor == callable.protocolDescriptor
                && $0.requirement.index == callable.requirement.index + offset && $0.requirement.kind == kind
        }?.dispatchIndex
    }
}
